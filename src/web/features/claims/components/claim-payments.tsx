import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { makePaymentBodySchema, type PaymentBody, type PaymentBodySchema, type TenantPayment } from '../../../../contract/claims.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { DateInput } from '../../../components/form/date-input.js';
import { MoneyInput } from '../../../components/form/money-input.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useDraftForm } from '../../../lib/use-draft-form.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { formatDate, formatMonth } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { sumEuros } from '../../../../contract/money.js';
import { useLang } from '../../../lib/i18n.js';
import { usePayments, useRentalDebts } from '../api/claim-reads.js';
import { usePaymentMoves } from '../api/get-payment-moves.js';
import { moveText } from './payment-move-text.js';
import { useAddPayment, useDeletePayment } from '../api/claim-writes.js';
import { PaymentPreview, spreadList } from './payment-preview.js';
import { PaymentRule } from './payment-rule.js';

/** The tenant's payments: how each was spread over the months; add, and delete with confirmation. */
export function ClaimPayments({ claimId, today, canEdit }: { claimId: string; today: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const payments = usePayments(claimId);
  const months = useRentalDebts(claimId);
  const moves = usePaymentMoves(claimId);
  const add = useAddPayment(claimId);
  const remove = useDeletePayment(claimId);
  const [confirm, setConfirm] = useState<TenantPayment | null>(null);
  const atDeclaration = (months.data ?? []).filter((d) => d.id !== null && d.rentAmountReceived > 0);
  const tenantTotal = sumEuros([...atDeclaration.map((d) => d.rentAmountReceived), ...(payments.data ?? []).map((p) => p.amount)]);
  // the last action's outcome, said here where it was done (not in a toast over the form)
  const [done, setDone] = useState<'paymentDeleted' | null>(null);
  const schema = makePaymentBodySchema(today);
  // what is typed survives a reload or a session that ends (the draft goes with the reset after the save)
  const [form] = useDraftForm<z.input<typeof PaymentBodySchema>, unknown, PaymentBody>(`payment:${claimId}`, {
    resolver: contractResolver(schema),
    defaultValues: { applyDate: today },
  });
  const [amount, applyDate] = useWatch({ control: form.control, name: ['amount', 'applyDate'] });
  // "Paiement enregistré", in place below the form, until the user types the next one
  const [recorded, setRecorded] = useState<TenantPayment | null>(null);
  // the payment just saved takes the focus once the list shows it (the submit button was disabled meanwhile)
  const focusOn = useRef<string | null>(null);
  useEffect(() => {
    const item = focusOn.current ? document.getElementById(`payment-${focusOn.current}`) : null;
    if (!item) return;
    item.focus();
    focusOn.current = null;
  });
  // the sandbox clock may move while the page is open: an untouched date follows "today"
  useEffect(() => {
    if (!form.getFieldState('applyDate').isDirty) form.resetField('applyDate', { defaultValue: today });
  }, [today, form]);
  const onValid = (body: PaymentBody) => {
    setDone(null);
    add.mutate(body, {
      onSuccess: (saved) => {
        setRecorded(saved);
        focusOn.current = saved.id;
        form.reset({ applyDate: today });
      },
      onError: (e) => applyServerErrors(e, form.setError, (p) => p === 'amount' || p === 'applyDate'),
    });
  };
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
            secondaryAction={
              canEdit ? (
                <IconButton
                  edge="end"
                  aria-label={t('workspace.deletePayment', { amount: formatMoney(p.amount, lang) })}
                  disabled={remove.isPending}
                  onClick={() => setConfirm(p)}
                >
                  <DeleteIcon />
                </IconButton>
              ) : undefined
            }
          >
            <ListItemText
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
          </ListItem>
        ))}
      </List>
      {tenantTotal > 0 ? (
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {t('workspace.tenantTotal', { amount: formatMoney(tenantTotal, lang) })}
        </Typography>
      ) : null}
      {canEdit ? (
        <Stack
          component="form"
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'flex-start' } }}
          onSubmit={(e) => void form.handleSubmit(onValid)(e)}
          onChange={() => setRecorded(null)}
          noValidate
          aria-label={t('workspace.addPayment')}
        >
          <MoneyInput control={form.control} name="amount" label={t('workspace.amount')} required />
          <DateInput control={form.control} name="applyDate" label={t('workspace.applyDate')} required />
          <Button type="submit" variant="outlined" disabled={add.isPending} sx={{ flexShrink: 0 }}>
            {t('workspace.addPayment')}
          </Button>
        </Stack>
      ) : null}
      {canEdit ? <PaymentPreview months={months.data ?? []} amount={amount} applyDate={applyDate} /> : null}
      {/* one live region, there from the start: a screen reader says what is written into it (a region
          inserted already filled is skipped by some) */}
      <Box role="status" data-testid="payment-outcome">
        {recorded ? (
          <Alert severity="success" role="presentation">
            {t('workspace.recorded', {
              amount: formatMoney(recorded.amount, lang),
              date: formatDate(recorded.applyDate, lang),
              list: spreadList(recorded.allocations, lang),
            })}
          </Alert>
        ) : done ? (
          <Typography color="success.main" sx={{ fontWeight: 500 }}>
            {t(`workspace.${done}`)}
          </Typography>
        ) : null}
      </Box>
      <PaymentRule />
      {add.error ? <ErrorAlert error={add.error} /> : null}
      {remove.error ? <ErrorAlert error={remove.error} /> : null}
      <ConfirmDialog
        open={confirm !== null}
        title={t('workspace.confirmDelete')}
        text={t('workspace.confirmDeleteText')}
        cancel={t('workspace.cancel')}
        confirm={t('workspace.delete')}
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setDone(null);
          if (confirm)
            remove.mutate(confirm.id, {
              onSuccess: () => {
                setRecorded(null);
                setDone('paymentDeleted');
              },
            });
          setConfirm(null);
        }}
      />
    </Stack>
  );
}
