import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ApiError, retryHelps } from '../lib/api-error.js';
import { errorMessage } from '../lib/error-messages.js';
import { useLang } from '../lib/i18n.js';

/**
 * An inline error with the catalogue's message, the request id to quote, and a retry when it helps.
 * `reference={false}` where the user fixes the error themselves and support has nothing to look up
 * (a wrong password).
 */
export function ErrorAlert({ error, onRetry, reference = true }: { error: unknown; onRetry?: () => void; reference?: boolean }) {
  const { t } = useTranslation();
  const requestId = reference && error instanceof ApiError ? error.requestId : null;
  const retry = onRetry && retryHelps(error) ? onRetry : undefined;
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        retry ? (
          <Button color="inherit" size="small" onClick={retry}>
            {t('errors.retry')}
          </Button>
        ) : undefined
      }
    >
      {errorMessage(error, useLang())}
      {requestId ? (
        <div>
          <small>{t('errors.reference', { requestId })}</small>
        </div>
      ) : null}
    </Alert>
  );
}
