import Alert from '@mui/material/Alert';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { PROJECT_STATUSES, labelOf, type ProjectStatus } from '../../../../contract/enums.js';
import { currentLang } from '../../../lib/i18n.js';

const MAIN: ProjectStatus[] = [0, 1, 2, 3, 4, 5, 6, 7];

/** The lifecycle 0 → 7 (down the page on a phone); suspended, ending, ended and not-eligible files are said as such. */
export function ProjectStepper({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  if (!MAIN.includes(status)) {
    return <Alert severity={status === 14 ? 'error' : status === 9 ? 'warning' : 'info'}>{labelOf(PROJECT_STATUSES, status, lang)}</Alert>;
  }
  return (
    <Stepper
      activeStep={status === 7 ? 8 : status}
      orientation={phone ? 'vertical' : 'horizontal'}
      alternativeLabel={!phone}
      aria-label={t('project.lifecycle')}
      sx={{ py: 1 }}
    >
      {MAIN.map((s) => (
        <Step key={s} completed={s < status || status === 7}>
          <StepLabel>{t(`nextStep.${s}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
