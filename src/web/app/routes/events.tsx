import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../components/error-alert.js';
import { useMay } from '../../features/auth/api/get-session.js';
import { useRecentEvents } from '../../features/events/api/get-recent-events.js';
import { useClaims } from '../../features/claims/api/get-claims.js';
import { EventsTable, target, type NameOf } from '../../features/events/components/events-table.js';
import { projectQueryOptions } from '../../features/projects/api/get-project.js';
import { useProjects } from '../../features/projects/api/get-projects.js';

/** Projects read by id when the latest hundred do not hold them (the events page lists a few dozen). */
const MORE_PROJECTS = 20;

/** Managers: the partner events received lately, refreshed live as new ones arrive. */
export default function EventsRoute() {
  const { t } = useTranslation();
  const manager = useMay()('events.read');
  const events = useRecentEvents(manager);
  // who each line is about: the latest projects and claims (the events are the latest too), bounded
  const projects = useProjects({ page: 1, pageSize: 100 });
  const claims = useClaims({ page: 1, pageSize: 100 });
  // a project the latest hundred do not hold (the partner lists by creation date, and a project may
  // be dated later than one created after it) is read by its id: a few at most, each read once
  const listed = new Set(projects.data?.items.map((p) => p.id));
  const unlisted = new Set(
    (projects.data ? (events.data ?? []) : []).map(target).flatMap((l) => (l?.kind === 'project' && !listed.has(l.id) ? [l.id] : [])),
  );
  const more = useQueries({ queries: [...unlisted].slice(0, MORE_PROJECTS).map((id) => ({ ...projectQueryOptions(id), retry: false })) });
  const known = [...(projects.data?.items ?? []), ...more.flatMap((q) => (q.data ? [q.data] : []))];
  const nameOf: NameOf = (kind, id) => {
    const person = kind === 'project' ? known.find((p) => p.id === id)?.profile : claims.data?.items.find((c) => c.id === id)?.tenant;
    return person ? `${person.firstName} ${person.lastName}` : null;
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('events.title')}
      </Typography>
      {/* who did what through the dashboard: the audit trail (the menu keeps to one row at 1280 px) */}
      {manager ? (
        <Link component={RouterLink} to="/audit">
          {t('audit.title')}
        </Link>
      ) : null}
      {!manager ? <Alert severity="info">{t('events.forbidden')}</Alert> : null}
      {manager && events.isPending ? <Skeleton variant="rounded" height={240} /> : null}
      {manager && events.isError ? <ErrorAlert error={events.error} onRetry={() => void events.refetch()} /> : null}
      {manager && events.data ? (
        <Paper sx={{ overflowX: 'auto' }}>
          <EventsTable events={events.data} nameOf={nameOf} />
        </Paper>
      ) : null}
    </Stack>
  );
}
