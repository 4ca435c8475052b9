import Box from '@mui/material/Box';
import { useRouteError } from 'react-router';
import { ErrorAlert } from '../components/error-alert.js';

/** Route-level boundary: a failing page shows an error, never a blank screen. */
export function RouteError() {
  const error = useRouteError();
  return (
    <Box sx={{ p: 4 }}>
      <ErrorAlert error={error} onRetry={() => window.location.reload()} />
    </Box>
  );
}
