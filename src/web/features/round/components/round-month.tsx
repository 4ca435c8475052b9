import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
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
      <Typography variant="caption" color="text.secondary" component="span">
        {formatDate(first.rentDueDate, lang)}
      </Typography>
    </Stack>
  );
}

/** The agency's target for the row's oldest month and the days left to it (or past it). */
export function RoundTarget({ row }: { row: RoundRow }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const late = row.daysLeft < 0;
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2" color={late ? 'error' : undefined} sx={{ fontWeight: late ? 600 : undefined }}>
        {row.daysLeft === 0
          ? t('round.dueToday')
          : late
            ? t('round.daysLate', { count: -row.daysLeft })
            : t('round.daysLeft', { count: row.daysLeft })}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('round.by', { date: formatDate(row.target, lang) })}
      </Typography>
    </Stack>
  );
}
