import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RealTimeNote } from '../../components/real-time-note.js';
import { useMay, useSession } from '../../features/auth/api/get-session.js';
import { TeamManager } from '../../features/team/components/team-manager.js';

/** Managers: the team (reached from the settings page: the manager's menu keeps to one row at 1280 px). */
export default function TeamRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const manager = useMay()('team.manage');
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('team.title')}
      </Typography>
      {session.data && !manager ? <Alert severity="info">{t('team.forbidden')}</Alert> : null}
      {manager && session.data ? (
        <>
          <Typography color="text.secondary">{t('team.intro')}</Typography>
          {/* last sign-ins and links' expiry are real times, as the audit trail's sign-ins */}
          <RealTimeNote show={session.data.mode === 'sandbox'} />
          <TeamManager me={session.data.user.email} />
        </>
      ) : null}
    </Stack>
  );
}
