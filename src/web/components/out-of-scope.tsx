import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../lib/api-error.js';
import { errorMessage } from '../lib/error-messages.js';
import { useLang } from '../lib/i18n.js';

/** Whether a read was refused because the project is outside an intermediary's scope (OUT_OF_SCOPE). */
export const isOutOfScope = (error: unknown): boolean => error instanceof ApiError && error.code === 'OUT_OF_SCOPE';

/**
 * Where a link outside an intermediary's scope leads: what the page is not (with the rule's reason,
 * the catalogue's words: no claim, not an active contract) and the ways back: the previous page,
 * her claims, the agency's active contracts.
 */
export function OutOfScope({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // a link opened in a new tab has no page to go back to: the claims then
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {t('outOfScope.title')}
      </Typography>
      <Typography>{errorMessage(error, useLang())}</Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignSelf: { xs: 'stretch', sm: 'auto' } }}
      >
        {canGoBack ? (
          <Button variant="contained" onClick={() => void navigate(-1)}>
            {t('outOfScope.back')}
          </Button>
        ) : null}
        <Button component={RouterLink} to="/claims" variant={canGoBack ? 'outlined' : 'contained'}>
          {t('outOfScope.claims')}
        </Button>
        <Button component={RouterLink} to="/projects?status=7" variant="outlined">
          {t('outOfScope.active')}
        </Button>
      </Stack>
    </Stack>
  );
}
