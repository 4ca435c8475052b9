import Chip from '@mui/material/Chip';
import { WRAPPING_CHIP } from '../../../components/wrapping-chip.js';
import { RENTAL_DEBT_STATUSES, RentalDebtStatus, labelOf } from '../../../../contract/enums.js';
import { isMonthBlocked, isMonthSettled, isMonthToDeclare } from '../../../../contract/lifecycle.js';
import { useLang } from '../../../lib/i18n.js';

const color = (s: number) =>
  isMonthToDeclare(s)
    ? 'default'
    : isMonthSettled(s)
      ? 'success'
      : isMonthBlocked(s)
        ? 'error'
        : s === RentalDebtStatus.PendingPayment
          ? 'warning'
          : 'info';

export function RentalDebtStatusChip({ status }: { status: number }) {
  return (
    <Chip
      size="small"
      variant={status === RentalDebtStatus.Virtual ? 'filled' : 'outlined'}
      color={color(status)}
      label={labelOf(RENTAL_DEBT_STATUSES, status, useLang())}
      sx={WRAPPING_CHIP}
    />
  );
}
