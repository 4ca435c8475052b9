import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { makePaymentBodySchema, type PaymentBody, type PaymentBodySchema, type TenantPayment } from '../../../../contract/claims.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { DateInput } from '../../../components/form/date-input.js';
import { MoneyInput } from '../../../components/form/money-input.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { formatDate, formatMonth } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { currentLang } from '../../../lib/i18n.js';
import { usePayments } from '../api/claim-reads.js';
import { useAddPayment, useDeletePayment } from '../api/claim-writes.js';

/** The tenant's payments: how each was spread over the months; add, and delete with confirmation. */
export function ClaimPayments({ claimId, today, canEdit }: { claimId: string; today: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const payments = usePayments(claimId);
  const add = useAddPayment(claimId);
  const remove = useDeletePayment(claimId);
  const [confirm, setConfirm] = useState<TenantPayment | null>(null);
  // the last action's outcome, said here where it was done (not in a toast over the form)
  const [done, setDone] = useState<'paymentAdded' | 'paymentDeleted' | null>(null);
  const schema = useMemo(() => makePaymentBodySchema(today), [today]);
  const form = useForm<z.input<typeof PaymentBodySchema>, unknown, PaymentBody>({
    resolver: contractResolver(schema),
    defaultValues: { applyDate: today },
  });
  // the sandbox clock may move while the page is open: an untouched date follows "today"
  useEffect(() => {
    if (!form.getFieldState('applyDate').isDirty) form.resetField('applyDate', { defaultValue: today });
  }, [today, form]);
  const onValid = (body: PaymentBody) => {
    setDone(null);
    add.mutate(body, {
      onSuccess: () => {
        form.reset({ applyDate: today });
        setDone('paymentAdded');
      },
      onError: (e) => applyServerErrors(e, form.setError, (p) => p === 'amount' || p === 'applyDate'),
    });
  };
  return (
    <Stack spacing={2}>
      {payments.data && payments.data.length === 0 ? <Typography color="text.secondary">{t('workspace.noPayments')}</Typography> : null}
      <List dense aria-label={t('workspace.payments')}>
        {(payments.data ?? []).map((p) => (
          <ListItem
            key={p.id}
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
              secondary={t('workspace.spread', {
                list: p.allocations.map((a) => `${formatMonth(a.rentDueDate, lang)} ${formatMoney(a.amount, lang)}`).join(', '),
              })}
            />
          </ListItem>
        ))}
      </List>
      {canEdit ? (
        <Stack
          component="form"
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'flex-start' } }}
          onSubmit={(e) => void form.handleSubmit(onValid)(e)}
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
      {done ? (
        <Typography role="status" color="success.main" sx={{ fontWeight: 500 }}>
          {t(`workspace.${done}`)}
        </Typography>
      ) : null}
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
          if (confirm) remove.mutate(confirm.id, { onSuccess: () => setDone('paymentDeleted') });
          setConfirm(null);
        }}
      />
    </Stack>
  );
}
