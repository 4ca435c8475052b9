import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/error-alert.js';
import { useLinkInfo } from '../../features/account/api/inspect-link.js';
import { SetPasswordForm } from '../../features/account/components/set-password-form.js';
import { LanguageSwitch } from '../language-switch.js';
import { usePageTitle } from '../use-page-title.js';

/**
 * The page of an invitation or password-reset link: the token is the address's fragment (never
 * sent in a request line, so never in a log), read here and posted.
 */
export default function SetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useLocation().hash.replace(/^#/, '');
  const info = useLinkInfo(token);
  const heading = info.isError
    ? t('account.link.invalidTitle')
    : info.data?.kind === 'reset'
      ? t('account.link.resetTitle')
      : t('account.link.inviteTitle');
  usePageTitle(heading);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 480 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
          <Typography variant="overline" component="p">
            {t('app.title')}
          </Typography>
          <LanguageSwitch onDark={false} short />
        </Stack>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {heading}
        </Typography>
        {info.isPending ? <CircularProgress aria-label={t('common.loading')} /> : null}
        {info.isError ? (
          <Stack spacing={2}>
            <ErrorAlert error={info.error} reference={false} />
            <Link component={RouterLink} to="/sign-in">
              {t('account.link.toSignIn')}
            </Link>
          </Stack>
        ) : null}
        {info.data ? (
          <Stack spacing={2}>
            <Typography>{t('account.link.hello', { name: info.data.name })}</Typography>
            <SetPasswordForm token={token} info={info.data} onDone={() => void navigate('/', { replace: true })} />
          </Stack>
        ) : null}
      </Paper>
    </Box>
  );
}
