import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { notificationFileLabel, notificationFilePath } from '../../../../contract/notification-words.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { formatDate } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { useFollowedFiles, useStopFollowing } from '../api/followed-files.js';

/** The files I follow (a page at a time), each with why and since when, and a way to stop. */
export function FollowedList() {
  const { t } = useTranslation();
  const lang = useLang();
  const files = useFollowedFiles();
  const stop = useStopFollowing();
  if (files.isPending) return <Skeleton variant="rounded" height={160} />;
  if (files.isError) return <ErrorAlert error={files.error} onRetry={() => void files.refetch()} />;
  const items = files.data.pages.flatMap((p) => p.items);
  const total = files.data.pages.at(-1)?.total ?? items.length;
  return (
    <Stack spacing={1.5}>
      <Typography color="text.secondary">{t('follow.list.hint')}</Typography>
      <Typography role="status">
        {stop.isSuccess ? `${t('follow.list.stoppedOne', { name: notificationFileLabel(stop.variables, lang) })} ` : ''}
        {items.length > 0 ? t('follow.list.total', { count: total }) : t('follow.list.none')}
      </Typography>
      {items.length > 0 ? (
        <List disablePadding>
          {items.map((f) => (
            <ListItem
              key={`${f.kind}-${f.id}`}
              divider
              disableGutters
              sx={{ gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' }, justifyContent: 'space-between' }}
            >
              <Stack sx={{ minWidth: 0 }}>
                <Link component={RouterLink} to={notificationFilePath(f)} sx={{ overflowWrap: 'anywhere' }}>
                  {notificationFileLabel(f, lang)}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {t('follow.list.since', { reason: t(`follow.reasons.${f.reason}`), date: formatDate(f.followedAt, lang) })}
                </Typography>
              </Stack>
              <Button
                variant="outlined"
                size="small"
                aria-label={t('follow.list.stopOne', { name: notificationFileLabel(f, lang) })}
                disabled={stop.isPending && stop.variables.id === f.id}
                onClick={() => stop.mutate(f)}
                sx={{ flexShrink: 0 }}
              >
                {t('follow.list.stop')}
              </Button>
            </ListItem>
          ))}
        </List>
      ) : null}
      {stop.isError ? <ErrorAlert error={stop.error} /> : null}
      {files.hasNextPage ? (
        <Button onClick={() => void files.fetchNextPage()} disabled={files.isFetchingNextPage} sx={{ alignSelf: 'flex-start' }}>
          {t('follow.list.more')}
        </Button>
      ) : null}
    </Stack>
  );
}
