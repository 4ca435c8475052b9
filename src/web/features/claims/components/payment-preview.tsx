import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { spreadPayment } from '../../../../contract/allocation.js';
import type { RentalDebt } from '../../../../contract/claims.js';
import { monthOf } from '../../../../contract/dates.js';
import { toCents, toEuros } from '../../../../contract/money.js';
import { formatMonth } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "août 2026 350,00 €, septembre 2026 150,00 €": the months of a spread, as the payments list says them. */
export function spreadList(shares: readonly { rentDueDate: string; amount: number }[], lang: ReturnType<typeof useLang>): string {
  return shares.map((a) => `${formatMonth(a.rentDueDate, lang)} ${formatMoney(a.amount, lang)}`).join(', ');
}

/**
 * Before saving: which month(s) the amount will go to, from its apply date, by the contract's rule
 * (the sandbox's: contract/allocation.ts) over what the declared months still owe. Labelled as
 * expected: the partner's answer, shown once saved, is what counts.
 */
export function PaymentPreview({ months, amount, applyDate }: { months: readonly RentalDebt[]; amount: unknown; applyDate: unknown }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (typeof amount !== 'number' || !(amount > 0) || typeof applyDate !== 'string' || !ISO_DATE.test(applyDate)) return null;
  const declared = months.filter((d) => d.id !== null);
  if (declared.length === 0) return null;
  const owing = declared.map((d) => ({ key: d.rentDueDate, month: monthOf(d.rentDueDate), owing: toCents(d.amountDue) }));
  const shares = spreadPayment(owing, toCents(amount), applyDate).map((s) => ({ rentDueDate: s.key, amount: toEuros(s.amount) }));
  const applyMonthDeclared = declared.some((d) => monthOf(d.rentDueDate) === monthOf(applyDate));
  return (
    <div aria-live="polite">
      <Typography variant="body2">{t('workspace.expectedSpread', { list: spreadList(shares, lang) })}</Typography>
      <Typography variant="caption" component="p" color="text.secondary">
        {applyMonthDeclared ? null : `${t('workspace.applyMonthNotDeclared', { month: formatMonth(applyDate, lang) })} `}
        {t('workspace.expectedSpreadHint')}
      </Typography>
    </div>
  );
}
