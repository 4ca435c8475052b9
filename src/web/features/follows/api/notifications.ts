import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  FOLLOW_PATHS,
  NotificationPageSchema,
  UnreadCountSchema,
  type NotificationPage,
  type UnreadCount,
} from '../../../../contract/follows.js';
import { apiCall } from '../../../lib/api-client.js';
import { notificationKeys } from './keys.js';

const PAGE = 20;

export const getUnread = (signal?: AbortSignal) => apiCall('GET', FOLLOW_PATHS.unread, UnreadCountSchema, { signal });

/** How many of my notifications I have not read: kept current by the live stream's `notifications` event. */
export const unreadQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.unread(), queryFn: ({ signal }) => getUnread(signal), staleTime: 60_000 });
export const useUnread = () => useQuery(unreadQueryOptions());

export const getNotifications = (cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (cursor) query.set('cursor', cursor);
  return apiCall('GET', `${FOLLOW_PATHS.notifications}?${query.toString()}`, NotificationPageSchema, { signal });
};

/** My notifications, newest first, a page at a time (the next page from the last one's cursor). */
export const useNotifications = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: notificationKeys.list(),
      queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );

type Pages = InfiniteData<NotificationPage, string | null>;

/** Marks notifications read in the pages already shown (one, or every one). */
const markShown = (pages: Pages | undefined, id: string | null, at: string): Pages | undefined =>
  pages && {
    ...pages,
    pages: pages.pages.map((p) => ({
      ...p,
      items: p.items.map((n) => (n.readAt === null && (id === null || n.id === id) ? { ...n, readAt: at } : n)),
    })),
  };

/** Marks one notification read (opening it does), or all of them: the list and the bell's count follow the server's answer. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) => apiCall('POST', id === null ? FOLLOW_PATHS.readAll : FOLLOW_PATHS.readOf(id), UnreadCountSchema),
    onSuccess: (count, id) => {
      qc.setQueryData<UnreadCount>(notificationKeys.unread(), count);
      qc.setQueryData<Pages>(notificationKeys.list(), (pages) => markShown(pages, id, new Date().toISOString()));
    },
  });
}
