import { z } from 'zod';
import { TenantPaymentSchema, type TenantPayment } from '../../contract/claims.js';
import type { Upstream } from '../upstream/client.js';
import { readJson } from '../upstream/read.js';

/**
 * A tenant payment as the partner has it before it is changed or deleted, so the audit trail can
 * say which payment it was ("Paiement de 190,00 € du 05/02/2027 supprimé"): the spec's delete has
 * no body, and its answer says nothing of the payment. Null when it cannot be read (the write
 * goes on; the partner answers E0233 for a payment it does not know).
 */
export async function paymentBefore(
  upstream: Upstream,
  claimId: string,
  paymentId: string,
  requestId: string,
): Promise<TenantPayment | null> {
  try {
    const list = await readJson(upstream, `/v1/claims/${claimId}/payments`, requestId, z.array(TenantPaymentSchema));
    return list.find((p) => p.id.toLowerCase() === paymentId.toLowerCase()) ?? null;
  } catch {
    return null;
  }
}
