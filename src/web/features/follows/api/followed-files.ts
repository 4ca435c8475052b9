import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { FOLLOW_PATHS, FollowStateSchema, FollowedPageSchema, type FollowedFile, type FollowedPage } from '../../../../contract/follows.js';
import { apiCall } from '../../../lib/api-client.js';
import { followKeys } from './keys.js';

const PAGE = 20;

export const getFollowedFiles = (cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (cursor) query.set('cursor', cursor);
  return apiCall('GET', `${FOLLOW_PATHS.follows}?${query.toString()}`, FollowedPageSchema, { signal });
};

/** The files I follow, newest first, a page at a time. */
export const useFollowedFiles = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: followKeys.list(),
      queryFn: ({ pageParam, signal }) => getFollowedFiles(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );

type Pages = InfiniteData<FollowedPage, string | null>;

/**
 * Stops following a file from the list: it leaves the pages shown at once (the pages after it are
 * not read again, so the list does not jump), and its page's button says so when opened.
 */
export function useStopFollowing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: FollowedFile) => apiCall('DELETE', FOLLOW_PATHS.followOf(file.kind, file.id), FollowStateSchema),
    onSuccess: (state, file) => {
      qc.setQueryData<Pages>(
        followKeys.list(),
        (pages) =>
          pages && {
            ...pages,
            pages: pages.pages.map((p) => ({
              ...p,
              total: p.total - 1,
              items: p.items.filter((f) => f.kind !== file.kind || f.id !== file.id),
            })),
          },
      );
      qc.setQueryData(followKeys.state(file.kind, file.id), state);
    },
  });
}
