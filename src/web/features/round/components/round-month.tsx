import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { RENTAL_DEBT_STATUSES, RentalDebtStatus, labelOf } from '../../../../contract/enums.js';
import type { RoundRow } from '../../../../contract/round.js';
import { WRAPPING_CHIP } from '../../../components/wrapping-chip.js';
import { formatDate, formatMonth } from '../../../lib/dates.js';
import { currentLang } from '../../../lib/i18n.js';

/** The month to declare next, the partner's status of it as given (60 past the partner's deadline), and how many follow. */
export function RoundMonth({ row }: { row: RoundRow }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const first = row.months[0];
  if (!first) return null;
  return (
    <div className="round-col">
      <span className="round-strong">{formatMonth(first.rentDueDate, lang)}</span>
      {first.status !== RentalDebtStatus.Virtual ? (
        <Chip size="small" color="error" variant="outlined" label={labelOf(RENTAL_DEBT_STATUSES, first.status, lang)} sx={WRAPPING_CHIP} />
      ) : null}
      {row.monthCount > 1 ? <span className="round-caption">{t('round.moreMonths', { count: row.monthCount - 1 })}</span> : null}
      {row.blockedLate > 0 ? <span className="round-caption round-late">{t('round.blockedLate', { count: row.blockedLate })}</span> : null}
      <span className="round-caption">{formatDate(first.rentDueDate, lang)}</span>
    </div>
  );
}

/** The agency's target for the row's oldest month and the days left to it (or past it). */
export function RoundTarget({ row }: { row: RoundRow }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const late = row.daysLeft < 0;
  return (
    <div className="round-col round-tight">
      <span className={late ? 'round-strong round-late' : 'round-text'}>
        {row.daysLeft === 0
          ? t('round.dueToday')
          : late
            ? t('round.daysLate', { count: -row.daysLeft })
            : t('round.daysLeft', { count: row.daysLeft })}
      </span>
      <span className="round-caption">{t('round.by', { date: formatDate(row.target, lang) })}</span>
    </div>
  );
}
