import type { PaymentBody } from '../../../contract/claims.js';
import { forgetKeptKey, keptKey } from '../../lib/kept-keys.js';

/**
 * One Idempotency-Key per new payment (its claim, amount and apply date), kept until the payment is
 * settled: a retry after a lost answer, or the same payment sent again after a reload, carries the
 * same key, so the server answers the first request (or says it was interrupted, and the partner is
 * asked) instead of sending a second payment.
 */
const nameOf = (claimId: string, body: PaymentBody) => `pd.payment.key:${claimId}:${body.amount}:${body.applyDate}`;

export const paymentKey = (claimId: string, body: PaymentBody): string => keptKey(nameOf(claimId, body));

/** The payment is recorded, refused, or found (or not) at the partner: its key is no longer needed. */
export const forgetPaymentKey = (claimId: string, body: PaymentBody): void => forgetKeptKey(nameOf(claimId, body));
