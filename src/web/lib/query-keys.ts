import type { InboxQuery } from '../../contract/inbox.js';
import type { Operation } from '../../contract/paths.js';

/**
 * Query keys more than one feature names. Every key starts with its area; each feature's factory
 * (claimKeys, projectKeys) starts from its area's root here, so a change that touches a whole area
 * (a sandbox back-office step) can name it without importing that feature.
 */
export const areaKey = <A extends Operation['area']>(area: A) => [area] as const;

/**
 * The work inbox sums up every feature's data and every change made here may settle one of its
 * lines, so every write refreshes it (see own-writes.ts).
 */
/**
 * The menu's count of the monthly round: a claim's write may declare its month (or open a claim
 * with months due), so claim writes refresh it with the rest, and its echo is then not read again.
 */
export const roundSummaryKey = ['round', 'summary'] as const;

/**
 * What the person watches (features/follows): shared, since taking a file or being given it
 * (features/assignments) makes its assignee watch it.
 */
export const watchedKey = ['follows'] as const;

export const inboxKeys = {
  all: ['inbox'] as const,
  list: (q: InboxQuery) => [...inboxKeys.all, 'list', q] as const,
};
