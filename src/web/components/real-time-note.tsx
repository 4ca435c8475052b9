import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * In sandbox mode, what keeps the real time says so: every other date follows the sandbox's clock
 * (the header's "Bac à sable · date"), while a record of what people did (the audit trail, a file's
 * history, sign-ins, sessions) keeps the moment it really happened.
 */
export function RealTimeNote({ show }: { show: boolean }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      {t('clock.realTime')}
    </Typography>
  );
}
