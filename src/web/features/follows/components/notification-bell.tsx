import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Portal from '@mui/material/Portal';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../components/lazy-part.js';
import { useUnread } from '../api/notifications.js';
import { visuallyHidden } from '../../../components/visually-hidden.js';

// the list (its sentences, paging and marking) comes when the bell is first opened: the header carries only the button
const NotificationPanel = lazyPart(() => import('./notification-panel.js').then((m) => m.NotificationPanel));

const fallback = (
  <Box sx={{ p: 2 }}>
    <Skeleton variant="text" width="40%" />
    <Skeleton variant="rounded" height={160} sx={{ mt: 1 }} />
  </Box>
);

/**
 * The header's bell: how many notifications I have not read (kept current by the live stream, see
 * the layout), said in the button's name and, when it changes, once in a polite live region (not
 * on each drawing of the header, nor on the first reading). It opens my notifications: a popover
 * under it on a desk, a full-width drawer on a phone; both move the focus into the list, close with
 * Escape and give the focus back to the bell.
 */
export function NotificationBell({ realTime = false }: { realTime?: boolean }) {
  const { t } = useTranslation();
  const unread = useUnread();
  const count = unread.data?.unread ?? null;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  // the bell while its list is open
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  // a notification opened: its page takes the focus, not the bell
  const [leaving, setLeaving] = useState(false);
  // what the live region says: the count once it changes after the first reading
  const [said, setSaid] = useState<{ count: number | null; text: string }>({ count, text: '' });
  if (said.count !== count && count !== null)
    setSaid({ count, text: said.count === null ? '' : count === 0 ? t('nav.unreadNone') : t('nav.unreadNow', { count }) });
  const close = (opened: boolean) => {
    setLeaving(opened);
    setAnchor(null);
  };
  const panel = (
    <NotificationPanel
      fallback={fallback}
      titleId={titleId}
      realTime={realTime}
      onClose={() => close(false)}
      onOpened={() => close(true)}
    />
  );
  const paper = { role: 'dialog', 'aria-labelledby': titleId } as const;
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={count ? t('nav.notificationsUnread', { count }) : t('nav.notifications')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(e) => {
          setLeaving(false);
          setAnchor(e.currentTarget);
        }}
      >
        <Badge badgeContent={count ?? 0} max={99} color="error">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {/* a polite live region of its own, not a status of the page (a page keeps its one status line),
          at the end of the document rather than in the header (whose language switch has its own) */}
      <Portal>
        <Box component="span" aria-live="polite" aria-atomic="true" data-testid="unread-announcement" sx={visuallyHidden}>
          {said.text}
        </Box>
      </Portal>
      {phone ? (
        <Drawer
          anchor="right"
          open={open}
          onClose={() => close(false)}
          disableRestoreFocus={leaving}
          slotProps={{ paper: { ...paper, sx: { width: '100%' } } }}
        >
          {panel}
        </Drawer>
      ) : (
        <Popover
          open={open}
          anchorEl={anchor}
          onClose={() => close(false)}
          disableRestoreFocus={leaving}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ paper: { ...paper, sx: { width: 420, maxWidth: 'calc(100vw - 32px)', maxHeight: '75vh' } } }}
        >
          {panel}
        </Popover>
      )}
    </>
  );
}
