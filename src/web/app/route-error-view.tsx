import Box from '@mui/material/Box';
import { ErrorAlert } from '../components/error-alert.js';

/** What a failing page shows: the error, said in the UI language, with a retry. */
export default function RouteErrorView({ error }: { error: unknown }) {
  return (
    <Box sx={{ p: 4 }}>
      <ErrorAlert error={error} onRetry={() => window.location.reload()} />
    </Box>
  );
}
