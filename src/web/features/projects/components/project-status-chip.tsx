import Chip from '@mui/material/Chip';
import { WRAPPING_CHIP } from '../../../components/wrapping-chip.js';
import { PROJECT_STATUSES, labelOf, type ProjectStatus } from '../../../../contract/enums.js';
import { currentLang } from '../../../lib/i18n.js';

const COLOR: Record<ProjectStatus, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  0: 'warning',
  1: 'info',
  2: 'warning',
  3: 'info',
  4: 'info',
  5: 'info',
  6: 'info',
  7: 'success',
  9: 'default',
  12: 'default',
  13: 'default',
  14: 'error',
};

export function ProjectStatusChip({ status }: { status: ProjectStatus }) {
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant="outlined"
      label={labelOf(PROJECT_STATUSES, status, currentLang())}
      sx={WRAPPING_CHIP}
    />
  );
}
