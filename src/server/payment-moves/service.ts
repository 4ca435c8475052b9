import { z } from 'zod';
import { RentalDebtSchema, TenantPaymentSchema, type RentalDebt, type TenantPayment } from '../../contract/claims.js';
import type { PaymentMove } from '../../contract/payment-moves.js';
import type { Upstream } from '../upstream/client.js';
import { readJson } from '../upstream/read.js';
import type { TodayProvider } from '../upstream/today.js';
import { sameShares, type PaymentAllocationStore, type Remembered } from './store.js';

const month = (date: string) => date.slice(0, 7);

/** The month the payment moved to that was declared since it was first seen (the latest), if any. */
function declaredSince(r: Remembered, now: TenantPayment['allocations'], debts: readonly RentalDebt[]): string | null {
  const before = new Set(r.first.map((a) => month(a.rentDueDate)));
  const added = new Set(now.map((a) => month(a.rentDueDate)).filter((m) => !before.has(m)));
  const declared = debts.filter(
    (d) => d.id !== null && added.has(month(d.rentDueDate)) && (d.createdAt ?? '').slice(0, 10) >= r.firstSeenOn,
  );
  return (
    declared
      .map((d) => d.rentDueDate)
      .sort()
      .at(-1) ?? null
  );
}

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
    const [payments, debts, today, remembered] = await Promise.all([
      readJson(this.upstream, `/v1/claims/${claimId}/payments`, requestId, z.array(TenantPaymentSchema)),
      readJson(this.upstream, `/v1/claims/${claimId}/rentaldebts`, requestId, z.array(RentalDebtSchema)),
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
      moves.push({ paymentId: p.id, from: r.first, to: p.allocations, seenOn, afterDeclaring: declaredSince(r, p.allocations, debts) });
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
