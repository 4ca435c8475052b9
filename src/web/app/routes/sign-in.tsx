import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isReturnPath } from '../../../contract/return-path.js';
import { sessionQueryOptions } from '../../features/auth/api/get-session.js';
import { SignInForm } from '../../features/auth/components/sign-in-form.js';
import { readClock } from '../../features/auth/lib/session-clock.js';
import { hasAnyDraft } from '../../lib/drafts.js';
import { SignedOutPage } from '../signed-out-page.js';
import { mayOpen } from '../../../contract/access.js';

export default function SignInRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const next = params.get('next');
  const target = isReturnPath(next) ? next : '/';
  const ended = params.get('ended');
  // the session's limits as this browser last knew them, and whether this tab keeps a draft: read once
  const [clock] = useState(readClock);
  const [drafts] = useState(hasAnyDraft);
  const why =
    ended === 'idle' && clock
      ? t('signIn.endedIdle', { count: Math.round(clock.idleLimit / 60_000) })
      : ended === 'max' && clock
        ? t('signIn.endedMax', { count: Math.round(clock.maxLimit / 3_600_000) })
        : ended === 'elsewhere'
          ? t('signIn.endedElsewhere')
          : ended
            ? t('signIn.sessionEnded')
            : null;
  return (
    <SignedOutPage overline={t('app.subtitle')} maxWidth={440}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('app.title')}
      </Typography>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('signIn.title')}
      </Typography>
      {why ? (
        // why the user is here, in the middle of their work: said once, before the form
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {why}
          {drafts ? <> {t('signIn.draftsWait')}</> : null}
        </Alert>
      ) : null}
      <SignInForm
        next={target}
        ssoCode={params.get('sso')}
        onSignedIn={() =>
          // the page asked may be another user's (signed out on a manager page): one this user may not open goes home
          void queryClient
            .fetchQuery(sessionQueryOptions())
            .then((session) => (mayOpen(session.user.role, target) ? target : '/'))
            .catch(() => target)
            .then((to) => navigate(to, { replace: true }))
        }
      />
    </SignedOutPage>
  );
}
