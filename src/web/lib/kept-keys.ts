import { newIdempotencyKey } from './api-client.js';

/**
 * An Idempotency-Key kept in the browser (localStorage) under a name that says what it sends (a
 * month of a claim, a payment), until that is settled: a double click, a retry after a lost answer
 * or the same send after a reload carries the same key, so the server answers the first request
 * again (or says it was interrupted) instead of sending a second one to the partner.
 */
export function keptKey(name: string): string {
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

/** What the key sent is settled: the key is no longer needed. */
export function forgetKeptKey(name: string): void {
  try {
    localStorage.removeItem(name);
  } catch {
    // nothing kept
  }
}
