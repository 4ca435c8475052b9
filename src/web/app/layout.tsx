import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, NavLink, useLocation, useNavigate } from 'react-router';
import { mayOpen } from '../../contract/access.js';
import { defaultClaimView } from '../../contract/assignments.js';
import type { Role, Session } from '../../contract/session.js';
import type { UnreadCount } from '../../contract/follows.js';
import { sessionQueryOptions } from '../features/auth/api/get-session.js';
import { notificationKeys } from '../features/follows/api/keys.js';
import { NotificationBell } from '../features/follows/components/notification-bell.js';
import { useLiveEvents } from '../features/events/hooks/use-live-events.js';
import { useInbox } from '../features/inbox/api/get-inbox.js';
import { useRoundSummary } from '../features/round/api/get-round.js';
import { SearchButton } from '../features/search/components/search-button.js';
import { affectedKeys } from './affected-keys.js';
import { LanguageSwitch } from './language-switch.js';
import { OrganizationMenu } from './organization-menu.js';
import { useRouteFocus } from './use-route-focus.js';
import { NetworkStatus } from '../components/network-status.js';
import { visuallyHidden } from '../components/visually-hidden.js';
import { ApiError } from '../lib/api-error.js';
import { formatDate } from '../lib/dates.js';
import { useLang, type MessageKey } from '../lib/i18n.js';

/** Navigation: the pages the role may open (mayOpen); only pages that exist are linked. Projects and Claims show what awaits in the inbox. */
/**
 * The manager's header keeps to one row at 1280 px with six entries: the monthly round took the
 * events' place there (the events are linked from the work queue, the audit trail from the events).
 */
const NAV: { to: string; key: MessageKey; badge?: 'projects' | 'claims' | 'round' }[] = [
  { to: '/', key: 'nav.inbox' },
  { to: '/projects', key: 'nav.projects', badge: 'projects' },
  { to: '/claims', key: 'nav.claims', badge: 'claims' },
  { to: '/round', key: 'nav.round', badge: 'round' },
  { to: '/stats', key: 'nav.stats' },
];

/** The organization's pages (the manager's, as mayOpen says): one menu in the header's row, a titled group in the drawer. */
const ORGANIZATION: { to: string; key: MessageKey }[] = [
  { to: '/team', key: 'nav.team' },
  { to: '/audit', key: 'nav.audit' },
  { to: '/events', key: 'nav.events' },
  { to: '/settings', key: 'nav.settings' },
];

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

/**
 * A navigation label with what awaits in its area of the inbox. The inbox is read here, not by the
 * layout: its answer (a Query update, drawn synchronously) re-renders these labels, not the header.
 */
function AreaLabel({ area, label, role }: { area?: 'projects' | 'claims' | 'round'; label: string; role: Role }) {
  // what the area's list opens on for the role (an intermediary's: her own claims), so the count is what she finds there
  const view = defaultClaimView(role);
  const inbox = useInbox(view === 'mine' ? { view } : {}, area === 'projects' || area === 'claims');
  // the round: its months to declare, counted by the rule the round lists them with
  const round = useRoundSummary(view, area === 'round');
  const count = area === 'round' ? (round.data?.monthsDue ?? 0) : !area || !inbox.data ? 0 : inbox.data.areas[area];
  return <NavBadge count={count} label={label} />;
}

/**
 * The header: one row on a desk (≥ 1200 px); on phones and narrow windows, the title and a menu
 * button that opens the navigation, the language, the account and sign-out in a drawer.
 */
