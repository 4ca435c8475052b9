import Button from '@mui/material/Button';
import { correctionDraft } from '../month-drafts.js';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { correctionEffect } from '../../../../contract/allocation.js';
import {
  makeRentalDebtUpdateBodySchema,
  type RentalDebt,
  type RentalDebtUpdateBody,
  type RentalDebtUpdateShape,
} from '../../../../contract/claims.js';
import { toCents, toEuros } from '../../../../contract/money.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { InlineForm } from '../../../components/form/inline-form.js';
import { MoneyInput } from '../../../components/form/money-input.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useDraftForm } from '../../../lib/use-draft-form.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { formatMonth } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { useUpdateRentalDebt } from '../api/claim-writes.js';
import { useRentCheck } from './rent-check.js';

/**
 * What the correction will change, said before it is sent: the month's rent and what it owes
 * (contract: correctionEffect); the tenant's payments stay on their months.
 */
function useCorrectionText(debt: RentalDebt, rent: unknown): string | undefined {
  const { t } = useTranslation();
  const lang = useLang();
  if (typeof rent !== 'number' || !(rent > 0) || debt.rentAmount === null || rent === debt.rentAmount) return undefined;
  const effect = correctionEffect(
    {
      rent: toCents(debt.rentAmount),
      received: toCents(debt.rentAmountReceived),
      tenant: toCents(debt.tenantPaidAmount),
      guarantor: toCents(debt.guarantorPaidAmount),
    },
    toCents(rent),
  );
  const money = (cents: number) => formatMoney(toEuros(cents), lang);
  return t(effect.overpaid > 0 ? 'correction.overpaid' : 'correction.effect', {
    from: formatMoney(debt.rentAmount, lang),
    to: formatMoney(rent, lang),
    dueFrom: money(effect.dueBefore),
    dueTo: money(effect.dueAfter),
    overpaid: money(effect.overpaid),
  });
}

/**
 * Corrects a declared month's rent; the month itself is never editable (E0225). Opened from the
 * month's "Corriger le montant", it behaves as the month's declaration does (InlineForm): the focus
 * in its field, Escape or "Annuler" closes it, Enter sends it.
 */
export function CorrectAmountForm({
  claimId,
  debt,
  today,
  leaseRent,
  onDone,
  onCancel,
}: {
  claimId: string;
  debt: RentalDebt;
  today: string;
  /** A rent more than twice this is asked again before it is sent. */
  leaseRent?: number | null;
  /** Corrected: the body as saved. */
  onDone: (saved: RentalDebtUpdateBody) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const schema = makeRentalDebtUpdateBodySchema(today);
  const [form, draft] = useDraftForm<z.input<typeof RentalDebtUpdateShape>, unknown, RentalDebtUpdateBody>(
    correctionDraft(claimId, debt.id ?? ''),
    {
      resolver: contractResolver(schema),
      defaultValues: { rentDueDate: debt.rentDueDate, rentAmount: debt.rentAmount ?? undefined },
    },
  );
  const cancel = () => {
    draft.end();
    onCancel();
  };
  const rent = useWatch({ control: form.control, name: 'rentAmount' });
  const effect = useCorrectionText(debt, rent);
  const update = useUpdateRentalDebt(claimId);
  const rentCheck = useRentCheck(leaseRent);
  const onValid = (body: RentalDebtUpdateBody) =>
    rentCheck.check(
      body.rentAmount,
      debt.rentDueDate,
      () =>
        update.mutate(
          { id: debt.id ?? '', body },
          {
            onSuccess: () => {
              draft.end();
              onDone(body);
            },
            onError: (error) => applyServerErrors(error, form.setError, (p) => p === 'rentAmount'),
          },
        ),
      () => form.setFocus('rentAmount'),
    );
  return (
    <>
      <InlineForm
        label={t('correction.title', { month: formatMonth(debt.rentDueDate, lang) })}
        onSubmit={(e) => void form.handleSubmit(onValid)(e)}
        onCancel={cancel}
      >
        <MoneyInput control={form.control} name="rentAmount" label={t('workspace.rent')} required helperText={effect} />
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {t('workspace.save')}
        </Button>
        <Button onClick={cancel}>{t('workspace.cancel')}</Button>
        {update.error ? <ErrorAlert error={update.error} /> : null}
      </InlineForm>
      {rentCheck.dialog}
    </>
  );
}
