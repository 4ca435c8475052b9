import { forgetKeptKey, keptKey } from '../../lib/kept-keys.js';

/**
 * One Idempotency-Key per claim and month, kept until the month is declared: a double click, a
 * retry or the same send after a reload carries the same key, so the server answers the first
 * declaration again instead of sending a second one to the partner.
 */
const nameOf = (claimId: string, rentDueDate: string) => `pd.round.key:${claimId}:${rentDueDate.slice(0, 7)}`;

export const keyFor = (claimId: string, rentDueDate: string): string => keptKey(nameOf(claimId, rentDueDate));

/** The month is declared (or the partner refused it for good): its key is no longer needed. */
export const forgetKey = (claimId: string, rentDueDate: string): void => forgetKeptKey(nameOf(claimId, rentDueDate));
