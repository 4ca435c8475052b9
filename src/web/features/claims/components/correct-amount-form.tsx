import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  makeRentalDebtUpdateBodySchema,
  type RentalDebt,
  type RentalDebtUpdateBody,
  type RentalDebtUpdateShape,
} from '../../../../contract/claims.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { InlineForm } from '../../../components/form/inline-form.js';
import { MoneyInput } from '../../../components/form/money-input.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useDraftForm } from '../../../lib/use-draft-form.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { useUpdateRentalDebt } from '../api/claim-writes.js';

/** The draft of a month's correction (the timeline opens that month's form again when there is one). */
export const correctionDraft = (claimId: string, debtId: string) => `correct:${claimId}:${debtId}`;

/** Corrects a declared month's rent; the month itself is never editable (E0225). */
export function CorrectAmountForm({
  claimId,
  debt,
  today,
  onDone,
}: {
  claimId: string;
  debt: RentalDebt;
  today: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const schema = makeRentalDebtUpdateBodySchema(today);
  const [form, draft] = useDraftForm<z.input<typeof RentalDebtUpdateShape>, unknown, RentalDebtUpdateBody>(
    correctionDraft(claimId, debt.id ?? ''),
    {
      resolver: contractResolver(schema),
      defaultValues: { rentDueDate: debt.rentDueDate, rentAmount: debt.rentAmount ?? undefined },
    },
  );
  const done = () => {
    draft.end();
    onDone();
  };
  const update = useUpdateRentalDebt(claimId);
  const onValid = (body: RentalDebtUpdateBody) =>
    update.mutate(
      { id: debt.id ?? '', body },
      { onSuccess: done, onError: (error) => applyServerErrors(error, form.setError, (p) => p === 'rentAmount') },
    );
  return (
    <InlineForm label={t('workspace.correct')} onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
      <MoneyInput control={form.control} name="rentAmount" label={t('workspace.rent')} required />
      <Button type="submit" variant="contained" disabled={update.isPending}>
        {t('workspace.save')}
      </Button>
      <Button onClick={done}>{t('workspace.cancel')}</Button>
      {update.error ? <ErrorAlert error={update.error} /> : null}
    </InlineForm>
  );
}
