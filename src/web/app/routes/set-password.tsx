import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/error-alert.js';
import { useLinkInfo } from '../../features/account/api/inspect-link.js';
import { SetPasswordForm } from '../../features/account/components/set-password-form.js';
import { setLanguage } from '../../lib/i18n.js';
import { loadFeatureCopy } from '../i18n/load.js';
import { SignedOutPage } from '../signed-out-page.js';
import { usePageTitle } from '../use-page-title.js';

/**
 * The page of an invitation or password-reset link: the token is the address's fragment (never
 * sent in a request line, so never in a log), read here and posted. The page speaks the language
 * the manager chose for the person (the link's, the one its e-mail was written in), whatever this
 * browser spoke before, and so does the session it ends with (the UI language is kept); the
 * language switch still changes it.
 */
export default function SetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useLocation().hash.replace(/^#/, '');
  const info = useLinkInfo(token);
  // the link whose language the page has taken (once: a switch afterwards is the person's choice)
  const [spoken, setSpoken] = useState<string | null>(null);
  const lang = info.data?.lang;
  useEffect(() => {
    if (!lang || spoken === token) return undefined;
    let live = true;
    // its copy first (a download the first time), then every word switches at once
    void loadFeatureCopy(lang)
      .catch(() => undefined)
      .then(() => {
        if (!live) return;
        setLanguage(lang);
        setSpoken(token);
      });
    return () => {
      live = false;
    };
  }, [lang, token, spoken]);
  // nothing is said in another language before the link's: a spinner until then
  const ready = info.isError || (info.data !== undefined && spoken === token);
  const heading = info.isError
    ? t('account.link.invalidTitle')
    : info.data?.kind === 'reset'
      ? t('account.link.resetTitle')
      : t('account.link.inviteTitle');
  usePageTitle(heading);
  return (
    <SignedOutPage overline={t('app.title')} maxWidth={480}>
      {ready ? (
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {heading}
        </Typography>
      ) : (
        <CircularProgress aria-label={t('common.loading')} />
      )}
      {info.isError ? (
        <Stack spacing={2}>
          <ErrorAlert error={info.error} reference={false} />
          <Link component={RouterLink} to="/sign-in">
            {t('account.link.toSignIn')}
          </Link>
        </Stack>
      ) : null}
      {info.data && ready ? (
        <Stack spacing={2}>
          <Typography>{t('account.link.hello', { name: info.data.name })}</Typography>
          <SetPasswordForm token={token} info={info.data} onDone={() => void navigate('/', { replace: true })} />
        </Stack>
      ) : null}
    </SignedOutPage>
  );
}
