import Chip from '@mui/material/Chip';
import { WRAPPING_CHIP } from '../../../components/wrapping-chip.js';
import { CLAIM_STATUSES, labelOf, type ClaimStatus } from '../../../../contract/enums.js';
import { currentLang } from '../../../lib/i18n.js';

const color = (s: ClaimStatus) => (s >= 140 ? 'default' : s === 10 || s === 0 || s === 5 ? 'warning' : s === 30 ? 'success' : 'info');

export function ClaimStatusChip({ status }: { status: ClaimStatus }) {
  return (
    <Chip size="small" variant="outlined" color={color(status)} label={labelOf(CLAIM_STATUSES, status, currentLang())} sx={WRAPPING_CHIP} />
  );
}
