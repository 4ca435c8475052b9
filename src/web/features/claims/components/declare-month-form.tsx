import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { declarationDraft } from '../month-drafts.js';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { makeRentalDebtCreateBodySchema, type RentalDebtCreateBody, type RentalDebtCreateShape } from '../../../../contract/claims.js';
import { dueDateInMonth } from '../../../../contract/dates.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { DateInput } from '../../../components/form/date-input.js';
import { InlineForm } from '../../../components/form/inline-form.js';
import { MoneyInput } from '../../../components/form/money-input.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useDraftForm } from '../../../lib/use-draft-form.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { ApiError } from '../../../lib/api-error.js';
import { formatMonth, isAfterDay, isoMonth } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { rentalDebtsQueryOptions } from '../api/claim-reads.js';
import { useAddRentalDebt } from '../api/claim-writes.js';
import { useRentCheck } from './rent-check.js';

type Values = z.input<typeof RentalDebtCreateShape>;

/** The contract's rules with "today"; nothing received means no received date (a hidden field is not sent). */
function formSchema(today: string): z.ZodType<RentalDebtCreateBody, Values> {
  const schema = z.preprocess((raw) => {
    const v = { ...(raw as Record<string, unknown>) };
    if (v.rentAmountReceived === undefined || v.rentAmountReceived === null) v.rentAmountReceived = 0;
    if (v.rentAmountReceived === 0 || v.rentAmountReceivedDate === null || v.rentAmountReceivedDate === '') delete v.rentAmountReceivedDate;
    return v;
  }, makeRentalDebtCreateBodySchema(today));
  // the form's values are the input the preprocess reads
  return schema as unknown as z.ZodType<RentalDebtCreateBody, Values>;
}

/**
 * Declares the next month (spec 2.3), validated with the contract's schema and "today": its due date
 * (offered on the claim's due day), its rent, and what the tenant already paid of it.
 */

export function DeclareMonthForm({
  claimId,
  month,
  firstDueDate,
  rentAmount,
  leaseRent,
  today,
  onDone,
  onCancel,
}: {
  claimId: string;
  month: string;
  /** The claim's first unpaid rent's due date: every month is due on the same day. */
  firstDueDate: string;
  rentAmount: number | undefined;
  /** A rent more than twice this is asked again before it is sent. */
  leaseRent?: number | null;
  today: string;
  /** Declared: the month as saved. */
  onDone: (saved: RentalDebtCreateBody) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const schema = formSchema(today);
  const due = dueDateInMonth(firstDueDate, month);
  const [form, draft] = useDraftForm<Values, unknown, RentalDebtCreateBody>(declarationDraft(claimId, month), {
    resolver: contractResolver(schema),
    defaultValues: { rentDueDate: isAfterDay(due, today) ? undefined : due, rentAmount, rentAmountReceived: 0 },
  });
  const received = useWatch({ control: form.control, name: 'rentAmountReceived' });
  const add = useAddRentalDebt(claimId);
  const qc = useQueryClient();
  // the month declared meanwhile (another tab, a colleague): said as such, not as "out of order"
  const [already, setAlready] = useState<string | null>(null);
  const [onField, setOnField] = useState(false);
  const onError = async (error: Error, body: RentalDebtCreateBody) => {
    if (error instanceof ApiError && error.code === 'E0188') {
      // the write's own refresh has just read the months again (the timeline shows them): read from there
      const months = await qc.fetchQuery(rentalDebtsQueryOptions(claimId)).catch(() => null);
      const sent = isoMonth(body.rentDueDate);
      if (months?.some((d) => d.id !== null && isoMonth(d.rentDueDate) === sent)) {
        setAlready(sent);
        return;
      }
    }
    setOnField(
      applyServerErrors(error, form.setError, (p) =>
        ['rentDueDate', 'rentAmount', 'rentAmountReceived', 'rentAmountReceivedDate'].includes(p),
      ),
    );
  };
  const rentCheck = useRentCheck(leaseRent);
  const onValid = (body: RentalDebtCreateBody) =>
    rentCheck.check(
      body.rentAmount,
      body.rentDueDate,
      () => {
        setOnField(false);
        add.mutate(body, {
          onSuccess: () => {
            draft.end();
            onDone(body);
          },
          onError: (error) => void onError(error, body),
        });
      },
      () => form.setFocus('rentAmount'),
    );
  const cancel = () => {
    draft.end();
    onCancel();
  };
  if (already)
    return (
      <Alert
        severity="info"
        role="status"
        sx={{ my: 1 }}
        action={
          <Button color="inherit" size="small" onClick={cancel}>
            {t('workspace.close')}
          </Button>
        }
      >
        {t('workspace.alreadyDeclared', { month: formatMonth(`${already}-01`, lang) })}
      </Alert>
    );
  return (
    <>
      <InlineForm label={t('workspace.declare')} onSubmit={(e) => void form.handleSubmit(onValid)(e)} onCancel={cancel}>
        <DateInput control={form.control} name="rentDueDate" label={t('workspace.dueDate')} required maxDate={today} />
        <MoneyInput control={form.control} name="rentAmount" label={t('workspace.rent')} required />
        <MoneyInput control={form.control} name="rentAmountReceived" label={t('claim.received')} />
        {typeof received === 'number' && received > 0 ? (
          <DateInput control={form.control} name="rentAmountReceivedDate" label={t('claim.receivedDate')} required maxDate={today} />
        ) : null}
        <Button type="submit" variant="contained" disabled={add.isPending}>
          {t('workspace.declareSubmit')}
        </Button>
        <Button onClick={cancel}>{t('workspace.cancel')}</Button>
        {/* an error the form shows on a field is not said a second time below */}
        {add.error && !onField ? <ErrorAlert error={add.error} /> : null}
      </InlineForm>
      {rentCheck.dialog}
    </>
  );
}
