import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert.js';
import { useSession } from '../../features/auth/api/get-session.js';
import { useRecentEvents } from '../../features/events/api/get-recent-events.js';
import { EventsTable } from '../../features/events/components/events-table.js';

/** Managers: the partner events received lately, refreshed live as new ones arrive. */
export default function EventsRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const manager = session.data?.user.role === 'manager';
  const events = useRecentEvents(manager);
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('events.title')}
      </Typography>
      {!manager ? <Alert severity="info">{t('events.forbidden')}</Alert> : null}
      {manager && events.isPending ? <Skeleton variant="rounded" height={240} /> : null}
      {manager && events.isError ? <ErrorAlert error={events.error} onRetry={() => void events.refetch()} /> : null}
      {manager && events.data ? (
        <Paper sx={{ overflowX: 'auto' }}>
          <EventsTable events={events.data} />
        </Paper>
      ) : null}
    </Stack>
  );
}
