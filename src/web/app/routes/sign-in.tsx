import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SignInForm } from '../../features/auth/components/sign-in-form.js';

export default function SignInRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const target = next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 440 }}>
        <Typography variant="overline" component="p">
          {t('app.subtitle')}
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('app.title')}
        </Typography>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('signIn.title')}
        </Typography>
        <SignInForm onSignedIn={() => void navigate(target, { replace: true })} />
      </Paper>
    </Box>
  );
}
