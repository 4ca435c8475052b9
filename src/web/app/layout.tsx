import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import type { Session } from '../../contract/session.js';
import { useLogout } from '../features/auth/api/logout.js';
import { useLiveEvents } from '../features/events/hooks/use-live-events.js';
import { useRouteFocus } from './use-route-focus.js';
import { currentLang, setLanguage } from '../lib/i18n.js';

/** Navigation by role; only pages that exist are linked. */
const NAV: { to: string; key: string; roles: Session['user']['role'][] }[] = [
  { to: '/projects', key: 'nav.projects', roles: ['manager', 'staff', 'intermediary'] },
  { to: '/claims', key: 'nav.claims', roles: ['manager', 'staff', 'intermediary'] },
  { to: '/stats', key: 'nav.stats', roles: ['manager'] },
  { to: '/events', key: 'nav.events', roles: ['manager'] },
];

export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <Select
      size="small"
      value={currentLang()}
      onChange={(e) => setLanguage(e.target.value === 'en' ? 'en' : 'fr')}
      inputProps={{ 'aria-label': t('nav.language') }}
      sx={{
        color: 'inherit',
        '.MuiSelect-icon': { color: 'inherit' },
        '.MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.4)' },
      }}
    >
      <MenuItem value="fr">Français</MenuItem>
      <MenuItem value="en">English</MenuItem>
    </Select>
  );
}

export function AppLayout({ session, children }: { session: Session; children: ReactNode }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const live = useLiveEvents();
  useRouteFocus();
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <Link
        href="#main"
        sx={{ position: 'absolute', left: -9999, '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }}
      >
        {t('app.skip')}
      </Link>
      <AppBar position="static" elevation={0} component="header">
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {t('app.title')}
          </Typography>
          {session.mode === 'sandbox' ? <Chip label={t('app.sandbox')} color="warning" size="small" /> : null}
          <Box component="nav" aria-label="Navigation" sx={{ display: 'flex', gap: 1, flex: 1 }}>
            {NAV.filter((n) => n.roles.includes(session.user.role)).map((n) => (
              <Button
                key={n.to}
                component={NavLink}
                to={n.to}
                color="inherit"
                sx={{ '&.active': { textDecoration: 'underline', textUnderlineOffset: 6 } }}
              >
                {t(n.key)}
              </Button>
            ))}
          </Box>
          {live === 'reconnecting' ? <Chip size="small" color="default" label={t('events.reconnecting')} role="status" /> : null}
          <LanguageSwitch />
          <Typography variant="body2" component="p" aria-label={t('nav.account')}>
            {session.user.name} · {t(`roles.${session.user.role}`)}
          </Typography>
          <Button
            color="inherit"
            variant="outlined"
            disabled={logout.isPending}
            onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/sign-in') })}
          >
            {t('nav.signOut')}
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" id="main" maxWidth="xl" sx={{ py: 3 }}>
        {children}
      </Container>
    </Box>
  );
}
