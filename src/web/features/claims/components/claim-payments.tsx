import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TenantPayment } from '../../../../contract/claims.js';
import { sumEuros } from '../../../../contract/money.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { useQuestion } from '../../../lib/use-question.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { lazyPart } from '../../../components/lazy-part.js';
import { formatDate, formatMonth } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { useOutcome } from '../../../lib/use-outcome.js';
import { usePayments, useRentalDebts } from '../api/claim-reads.js';
import { useDeletePayment } from '../api/claim-writes.js';
import { usePaymentMoves } from '../api/get-payment-moves.js';
import { moveText } from './payment-move-text.js';
import { spreadList } from './payment-preview.js';
import { PaymentRule } from './payment-rule.js';

// the payment form (the form library, the money and date fields, the contract's rules) comes with
// the section that shows it, below the page's first screen, not with the page's own code
const PaymentForm = lazyPart(() => import('./payment-form.js').then((m) => m.PaymentForm));
const formLoading = <Skeleton variant="rounded" height={200} />;

/** What the payments section last said it did. */
type Said = { kind: 'recorded' | 'changed'; payment: TenantPayment } | { kind: 'deleted'; payment: TenantPayment };

/**
 * The tenant's payments: how each was spread over the months; record one, change one (the same
 * form, in its place) or delete one after a question that names it.
 */
