import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { sessionQueryOptions } from '../../features/auth/api/get-session.js';
import { SignInForm } from '../../features/auth/components/sign-in-form.js';
import { LanguageSwitch } from '../language-switch.js';
import { mayOpen } from '../route-access.js';

export default function SignInRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const next = params.get('next');
  const target = next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 440 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
          <Typography variant="overline" component="p">
            {t('app.subtitle')}
          </Typography>
          {/* before signing in too: a shared computer's browser may not speak the user's language */}
          <LanguageSwitch onDark={false} short />
        </Stack>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('app.title')}
        </Typography>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('signIn.title')}
        </Typography>
        {params.get('ended') === '1' ? (
          // why the user is here, in the middle of their work: said once, before the form
          <Alert severity="info" role="status" sx={{ mb: 2 }}>
            {t('signIn.sessionEnded')}
          </Alert>
        ) : null}
        <SignInForm
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
      </Paper>
    </Box>
  );
}
