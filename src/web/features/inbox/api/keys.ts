import type { InboxQuery } from '../../../../contract/inbox.js';

/** Query keys of the work inbox: every partner event and every change made here refreshes the prefix ['inbox']. */
export const inboxKeys = {
  all: ['inbox'] as const,
  list: (q: InboxQuery) => [...inboxKeys.all, 'list', q] as const,
};
