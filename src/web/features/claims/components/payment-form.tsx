import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  makePaymentBodySchema,
  type PaymentBody,
  type PaymentBodySchema,
  type RentalDebt,
  type TenantPayment,
} from '../../../../contract/claims.js';
import { monthOf } from '../../../../contract/dates.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { ApiError } from '../../../lib/api-error.js';
import { DateInput } from '../../../components/form/date-input.js';
import { InlineForm } from '../../../components/form/inline-form.js';
import { MoneyInput } from '../../../components/form/money-input.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useDraftForm } from '../../../lib/use-draft-form.js';
import { formatDate, formatLongDate } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { useAddPayment, useCheckPayment, useUpdatePayment } from '../api/claim-writes.js';
import { forgetPaymentKey, paymentKey } from '../payment-keys.js';
import { PaymentPreview } from './payment-preview.js';

/**
 * A tenant payment, recorded or changed with the same form: its amount and apply date checked with
 * the contract's schema (today's window, not before the month the lease starts), and where the
 * money is expected to go before it is saved. Changing one opens in place of its line with the
 * focus in its amount; Escape or "Annuler" closes it.
 */
export function PaymentForm({
  claimId,
  today,
  leaseStart,
  months,
  changing,
  onSaved,
  onCancel,
  onTyping,
}: {
  claimId: string;
  today: string;
  /** When the claim's lease starts (null: not known, the server checks it). */
  leaseStart: string | null;
  months: readonly RentalDebt[];
  /** The payment being changed; none: a new one. */
  changing?: TenantPayment;
  onSaved: (saved: TenantPayment) => void;
  onCancel?: () => void;
  /** Something was typed (the last outcome said is no longer news). */
  onTyping?: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const schema = makePaymentBodySchema(today, leaseStart);
  // what is typed survives a reload or a session that ends (the draft goes with the reset after the
  // save, or when a change is saved or given up)
  const [form, draft] = useDraftForm<z.input<typeof PaymentBodySchema>, unknown, PaymentBody>(
    changing ? `payment:${claimId}:${changing.id}` : `payment:${claimId}`,
    {
      resolver: contractResolver(schema),
      defaultValues: changing ? { amount: changing.amount, applyDate: changing.applyDate } : { applyDate: today },
    },
  );
  const add = useAddPayment(claimId);
  const update = useUpdatePayment(claimId);
  const check = useCheckPayment(claimId);
  const write = changing ? update : add;
  // a new payment whose sending was interrupted: the one the partner is asked about, and what it said
  const [interrupted, setInterrupted] = useState<{ body: PaymentBody; key: string } | null>(null);
  // the sandbox clock may move while the page is open: an untouched date of a new payment follows "today"
  useEffect(() => {
    if (!changing && !form.getFieldState('applyDate').isDirty) form.resetField('applyDate', { defaultValue: today });
  }, [today, form, changing]);
  const [amount, applyDate] = useWatch({ control: form.control, name: ['amount', 'applyDate'] });
  const typed = schema.safeParse({ amount, applyDate });
  const onError = (e: Error) => applyServerErrors(e, form.setError, (p) => p === 'amount' || p === 'applyDate');
  const onValid = (body: PaymentBody) =>
    changing
      ? update.mutate(
          { id: changing.id, body },
          {
            onSuccess: (saved) => {
              draft.end();
              onSaved(saved);
            },
            onError,
          },
        )
      : send(body);
  /**
   * A new payment goes with the key kept for it. The server answers IDEMPOTENCY_KEY_INTERRUPTED
   * when an earlier request with that key stopped midway (its server killed between the partner's
   * answer and its note of it, or the partner not answering in time): a payment has no key of its
   * own at the partner, so the server is asked to look there, and the payment is offered again only
   * if it did not arrive.
   */
  const send = (body: PaymentBody, idempotencyKey = paymentKey(claimId, body)) => {
    check.reset();
    setInterrupted(null);
    add.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (saved) => {
          forgetPaymentKey(claimId, body);
          form.reset({ applyDate: today });
          onSaved(saved);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.code === 'IDEMPOTENCY_KEY_INTERRUPTED') lookUp(body, idempotencyKey);
          else onError(e);
        },
      },
    );
  };
  const lookUp = (body: PaymentBody, idempotencyKey: string) => {
    setInterrupted({ body, key: idempotencyKey });
    check.mutate(
      { idempotencyKey, payment: body },
      {
        onSuccess: (found) => {
          // settled either way: arrived, the key now answers it; not arrived, a new key sends it
          forgetPaymentKey(claimId, body);
          if (found.arrived) form.reset({ applyDate: today });
        },
      },
    );
  };
  const cancel = onCancel
    ? () => {
        draft.end();
        onCancel();
      }
    : undefined;
  const label = changing
    ? t('workspace.changePayment', { amount: formatMoney(changing.amount, lang), date: formatDate(changing.applyDate, lang) })
    : t('workspace.addPayment');
  const said = interrupted
    ? { amount: formatMoney(interrupted.body.amount, lang), date: formatDate(interrupted.body.applyDate, lang) }
    : null;
  return (
    <div
      onChange={() => {
        onTyping?.();
        // what was found about an interrupted payment is no longer news once something is typed
        if (interrupted && !check.isPending) {
          setInterrupted(null);
          check.reset();
        }
      }}
    >
      <InlineForm label={label} onSubmit={(e) => void form.handleSubmit(onValid)(e)} onCancel={cancel}>
        <MoneyInput control={form.control} name="amount" label={t('workspace.amount')} required />
        <DateInput
          control={form.control}
          name="applyDate"
          label={t('workspace.applyDate')}
          required
          minDate={leaseStart ? `${monthOf(leaseStart)}-01` : undefined}
          helperText={leaseStart ? t('workspace.applyDateLease', { date: formatLongDate(leaseStart, lang) }) : undefined}
        />
        <Button type="submit" variant={changing ? 'contained' : 'outlined'} disabled={write.isPending || check.isPending}>
          {changing ? t('workspace.save') : t('workspace.addPayment')}
        </Button>
        {cancel ? <Button onClick={cancel}>{t('workspace.cancel')}</Button> : null}
      </InlineForm>
      <PaymentPreview months={months} body={typed.success ? typed.data : null} changing={changing} />
      {interrupted && said ? (
        <div role="status">
          {check.isPending ? (
            <Alert severity="info" icon={<CircularProgress size={20} />}>
              {t('workspace.interruptedChecking')}
            </Alert>
          ) : check.data?.arrived ? (
            <Alert severity="success">{t('workspace.interruptedArrived', said)}</Alert>
          ) : check.data ? (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" disabled={add.isPending} onClick={() => send(interrupted.body)}>
                  {t('workspace.interruptedSendAgain')}
                </Button>
              }
            >
              {t('workspace.interruptedMissing', said)}
            </Alert>
          ) : check.error ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => lookUp(interrupted.body, interrupted.key)}>
                  {t('workspace.interruptedCheckAgain')}
                </Button>
              }
            >
              {t('workspace.interruptedCheckFailed', said)}
            </Alert>
          ) : null}
        </div>
      ) : write.error ? (
        <ErrorAlert error={write.error} />
      ) : null}
    </div>
  );
}
