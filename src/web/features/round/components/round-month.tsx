import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RENTAL_DEBT_STATUSES, RentalDebtStatus, labelOf } from '../../../../contract/enums.js';
import type { RoundRow } from '../../../../contract/round.js';
import { WRAPPING_CHIP } from '../../../components/wrapping-chip.js';
import { formatDate, formatMonth } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';

/**
 * The month to declare next, its due date and its delay from that date (as the work queue counts
 * it), the partner's status of it as given (60 past the partner's deadline), and how many follow.
 */
export function RoundMonth({ row }: { row: RoundRow }) {
  const { t } = useTranslation();
  const lang = useLang();
  const first = row.months[0];
  if (!first) return null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {formatMonth(first.rentDueDate, lang)}
      </Typography>
      {first.status !== RentalDebtStatus.Virtual ? (
        <Chip size="small" color="error" variant="outlined" label={labelOf(RENTAL_DEBT_STATUSES, first.status, lang)} sx={WRAPPING_CHIP} />
      ) : null}
      {row.monthCount > 1 ? (
        <Typography variant="caption" color="text.secondary">
          {t('round.moreMonths', { count: row.monthCount - 1 })}
        </Typography>
      ) : null}
      {row.blockedLate > 0 ? (
        <Typography variant="caption" color="error">
          {t('round.blockedLate', { count: row.blockedLate })}
        </Typography>
      ) : null}
      <Typography variant="caption" color="text.secondary">
        {t('round.dueOn', { date: formatDate(first.rentDueDate, lang) })}
      </Typography>
      {row.daysLate > 0 ? (
        <Typography variant="caption" color="error" sx={{ fontWeight: 600 }}>
          {t('round.daysLate', { count: row.daysLate })}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The agency's own target for the row's oldest month: a day to declare it by, not a delay. */
export function RoundTarget({ row }: { row: RoundRow }) {
  const { t } = useTranslation();
  const lang = useLang();
  const date = formatDate(row.target, lang);
  const passed = row.daysLeft < 0;
  return (
    <Typography variant="body2" color={passed ? 'error' : 'text.primary'} sx={{ fontWeight: passed ? 600 : 400 }}>
      {passed ? t('round.targetPassed', { date }) : row.daysLeft === 0 ? t('round.targetToday') : t('round.targetBy', { date })}
    </Typography>
  );
}
