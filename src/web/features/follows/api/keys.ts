import { watchedKey } from '../../../lib/query-keys.js';
import type { FollowedKind } from '../../../../contract/follows.js';

/** Query keys of following files and of the reader's notifications: area → kind → params. */
export const followKeys = {
  all: watchedKey,
  state: (kind: FollowedKind, id: string) => [...followKeys.all, 'state', kind, id.toLowerCase()] as const,
  list: () => [...followKeys.all, 'list'] as const,
  preferences: () => [...followKeys.all, 'preferences'] as const,
  digestHour: () => [...followKeys.all, 'digest-hour'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};
