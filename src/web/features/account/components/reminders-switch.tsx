import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.js';
import { useSetReminders } from '../api/set-reminders.js';

/** My e-mails reminding me of the monthly round's declarations, on or off. */
export function RemindersSwitch({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const set = useSetReminders();
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('account.reminders.hint')}
      </Typography>
      <FormControlLabel
        control={<Switch checked={enabled} disabled={set.isPending} onChange={(e) => set.mutate(e.target.checked)} />}
        label={t('account.reminders.label')}
      />
      {set.error ? <ErrorAlert error={set.error} /> : null}
    </>
  );
}
