import Chip from '@mui/material/Chip';
import { WRAPPING_CHIP } from '../../../components/wrapping-chip.js';
import { RENTAL_DEBT_STATUSES, labelOf } from '../../../../contract/enums.js';
import { currentLang } from '../../../lib/i18n.js';

const color = (s: number) =>
  s === 10 || s === 60 ? 'default' : s >= 40 ? 'success' : s === 30 || s === 31 ? 'error' : s === 20 ? 'warning' : 'info';

export function RentalDebtStatusChip({ status }: { status: number }) {
  return (
    <Chip
      size="small"
      variant={status === 10 ? 'filled' : 'outlined'}
      color={color(status)}
      label={labelOf(RENTAL_DEBT_STATUSES, status, currentLang())}
      sx={WRAPPING_CHIP}
    />
  );
}
