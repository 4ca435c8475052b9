import { RealTimeNote } from '../../../components/real-time-note.js';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Notification } from '../../../../contract/follows.js';
import { notificationFilePath, notificationSentence } from '../../../../contract/notification-words.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { formatDate, formatTime } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { useMarkRead, useNotifications, useUnread } from '../api/notifications.js';
import { visuallyHidden } from '../../../components/visually-hidden.js';

/** One notification: what happened, by whom and when; it opens its file and marks itself read. */
function NotificationLine({ n, onOpen }: { n: Notification; onOpen: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const unread = n.readAt === null;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={notificationFilePath(n.file)}
        onClick={onOpen}
        sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25 }}
      >
        {/* the unread dot, said as words after the sentence */}
        <Box
          aria-hidden
          sx={{ mt: 0.9, width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: unread ? 'primary.main' : 'transparent' }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}>
            {notificationSentence(n, lang)}
            {unread ? <Box component="span" sx={visuallyHidden}>{` (${t('notifications.unread')})`}</Box> : null}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('notifications.at', { date: formatDate(n.createdAt, lang), time: formatTime(n.createdAt, lang) })}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

/** My notifications, newest first, a page at a time, with "mark all read". */
export function NotificationPanel({
  titleId,
  onClose,
  onOpened,
  realTime = false,
}: {
  titleId: string;
  onClose: () => void;
  onOpened: () => void;
  /** Its times said to be the real ones (sandbox mode: the header shows the sandbox's day). */
  realTime?: boolean;
}) {
  const { t } = useTranslation();
  const list = useNotifications();
  const unread = useUnread();
  const mark = useMarkRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const count = unread.data?.unread ?? list.data?.pages[0]?.unread ?? 0;
  const idle = count === 0 || mark.isPending;
  return (
    <Stack sx={{ minHeight: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, pt: 1.5, pb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('notifications.title')}
        </Typography>
        {/* never disabled (the focus would fall out of the panel once all is read): said unavailable instead */}
        <Button
          size="small"
          aria-disabled={idle}
          onClick={() => {
            if (!idle) mark.mutate(null);
          }}
          sx={{ textTransform: 'none', whiteSpace: 'nowrap', flexShrink: 0, ...(idle ? { color: 'text.disabled' } : null) }}
        >
          {t('notifications.markAll')}
        </Button>
        <IconButton aria-label={t('notifications.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      {mark.isError ? <ErrorAlert error={mark.error} /> : null}
      {list.isPending ? (
        <Box sx={{ p: 2 }}>
          <Skeleton variant="rounded" height={160} />
        </Box>
      ) : null}
      {list.isError ? <ErrorAlert error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isSuccess && items.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('notifications.none')}
        </Typography>
      ) : null}
      {items.length > 0 ? (
        <List aria-labelledby={titleId} sx={{ py: 0 }}>
          {items.map((n) => (
            <NotificationLine
              key={n.id}
              n={n}
              onOpen={() => {
                if (n.readAt === null) mark.mutate(n.id);
                onOpened();
              }}
            />
          ))}
        </List>
      ) : null}
      {list.hasNextPage ? (
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {t('notifications.more')}
          </Button>
        </Box>
      ) : null}
      <Box sx={{ px: 2 }}>
        <RealTimeNote show={realTime} />
      </Box>
      <Divider />
      <Link component={RouterLink} to="/account#follows" onClick={onOpened} sx={{ p: 2 }}>
        {t('notifications.account')}
      </Link>
    </Stack>
  );
}
