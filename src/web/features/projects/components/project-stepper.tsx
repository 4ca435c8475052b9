import Alert from '@mui/material/Alert';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { PROJECT_STATUSES, ProjectStatus, labelOf } from '../../../../contract/enums.js';
import { PROJECT_LIFECYCLE, projectIsActive } from '../../../../contract/lifecycle.js';
import { useLang } from '../../../lib/i18n.js';

const SEVERITY: Partial<Record<ProjectStatus, 'error' | 'warning'>> = {
  [ProjectStatus.NotEligible]: 'error',
  [ProjectStatus.Suspended]: 'warning',
};

/**
 * The lifecycle, documents to active contract (down the page on a phone); suspended, ending, ended
 * and not-eligible files are said as such, a not-eligible one with the partner's reason when it gave one.
 */
export function ProjectStepper({ status, reason }: { status: ProjectStatus; reason?: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const step = (PROJECT_LIFECYCLE as readonly ProjectStatus[]).indexOf(status);
  if (step < 0) {
    const label = labelOf(PROJECT_STATUSES, status, lang);
    return (
      <Alert severity={SEVERITY[status] ?? 'info'}>
        {status === ProjectStatus.NotEligible && reason ? t('project.notEligibleBecause', { label, reason }) : label}
      </Alert>
    );
  }
  // an active contract has done every step (none is current)
  const done = projectIsActive(status);
  return (
    <Stepper
      activeStep={done ? PROJECT_LIFECYCLE.length : step}
      orientation={phone ? 'vertical' : 'horizontal'}
      alternativeLabel={!phone}
      aria-label={t('project.lifecycle')}
      sx={{ py: 1 }}
    >
      {PROJECT_LIFECYCLE.map((s, i) => (
        <Step key={s} completed={i < step || done}>
          <StepLabel>{t(`nextStep.${s}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
