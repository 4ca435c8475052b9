import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../components/error-alert.js';
import { useMay, useSession } from '../../features/auth/api/get-session.js';
import { useDeclarant } from '../../features/settings/api/get-declarant.js';
import { DeclarantForm } from '../../features/settings/components/declarant-form.js';
import { DigestHourSettings } from '../../features/follows/components/digest-hour-form.js';
import { useSyncState } from '../../features/sync/api/get-sync-state.js';
import { SyncStateCard } from '../../features/sync/components/sync-state-card.js';

/** Managers: the organization's settings (the server refuses other roles' changes too). */
export default function SettingsRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const manager = useMay()('settings.change');
  const declarant = useDeclarant();
  const sync = useSyncState(manager);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1000 }}>
      <Typography variant="h4" component="h1">
        {t('settings.title')}
      </Typography>
      {/* the team is managed from here (the manager's menu keeps to one row at 1280 px) */}
      {manager ? (
        <Link component={RouterLink} to="/team">
          {t('team.link')}
        </Link>
      ) : null}
      {session.data && !manager ? <Alert severity="info">{t('settings.forbidden')}</Alert> : null}
      {manager && declarant.isPending ? <Skeleton variant="rounded" height={400} /> : null}
      {manager && declarant.isError ? <ErrorAlert error={declarant.error} onRetry={() => void declarant.refetch()} /> : null}
      {manager && sync.data ? <SyncStateCard state={sync.data} /> : null}
      {manager && declarant.data ? <DeclarantForm declarant={declarant.data} /> : null}
      {manager ? <DigestHourSettings /> : null}
    </Stack>
  );
}
