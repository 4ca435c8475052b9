import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FOLLOW_PATHS, FollowStateSchema, type FollowedKind, type FollowState } from '../../../../contract/follows.js';
import { apiCall } from '../../../lib/api-client.js';
import { followKeys, notificationKeys } from './keys.js';

export const getFollowState = (kind: FollowedKind, id: string, signal?: AbortSignal) =>
  apiCall('GET', FOLLOW_PATHS.followOf(kind, id), FollowStateSchema, { signal });

/** Whether I follow this file, and what changed on it since I last opened it. A refusal (not mine to follow) is not retried. */
export const useFollowState = (kind: FollowedKind, id: string) =>
  useQuery(
    queryOptions({
      queryKey: followKeys.state(kind, id),
      queryFn: ({ signal }) => getFollowState(kind, id, signal),
      // what changed since the last visit is read each time the page opens (what the cache kept is
      // from before the last visit), and not again while it is open
      staleTime: Infinity,
      refetchOnMount: 'always',
    }),
  );

export const setFollowing = (kind: FollowedKind, id: string, following: boolean) =>
  apiCall(following ? 'PUT' : 'DELETE', FOLLOW_PATHS.followOf(kind, id), FollowStateSchema);

/** Follows the file or stops: the button shows the new state at once, and the list of followed files is read again. */
export function useSetFollowing(kind: FollowedKind, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (following: boolean) => setFollowing(kind, id, following),
    onSuccess: (state) => {
      qc.setQueryData<FollowState>(followKeys.state(kind, id), state);
      return qc.invalidateQueries({ queryKey: followKeys.list() });
    },
  });
}

/** Records that I opened the file's page now: what I was shown is what I have seen (and the bell's count may drop). */
export function useRecordVisit() {
  const qc = useQueryClient();
  return useMutation({
    // (its answer, the state before the visit, is what the page already read)
    mutationFn: ({ kind, id }: { kind: FollowedKind; id: string }) => apiCall('POST', FOLLOW_PATHS.visitOf(kind, id), FollowStateSchema),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
