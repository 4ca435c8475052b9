import Chip from '@mui/material/Chip';
import { WRAPPING_CHIP } from '../../../components/wrapping-chip.js';
import { CLAIM_STATUSES, labelOf, type ClaimStatus } from '../../../../contract/enums.js';
import { claimAwaits, type ClaimAwaits } from '../../../../contract/lifecycle.js';
import { useLang } from '../../../lib/i18n.js';

/** Coloured by what the claim waits for: the agency's documents stand out, a closed claim is grey. */
const COLOR = {
  none: 'default',
  documents: 'warning',
  declarations: 'success',
  validation: 'info',
  procedure: 'info',
} as const satisfies Record<ClaimAwaits, string>;

export function ClaimStatusChip({ status }: { status: ClaimStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOR[claimAwaits(status)]}
      label={labelOf(CLAIM_STATUSES, status, useLang())}
      sx={WRAPPING_CHIP}
    />
  );
}
