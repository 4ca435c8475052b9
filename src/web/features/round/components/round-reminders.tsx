import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.js';
import { currentLang } from '../../../lib/i18n.js';
import { useReminders, useSetReminders } from '../api/reminders.js';

/**
 * The signed-in user's own e-mail reminders (staff and managers): on or off, sent in the language
 * the user switches them in. (The team's "My account" page may hold this switch once it exists.)
 */
export function RoundReminders() {
  const { t } = useTranslation();
  const settings = useReminders();
  const set = useSetReminders();
  const s = settings.data;
  if (!s?.eligible) return null;
  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        control={
          <Switch
            checked={s.enabled}
            disabled={set.isPending}
            onChange={(e) => set.mutate({ enabled: e.target.checked, lang: currentLang() })}
          />
        }
        label={t('round.reminders.label')}
      />
      <Typography variant="caption" color="text.secondary">
        {s.mailConfigured ? t('round.reminders.help') : t('round.reminders.noMail')}
      </Typography>
      {set.error ? <ErrorAlert error={set.error} /> : null}
    </Stack>
  );
}
