import Chip from '@mui/material/Chip';
import { WRAPPING_CHIP } from '../../../components/wrapping-chip.js';
import { PROJECT_STATUSES, ProjectStatus, labelOf } from '../../../../contract/enums.js';
import { useLang } from '../../../lib/i18n.js';

const COLOR: Record<ProjectStatus, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  [ProjectStatus.DocumentsPending]: 'warning',
  [ProjectStatus.DocumentsInValidation]: 'info',
  [ProjectStatus.AwaitingRentalInformation]: 'warning',
  [ProjectStatus.RentalInValidation]: 'info',
  [ProjectStatus.AwaitingPayment]: 'info',
  [ProjectStatus.AwaitingTenantSignature]: 'info',
  [ProjectStatus.AwaitingOwnerSignature]: 'info',
  [ProjectStatus.Active]: 'success',
  [ProjectStatus.Suspended]: 'default',
  [ProjectStatus.Ending]: 'default',
  [ProjectStatus.Ended]: 'default',
  [ProjectStatus.NotEligible]: 'error',
};

export function ProjectStatusChip({ status }: { status: ProjectStatus }) {
  return (
    <Chip size="small" color={COLOR[status]} variant="outlined" label={labelOf(PROJECT_STATUSES, status, useLang())} sx={WRAPPING_CHIP} />
  );
}
