import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.js';
import { ApiError } from '../../../lib/api-error.js';
import { useUnsubscribe } from '../api/unsubscribe.js';

/** A link the server does not recognize as its own (altered, cut, expired, or of another server): nothing changed. */
const forged = (error: unknown) => error instanceof ApiError && error.status === 400;

/**
 * What an e-mail's unsubscribe link stops, and the button that stops it: opening the page changes
 * nothing (mail scanners open links), only the press posts the link's token. No sign-in needed.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const { t } = useTranslation();
  const send = useUnsubscribe();
  const account = (
    <Link component={RouterLink} to="/account#follows">
      {t('unsubscribe.account')}
    </Link>
  );
  if (!token || (send.isError && forged(send.error)))
    return (
      <Stack spacing={2}>
        <Alert severity="error" role="alert">
          {t('unsubscribe.invalid')}
        </Alert>
        {account}
      </Stack>
    );
  if (send.isSuccess)
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {t(`unsubscribe.${send.data.result === 'unsubscribed' ? 'done' : 'already'}.${send.data.stopped}`)}
        </Alert>
        {account}
      </Stack>
    );
  return (
    <Stack spacing={2}>
      <Typography>{t('unsubscribe.what')}</Typography>
      {send.isError ? <ErrorAlert error={send.error} /> : null}
      <Button
        variant="contained"
        size="large"
        onClick={() => send.mutate(token)}
        disabled={send.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {send.isPending ? t('unsubscribe.sending') : t('unsubscribe.confirm')}
      </Button>
    </Stack>
  );
}
