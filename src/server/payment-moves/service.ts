import { z } from 'zod';
import { TenantPaymentSchema } from '../../contract/claims.js';
import type { PaymentMove } from '../../contract/payment-moves.js';
import type { Upstream } from '../upstream/client.js';
import { readJson } from '../upstream/read.js';
import type { TodayProvider } from '../upstream/today.js';
import { sameShares, type PaymentAllocationStore } from './store.js';

/**
 * Compares the partner's payments with their allocations as first seen: a payment seen for the
 * first time is remembered where it is; one answered elsewhere since is a move, dated the first
 * day it was seen so. A payment changed or recorded through the dashboard starts again (proxy).
 */
export class PaymentMoves {
  constructor(
    private readonly store: PaymentAllocationStore,
    private readonly upstream: Upstream,
    private readonly today: TodayProvider,
  ) {}

  async of(claimId: string, requestId: string): Promise<PaymentMove[]> {
    const [payments, today, remembered] = await Promise.all([
      readJson(this.upstream, `/v1/claims/${claimId}/payments`, requestId, z.array(TenantPaymentSchema)),
      this.today.today(requestId),
      this.store.ofClaim(claimId),
    ]);
    const moves: PaymentMove[] = [];
    for (const p of payments) {
      const r = remembered.get(p.id.toLowerCase());
      if (!r) {
        await this.store.remember(claimId, p.id, p.allocations, today);
        continue;
      }
      if (sameShares(r.first, p.allocations)) {
        if (r.moved) await this.store.markMoved(p.id, null, null);
        continue;
      }
      let seenOn = r.movedOn ?? today;
      if (!r.moved || !sameShares(r.moved, p.allocations)) {
        seenOn = today;
        await this.store.markMoved(p.id, p.allocations, today);
      }
      moves.push({ paymentId: p.id, from: r.first, to: p.allocations, seenOn });
    }
    return moves;
  }

  /** A payment recorded or changed through the dashboard: where the partner put it is its new start. */
  async written(claimId: string, answer: unknown, requestId: string): Promise<void> {
    const p = TenantPaymentSchema.safeParse(answer);
    if (p.success) await this.store.remember(claimId, p.data.id, p.data.allocations, await this.today.today(requestId));
  }

  deleted(paymentId: string): Promise<void> {
    return this.store.forget(paymentId);
  }
}
