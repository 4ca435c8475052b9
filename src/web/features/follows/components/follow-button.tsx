import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowedKind } from '../../../../contract/follows.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { ApiError } from '../../../lib/api-error.js';
import { useFollowState, useSetFollowing } from '../api/follow-state.js';
import { visuallyHidden } from '../../../components/visually-hidden.js';

/** A file the reader may not follow (outside her scope, or gone): the server's refusal, and no button. */
export const notFollowable = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 404);

/**
 * "Surveiller" / "Watch" on a file's page: a toggle (aria-pressed), "Surveillé" / "Watching" while
 * followed; one press stops. Absent for a file the reader may not follow.
 */
export function FollowButton({ kind, id }: { kind: FollowedKind; id: string }) {
  const { t } = useTranslation();
  const statusId = useId();
  const state = useFollowState(kind, id);
  const set = useSetFollowing(kind, id);
  // the placeholder takes the button's own size (MUI's Skeleton measures its child), 44 px high on
  // a phone as every button there: a fixed 36 px moved the page below by 8 px when the button came
  if (state.isPending)
    return (
      <Skeleton variant="rounded">
        <Button variant="outlined" startIcon={<NotificationsNoneIcon />}>
          {t('follow.follow')}
        </Button>
      </Skeleton>
    );
  if (state.isError) return notFollowable(state.error) ? null : <ErrorAlert error={state.error} onRetry={() => void state.refetch()} />;
  // while the change is on its way, the button shows where it goes
  const following = set.isPending ? set.variables : state.data.following;
  return (
    <Box>
      <Button
        variant={following ? 'contained' : 'outlined'}
        startIcon={following ? <NotificationsActiveIcon /> : <NotificationsNoneIcon />}
        aria-pressed={following}
        aria-describedby={statusId}
        title={t('follow.hint')}
        disabled={set.isPending}
        onClick={() => set.mutate(!following)}
        sx={{ flexShrink: 0 }}
      >
        {following ? t('follow.following') : t('follow.follow')}
      </Button>
      {/* said after a press (the button's own state says the rest) */}
      <Box component="span" id={statusId} role="status" sx={visuallyHidden}>
        {set.isSuccess ? t(set.variables ? 'follow.nowFollowing' : 'follow.stopped') : ''}
      </Box>
      {set.isError ? <ErrorAlert error={set.error} /> : null}
    </Box>
  );
}
