import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { makeRentalDebtCreateBodySchema, type RentalDebtCreateBody, type RentalDebtCreateShape } from '../../../../contract/claims.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { DateInput } from '../../../components/form/date-input.js';
import { InlineForm } from '../../../components/form/inline-form.js';
import { MoneyInput } from '../../../components/form/money-input.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { isAfterDay } from '../../../lib/dates.js';
import { useAddRentalDebt } from '../api/claim-writes.js';

type Values = z.input<typeof RentalDebtCreateShape>;

/** Declares the next month (spec 2.3), validated with the contract's schema and "today". */
export function DeclareMonthForm({
  claimId,
  month,
  rentAmount,
  today,
  onDone,
}: {
  claimId: string;
  month: string;
  rentAmount: number | undefined;
  today: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => makeRentalDebtCreateBodySchema(today), [today]);
  const form = useForm<Values, unknown, RentalDebtCreateBody>({
    resolver: contractResolver(schema),
    defaultValues: { rentDueDate: isAfterDay(month, today) ? undefined : month, rentAmount, rentAmountReceived: 0 },
  });
  const add = useAddRentalDebt(claimId);
  const onValid = (body: RentalDebtCreateBody) =>
    add.mutate(body, {
      onSuccess: onDone,
      onError: (error) => applyServerErrors(error, form.setError, (p) => ['rentDueDate', 'rentAmount', 'rentAmountReceived'].includes(p)),
    });
  return (
    <InlineForm label={t('workspace.declare')} onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
      <DateInput control={form.control} name="rentDueDate" label={t('workspace.dueDate')} required maxDate={today} />
      <MoneyInput control={form.control} name="rentAmount" label={t('workspace.rent')} required />
      <Button type="submit" variant="contained" disabled={add.isPending}>
        {t('workspace.declareSubmit')}
      </Button>
      {add.error ? <ErrorAlert error={add.error} /> : null}
    </InlineForm>
  );
}
