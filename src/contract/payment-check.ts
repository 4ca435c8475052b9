import { z } from 'zod';
import { TenantPaymentSchema } from './claims.js';
import { TimestampSchema } from './common.js';

/**
 * A tenant payment whose sending was interrupted (409 IDEMPOTENCY_KEY_INTERRUPTED: the server
 * handling it stopped between the partner's answer and its own note of it, or the partner did not
 * answer in time) is looked up at the partner: POST /api/claims/{claimId}/payment-check with the
 * key and the body that were sent. A payment has no key of its own at the partner, so the server
 * reads the claim's payments and answers those of that amount and apply date recorded since the
 * interrupted attempt began; the audit trail records what was found.
 */
export const paymentCheckPath = (claimId: string) => `/api/claims/${claimId}/payment-check`;

export const PaymentCheckBodySchema = z.object({
  /** The Idempotency-Key the interrupted request carried. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/),
  /** The body that request sent, as sent (the server checks it is the same request). */
  payment: z.object({ amount: z.number(), applyDate: z.string().max(10) }),
});
export type PaymentCheckBody = z.infer<typeof PaymentCheckBodySchema>;

export const PaymentCheckSchema = z.object({
  /** Whether the partner has a payment of that amount and date recorded since the attempt began. */
  arrived: z.boolean(),
  /** When the interrupted attempt began, on the partner's clock (its payments' createdAt). */
  since: TimestampSchema,
  /** Those payments, oldest first (one, unless a colleague recorded the same meanwhile). */
  found: z.array(TenantPaymentSchema),
});
export type PaymentCheck = z.infer<typeof PaymentCheckSchema>;
