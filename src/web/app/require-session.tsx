import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../components/error-alert.js';
import { LeaveGuardHost } from '../components/leave-guard.js';
import { ApiError } from '../lib/api-error.js';
import { useSession } from '../features/auth/api/get-session.js';
import { SessionTimeout } from '../features/auth/components/session-timeout.js';
import { AppLayout } from './layout.js';
import { endedParam } from './session-loss.js';

/** Pages behind sign-in: without a session, go to sign-in and come back after (told the session ended, when it had one). */
export function RequireSession() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  if (session.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (session.error instanceof ApiError && session.error.code === 'UNAUTHENTICATED') {
    // a tab that was signed in (its last session read, or the session's clock, is still there) is told why it ended
    const ended = endedParam(session.data !== undefined);
    return <Navigate to={`/sign-in?${ended}next=${encodeURIComponent(location.pathname + location.search + location.hash)}`} replace />;
  }
  if (session.isError)
    return (
      <Box sx={{ p: 4 }}>
        <ErrorAlert error={session.error} onRetry={() => void session.refetch()} />
      </Box>
    );
  // one question before leaving unsaved work, whatever on the page holds it (forms, pages of a document)
  return (
    <LeaveGuardHost>
      <AppLayout session={session.data}>
        <Outlet />
        {/* activity reported, and the warning before the session ends, in every signed-in tab */}
        <SessionTimeout />
      </AppLayout>
    </LeaveGuardHost>
  );
}
