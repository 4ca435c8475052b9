import { newIdempotencyKey } from '../../lib/api-client.js';

/**
 * One Idempotency-Key per claim and month, kept in the browser (localStorage) until the month is
 * declared: a double click, a retry or the same send after a reload carries the same key, so the
 * server answers the first declaration again instead of sending a second one to the partner.
 */
const PREFIX = 'pd.round.key:';

export function keyFor(claimId: string, rentDueDate: string): string {
  const name = `${PREFIX}${claimId}:${rentDueDate.slice(0, 7)}`;
  try {
    const kept = localStorage.getItem(name);
    if (kept) return kept;
    const key = newIdempotencyKey();
    localStorage.setItem(name, key);
    return key;
  } catch {
    return newIdempotencyKey(); // storage refused (private mode): the key lives as long as the call
  }
}

/** The month is declared (or the partner refused it for good): its key is no longer needed. */
export function forgetKey(claimId: string, rentDueDate: string): void {
  try {
    localStorage.removeItem(`${PREFIX}${claimId}:${rentDueDate.slice(0, 7)}`);
  } catch {
    // nothing kept
  }
}