export function AppLayout({ session, children }: { session: Session; children: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const checkSession = async () => {
    // a 401 here sends the tab to sign-in (the query client's rule); another user means a reload
    const now = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 }).catch((err: unknown) => {
      if (err instanceof ApiError && err.code === 'UNAUTHENTICATED') return null;
      throw err;
    });
    if (!now) return false;
    if (now.user.email === session.user.email) return true;
    window.location.reload();
    return false;
  };
  // the bell's count as the stream says it, and the list of notifications read again when next shown
  const onNotifications = (count: UnreadCount) => {
    queryClient.setQueryData(notificationKeys.unread(), count);
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
  };
  const live = useLiveEvents(session.user.email, affectedKeys, checkSession, onNotifications);
  const wide = useMediaQuery(useTheme().breakpoints.up('lg'), { noSsr: true });
  const [menu, setMenu] = useState(false);
  const [menuAt, setMenuAt] = useState(pathname);
  if (menuAt !== pathname) {
    // a link followed from the drawer closes it
    setMenuAt(pathname);
    setMenu(false);
  }
  // a tap on a link closes the drawer at once: a page that asks before it is left (unsaved work)
  // asks over the page itself, and staying shows it
  const closeMenu = () => setMenu(false);
  useRouteFocus();
  const links = NAV.filter((n) => mayOpen(session.user.role, n.to));
  const organization = ORGANIZATION.filter((n) => mayOpen(session.user.role, n.to));
  const role = t(`roles.${session.user.role}`);
  const account = `${session.user.name} · ${role}`;
  // said after the name and role (what the link shows comes first in what it is called)
  const accountHint = (
    <Box component="span" sx={visuallyHidden}>
      {`, ${t('nav.accountHint')}`}
    </Box>
  );
  // sign-out has its own page: a form with unsaved changes asks first, as for any other link
  const signOut = () => void navigate('/sign-out', { state: { signOut: true } });
  const reconnecting =
    live === 'reconnecting' ? <Chip size="small" color="default" label={t('events.reconnecting')} role="status" /> : null;
  return (
    <Box sx={{ minHeight: '100vh' }}>
      {/* a link of the router (its own history entry): a bare "#main" made one the router's
          leave guard cannot read, and the router's focus on a page's place (#…) takes it there */}
      <Link
        component={RouterLink}
        to="#main"
        sx={{ position: 'absolute', left: -9999, '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }}
      >
        {t('app.skip')}
      </Link>
      <AppBar position="static" elevation={0} component="header">
        {/* a desk's row and a phone's hold the search button too: narrower gaps on a desk, and on a
            phone the title gives way (ellipsis) rather than the row running off the screen */}
        <Toolbar sx={{ gap: { xs: 1, sm: 1.5, lg: 1 }, flexWrap: 'nowrap', minWidth: 0 }}>
          {!wide ? (
            <IconButton color="inherit" edge="start" aria-label={t('nav.menu')} aria-expanded={menu} onClick={() => setMenu(true)}>
              <MenuIcon />
            </IconButton>
          ) : null}
          {/* the sandbox's mark under the title, as the role under the name: beside it, the manager's
              row ran out of room at 1280 px in French (the settings link ran under the search button) */}
          <Box sx={{ flexShrink: { xs: 1, lg: 0 }, minWidth: 0, lineHeight: 1 }}>
            <Typography variant="h6" component="p" noWrap sx={{ fontWeight: 700, lineHeight: 1.2 }}>
              {t('app.title')}
            </Typography>
            {/* the sandbox's day, said once for every page: the dates shown follow its clock (the trail keeps real time) */}
            {session.mode === 'sandbox' ? (
              <Chip
                label={t('app.sandboxDate', { date: formatDate(session.today, lang) })}
                title={t('app.sandboxClock', { date: formatDate(session.today, lang) })}
                color="warning"
                size="small"
                sx={{ height: 18, fontSize: '0.7rem' }}
              />
            ) : null}
          </Box>
          {wide ? (
            <>
              <Box component="nav" aria-label="Navigation" sx={{ display: 'flex', gap: 0.5, flex: 1, minWidth: 0 }}>
                {links.map((n) => (
                  <Button
                    key={n.to}
                    component={NavLink}
                    to={n.to}
                    end={n.to === '/'}
                    color="inherit"
                    sx={{
                      flexShrink: 0,
                      // 4 px a side (the labels 12 px apart): with the bell, the manager's French row had
                      // no room left at 1280 px ("Organisation" ran under the search button)
                      px: 0.5,
                      textTransform: 'none',
                      fontSize: '0.95rem',
                      '&.active': { textDecoration: 'underline', textUnderlineOffset: 6 },
                    }}
                  >
                    <AreaLabel area={n.badge} label={t(n.key)} role={session.user.role} />
                  </Button>
                ))}
                {organization.length > 0 ? <OrganizationMenu pages={organization} /> : null}
              </Box>
              <SearchButton owner={session.user.email} />
              <NotificationBell realTime={session.mode === 'sandbox'} />
              <LanguageSwitch short />
              {/* name above role: the manager's header keeps to one row at 1280 px */}
              {/* My account (every role): the name is its link */}
              {/* a link that looks like one: the person's icon, the name underlined */}
              <Typography
                variant="body2"
                component={NavLink}
                to="/account"
                sx={{
                  lineHeight: 1.25,
                  flexShrink: 0,
                  color: 'inherit',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.5,
                  textDecoration: 'none',
                  '& .name': { textDecoration: 'underline', textUnderlineOffset: 3 },
                  '&:hover .name, &.active .name': { textDecorationThickness: 2 },
                }}
              >
                <AccountCircleIcon fontSize="small" aria-hidden />
                <span>
                  <span className="name">{session.user.name}</span>
                  <Box component="span" sx={visuallyHidden}>
                    {' · '}
                  </Box>
                  <Box component="span" sx={{ display: 'block', fontSize: '0.75rem', opacity: 0.85 }}>
                    {role}
                  </Box>
                  {accountHint}
                </span>
              </Typography>
              <Button color="inherit" variant="outlined" onClick={signOut} sx={{ flexShrink: 0, textTransform: 'none' }}>
                {t('nav.signOut')}
              </Button>
            </>
          ) : (
            <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 1 }}>
              {reconnecting}
              <SearchButton owner={session.user.email} />
              <NotificationBell realTime={session.mode === 'sandbox'} />
            </Box>
          )}
        </Toolbar>
        {/* below the row on a desk: the row has no room to spare for it at 1280 px */}
        {wide && reconnecting ? <Box sx={{ px: 3, pb: 1 }}>{reconnecting}</Box> : null}
      </AppBar>
      {!wide ? (
        <Drawer
          open={menu}
          onClose={() => setMenu(false)}
          slotProps={{ paper: { sx: { width: 300, maxWidth: '85vw' }, 'aria-label': t('nav.menu') } }}
        >
          <Stack spacing={2} sx={{ p: 2 }}>
            <Typography
              variant="body2"
              component={NavLink}
              to="/account"
              sx={{ color: 'inherit', display: 'flex', alignItems: 'center', gap: 1, minHeight: 44 }}
            >
              <AccountCircleIcon aria-hidden />
              <span>
                {account}
                {accountHint}
              </span>
            </Typography>
            <LanguageSwitch onDark={false} />
          </Stack>
          <Divider />
          <List component="nav" aria-label="Navigation">
            {links.map((n) => (
              <ListItemButton
                key={n.to}
                component={NavLink}
                to={n.to}
                end={n.to === '/'}
                onClick={closeMenu}
                sx={{ '&.active': { fontWeight: 700, bgcolor: 'action.selected' } }}
              >
                <AreaLabel area={n.badge} label={t(n.key)} role={session.user.role} />
              </ListItemButton>
            ))}
          </List>
          {organization.length > 0 ? (
            <>
              <Divider />
              <List
                component="nav"
                aria-labelledby="drawer-organization"
                subheader={
                  <ListSubheader component="div" id="drawer-organization">
                    {t('nav.organization')}
                  </ListSubheader>
                }
              >
                {organization.map((n) => (
                  <ListItemButton
                    key={n.to}
                    component={NavLink}
                    to={n.to}
                    onClick={closeMenu}
                    sx={{ '&.active': { fontWeight: 700, bgcolor: 'action.selected' } }}
                  >
                    {t(n.key)}
                  </ListItemButton>
                ))}
              </List>
            </>
          ) : null}
          <Divider />
          <Box sx={{ p: 2 }}>
            <Button
              variant="outlined"
              fullWidth
              onClick={() => {
                closeMenu();
                signOut();
              }}
            >
              {t('nav.signOut')}
            </Button>
          </Box>
        </Drawer>
      ) : null}
      <Container component="main" id="main" maxWidth="xl" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
        <NetworkStatus />
        {children}
      </Container>
    </Box>
  );
}
