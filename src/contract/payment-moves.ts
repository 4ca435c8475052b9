import { z } from 'zod';
import { GuidSchema, IsoDateSchema } from './common.js';
import { PaymentAllocationSchema } from './claims.js';

/**
 * Tenant payments the partner spread again without a change to them (GET
 * /api/claims/{claimId}/payment-moves). The sandbox never does (a payment's allocation is fixed
 * when recorded), the real service may: the dashboard server remembers each payment's allocation
 * as first seen and answers where it differs now, so no payment changes month unseen.
 */
export const PaymentMoveSchema = z.object({
  paymentId: GuidSchema,
  /** The allocation as first seen (months as yyyy-MM-01 or the partner's due dates). */
  from: z.array(PaymentAllocationSchema),
  /** The allocation the partner answers now. */
  to: z.array(PaymentAllocationSchema),
  /**
   * The partner's date when the dashboard first saw it moved (not when the partner moved it, nor
   * why: the partner does not say, and a guess from dates named a declaration for a move a
   * correction had made).
   */
  seenOn: IsoDateSchema,
});
export type PaymentMove = z.infer<typeof PaymentMoveSchema>;
export const PaymentMoveListSchema = z.array(PaymentMoveSchema);
