import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert.js';
import { useMay } from '../../features/auth/api/get-session.js';
import { useOrganizationStats } from '../../features/stats/api/get-organization-stats.js';
import { OrganizationStatsView } from '../../features/stats/components/organization-stats-view.js';

/** Managers: how the organization is doing (the server refuses other roles too). */
export default function StatsRoute() {
  const { t } = useTranslation();
  const manager = useMay()('stats.read');
  const stats = useOrganizationStats(manager);
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('stats.title')}
      </Typography>
      {!manager ? <Alert severity="info">{t('stats.forbidden')}</Alert> : null}
      {manager && stats.isPending ? <Skeleton variant="rounded" height={300} /> : null}
      {manager && stats.isError ? <ErrorAlert error={stats.error} onRetry={() => void stats.refetch()} /> : null}
      {stats.data ? <OrganizationStatsView stats={stats.data} /> : null}
    </Stack>
  );
}
