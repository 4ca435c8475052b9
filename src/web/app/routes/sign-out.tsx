import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/api/logout.js';

/**
 * Signing out happens on its own page, after the signed-in pages are gone: they cannot re-read
 * what is being cleared (each such read would answer 401), and a form with unsaved changes asks
 * before it is left, as for any other navigation.
 */
export default function SignOutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signOut = useSignOut();
  const started = useRef(false);
  // only the app's own button sets this state: a link from elsewhere signs nobody out
  const asked = (location.state as { signOut?: boolean } | null)?.signOut === true;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!asked) {
      void navigate('/', { replace: true });
      return;
    }
    void signOut().finally(() => void navigate('/sign-in', { replace: true }));
  }, [asked, navigate, signOut]);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', gap: 2 }}>
      <CircularProgress aria-label={t('nav.signingOut')} />
      <Typography>{t('nav.signingOut')}</Typography>
    </Box>
  );
}
