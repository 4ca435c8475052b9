import type { PaymentBody } from '../../../contract/claims.js';
import { newIdempotencyKey } from '../../lib/api-client.js';

/**
 * One Idempotency-Key per new payment (its claim, amount and apply date), kept in the browser
 * (localStorage) until the payment is settled: a retry after a lost answer, or the same payment
 * sent again after a reload, carries the same key, so the server answers the first request (or
 * says it was interrupted, and the partner is asked) instead of sending a second payment.
 */
const PREFIX = 'pd.payment.key:';
const nameOf = (claimId: string, body: PaymentBody) => `${PREFIX}${claimId}:${body.amount}:${body.applyDate}`;

export function paymentKey(claimId: string, body: PaymentBody): string {
  const name = nameOf(claimId, body);
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

/** The payment is recorded, refused, or found (or not) at the partner: its key is no longer needed. */
export function forgetPaymentKey(claimId: string, body: PaymentBody): void {
  try {
    localStorage.removeItem(nameOf(claimId, body));
  } catch {
    // nothing kept
  }
}