export function ClaimPayments({
  claimId,
  today,
  canEdit,
  leaseStart = null,
}: {
  claimId: string;
  today: string;
  canEdit: boolean;
  /** When the claim's lease starts: no payment applies before its month (null: not known, the server checks it). */
  leaseStart?: string | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const payments = usePayments(claimId);
  const months = useRentalDebts(claimId);
  const moves = usePaymentMoves(claimId);
  const remove = useDeletePayment(claimId);
  const question = useQuestion<TenantPayment>();
  const confirm = question.about;
  const [changing, setChanging] = useState<string | null>(null);
  const atDeclaration = (months.data ?? []).filter((d) => d.id !== null && d.rentAmountReceived > 0);
  const tenantTotal = sumEuros([...atDeclaration.map((d) => d.rentAmountReceived), ...(payments.data ?? []).map((p) => p.amount)]);
  // the last action's outcome, said here where it was done (not in a toast over the form), while it
  // is news: until the next action starts or the payment it speaks of changes
  const outcome = useOutcome<Said>((said) => {
    const now = payments.data?.find((p) => p.id === said.payment.id);
    return said.kind === 'deleted' ? (now ? undefined : said.payment) : now;
  });
  // where the focus goes next (an element's id): the payment saved, once the list shows it, or the
  // "Modifier" that opened a form closed without saving
  const focusOn = useRef<string | null>(null);
  useEffect(() => {
    const target = focusOn.current ? document.getElementById(focusOn.current) : null;
    if (!target) return;
    target.focus();
    focusOn.current = null;
  });
  const named = (p: TenantPayment) => ({ amount: formatMoney(p.amount, lang), date: formatDate(p.applyDate, lang) });
  // what the form of a new payment and that of a payment changed both know of the claim
  const paymentForm = { fallback: formLoading, claimId, today, leaseStart, months: months.data ?? [] };
  return (
    <Stack spacing={2}>
      {payments.data && payments.data.length === 0 && atDeclaration.length === 0 ? (
        <Typography color="text.secondary">{t('workspace.noPayments')}</Typography>
      ) : null}
      <List dense aria-label={t('workspace.payments')}>
        {/* what was received when a month was declared: the tenant's too, counted in the figures' total */}
        {atDeclaration.map((d) => (
          <ListItem key={d.rentDueDate}>
            <ListItemText
              primary={`${formatMoney(d.rentAmountReceived, lang)} · ${formatDate(d.rentAmountReceivedDate ?? d.rentDueDate, lang)}`}
              secondary={t('workspace.atDeclaration', { month: formatMonth(d.rentDueDate, lang) })}
            />
          </ListItem>
        ))}
        {(payments.data ?? []).map((p) => (
          <ListItem
            key={p.id}
            id={`payment-${p.id}`}
            tabIndex={-1}
            aria-label={`${formatMoney(p.amount, lang)} · ${formatDate(p.applyDate, lang)} · ${t('workspace.spread', { list: spreadList(p.allocations, lang) })}`}
            sx={{ flexWrap: 'wrap', columnGap: 1 }}
          >
            <ListItemText
              sx={{ flex: '1 1 260px' }}
              primary={`${formatMoney(p.amount, lang)} · ${formatDate(p.applyDate, lang)}`}
              secondary={
                <>
                  {`${t('workspace.recordedPayment')} · ${t('workspace.spread', { list: spreadList(p.allocations, lang) })}`}
                  {(moves.data ?? [])
                    .filter((m) => m.paymentId === p.id)
                    .map((m) => (
                      <Typography key={m.paymentId} component="span" variant="body2" color="warning.main" sx={{ display: 'block' }}>
                        {moveText(m, t, lang)}
                      </Typography>
                    ))}
                </>
              }
            />
            {canEdit ? (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <Button
                  size="small"
                  id={`payment-${p.id}-change`}
                  aria-label={t('workspace.changePayment', named(p))}
                  disabled={changing === p.id}
                  onClick={() => {
                    outcome.clear();
                    startTransition(() => setChanging(p.id));
                  }}
                >
                  {t('workspace.change')}
                </Button>
                <IconButton aria-label={t('workspace.deletePayment', named(p))} disabled={remove.isPending} onClick={() => question.ask(p)}>
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ) : null}
            {canEdit && changing === p.id ? (
              <Box sx={{ flexBasis: '100%' }}>
                <PaymentForm
                  {...paymentForm}
                  changing={p}
                  onSaved={(saved) => {
                    setChanging(null);
                    outcome.say({ kind: 'changed', payment: saved });
                    focusOn.current = `payment-${saved.id}`;
                  }}
                  onCancel={() => {
                    setChanging(null);
                    focusOn.current = `payment-${p.id}-change`;
                  }}
                />
              </Box>
            ) : null}
          </ListItem>
        ))}
      </List>
      {tenantTotal > 0 ? (
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {t('workspace.tenantTotal', { amount: formatMoney(tenantTotal, lang) })}
        </Typography>
      ) : null}
      {canEdit ? (
        <PaymentForm
          {...paymentForm}
          onTyping={outcome.clear}
          onSaved={(saved) => {
            outcome.say({ kind: 'recorded', payment: saved });
            // the payment just saved takes the focus once the list shows it (the submit button was disabled meanwhile)
            focusOn.current = `payment-${saved.id}`;
          }}
        />
      ) : null}
      {/* one live region, there from the start: a screen reader says what is written into it (a region
          inserted already filled is skipped by some) */}
      <Box role="status" data-testid="payment-outcome">
        {outcome.said && outcome.said.kind !== 'deleted' ? (
          <Alert severity="success" role="presentation">
            {t(outcome.said.kind === 'recorded' ? 'workspace.recorded' : 'workspace.changed', {
              ...named(outcome.said.payment),
              list: spreadList(outcome.said.payment.allocations, lang),
            })}
          </Alert>
        ) : outcome.said ? (
          <Typography color="success.main" sx={{ fontWeight: 500 }}>
            {t('workspace.paymentDeleted', named(outcome.said.payment))}
          </Typography>
        ) : null}
      </Box>
      <PaymentRule />
      {remove.error ? <ErrorAlert error={remove.error} /> : null}
      <ConfirmDialog
        open={question.open}
        title={confirm ? t('workspace.confirmDelete', named(confirm)) : ''}
        text={confirm ? t('workspace.confirmDeleteText', { list: spreadList(confirm.allocations, lang) }) : ''}
        cancel={t('workspace.cancel')}
        confirm={t('workspace.delete')}
        busy={remove.isPending}
        onCancel={question.close}
        onConfirm={() => {
          const gone = confirm;
          if (gone) remove.mutate(gone.id, { onSuccess: () => outcome.say({ kind: 'deleted', payment: gone }) });
          question.close();
        }}
      />
    </Stack>
  );
}
