import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { monthOutstanding, spreadPayment } from '../../../../contract/allocation.js';
import type { RentalDebt, TenantPayment } from '../../../../contract/claims.js';
import { monthOf } from '../../../../contract/dates.js';
import { toCents, toEuros } from '../../../../contract/money.js';
import { formatMonth } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';

/** "août 2026 350,00 €, septembre 2026 150,00 €": the months of a spread, as the payments list says them. */
export function spreadList(shares: readonly { rentDueDate: string; amount: number }[], lang: ReturnType<typeof useLang>): string {
  return shares.map((a) => `${formatMonth(a.rentDueDate, lang)} ${formatMoney(a.amount, lang)}`).join(', ');
}

/**
 * Before saving: which month(s) the amount will go to, from its apply date, by the contract's rule
 * (the sandbox's: contract/allocation.ts) over what the declared months still owe; for a payment
 * being changed, what they owe without its own shares (it is spread again in their place).
 * Labelled as expected: the partner's answer, shown once saved, is what counts. Shown only for an
 * amount and a date the contract accepts (a date still being typed, year 0002, is no month to name).
 */
export function PaymentPreview({
  months,
  body,
  changing,
}: {
  months: readonly RentalDebt[];
  /** The payment as typed, once the contract's schema accepts it; else nothing is foreseen. */
  body: { amount: number; applyDate: string } | null;
  changing?: TenantPayment;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!body) return null;
  const declared = months.filter((d) => d.id !== null);
  if (declared.length === 0) return null;
  const own = (d: RentalDebt) =>
    sumCents((changing?.allocations ?? []).filter((a) => monthOf(a.rentDueDate) === monthOf(d.rentDueDate)).map((a) => a.amount));
  // what the partner says each month owes; for a month the changed payment is on, without its share
  const owing = declared.map((d) => ({
    key: d.rentDueDate,
    month: monthOf(d.rentDueDate),
    owing:
      own(d) === 0
        ? toCents(d.amountDue)
        : monthOutstanding({
            rent: toCents(d.rentAmount ?? 0),
            received: toCents(d.rentAmountReceived),
            tenant: toCents(d.tenantPaidAmount) - own(d),
            guarantor: toCents(d.guarantorPaidAmount),
          }),
  }));
  const shares = spreadPayment(owing, toCents(body.amount), body.applyDate).map((s) => ({ rentDueDate: s.key, amount: toEuros(s.amount) }));
  const applyMonthDeclared = declared.some((d) => monthOf(d.rentDueDate) === monthOf(body.applyDate));
  return (
    <div aria-live="polite">
      <Typography variant="body2">{t('workspace.expectedSpread', { list: spreadList(shares, lang) })}</Typography>
      <Typography variant="caption" component="p" color="text.secondary">
        {applyMonthDeclared ? null : `${t('workspace.applyMonthNotDeclared', { month: formatMonth(body.applyDate, lang) })} `}
        {t('workspace.expectedSpreadHint')}
      </Typography>
    </div>
  );
}

const sumCents = (euros: readonly number[]): number => euros.reduce((s, e) => s + toCents(e), 0);
