import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** When even the error's code cannot be loaded (the network is gone): say so, plainly. */
function Unreachable() {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ p: 4 }}>
      <Typography>{t('errors.network')}</Typography>
      <Typography component="a" href={window.location.href} sx={{ color: 'primary.main' }}>
        {t('errors.retry')}
      </Typography>
    </Box>
  );
}

// the alert and its buttons load when an error happens, not with every first page
const RouteErrorView = lazy(() => import('./route-error-view.js').catch(() => ({ default: Unreachable })));

/** Route-level boundary: a failing page shows an error, never a blank screen. */
export function RouteError() {
  const error = useRouteError();
  return (
    <Suspense fallback={null}>
      <RouteErrorView error={error} />
    </Suspense>
  );
}
