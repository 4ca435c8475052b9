import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
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
import { useInbox } from '../features/inbox/api/get-inbox.js';
import { useRouteFocus } from './use-route-focus.js';
import { currentLang, setLanguage } from '../lib/i18n.js';

/** Navigation by role; only pages that exist are linked. Projects and Claims show what awaits in the inbox. */
const NAV: { to: string; key: string; roles: Session['user']['role'][]; badge?: 'projects' | 'claims' }[] = [
  { to: '/', key: 'nav.inbox', roles: ['manager', 'staff', 'intermediary'] },
  { to: '/projects', key: 'nav.projects', roles: ['manager', 'staff', 'intermediary'], badge: 'projects' },
  { to: '/claims', key: 'nav.claims', roles: ['manager', 'staff', 'intermediary'], badge: 'claims' },
  { to: '/stats', key: 'nav.stats', roles: ['manager'] },
  { to: '/events', key: 'nav.events', roles: ['manager'] },
  { to: '/settings', key: 'nav.settings', roles: ['manager'] },
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

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A count of things to handle beside a navigation label, read out as "N to handle". */
function NavBadge({ count, label }: { count: number; label: string }) {
  const { t } = useTranslation();
  if (count === 0) return <>{label}</>;
  return (
    <Badge badgeContent={count} max={999} color="error" sx={{ '& .MuiBadge-badge': { right: -12 } }}>
      {label}
      <Box component="span" sx={visuallyHidden}>
        {` (${t('nav.pending', { count })})`}
      </Box>
    </Badge>
  );
}

export function AppLayout({ session, children }: { session: Session; children: ReactNode }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const live = useLiveEvents();
  const inbox = useInbox();
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
                end={n.to === '/'}
                color="inherit"
                sx={{ '&.active': { textDecoration: 'underline', textUnderlineOffset: 6 } }}
              >
                <NavBadge count={n.badge && inbox.data ? inbox.data.areas[n.badge] : 0} label={t(n.key)} />
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
