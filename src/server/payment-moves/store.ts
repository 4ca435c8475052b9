import type { TenantPayment } from '../../contract/claims.js';
import type { ServerDb } from '../db/db.js';

export type Shares = TenantPayment['allocations'];

export interface Remembered {
  paymentId: string;
  first: Shares;
  firstSeenOn: string;
  moved: Shares | null;
  movedOn: string | null;
}

/** Same months and amounts, whatever the day the partner names a month by. */
export const sameShares = (a: Shares, b: Shares): boolean =>
  a.length === b.length && a.every((x, i) => x.rentDueDate.slice(0, 7) === b[i]?.rentDueDate.slice(0, 7) && x.amount === b[i]?.amount);

const parse = (text: string | null): Shares | null => (text === null ? null : (JSON.parse(text) as Shares));

/**
 * Each tenant payment's allocation as the dashboard first saw it (a write's answer or the first
 * read), and when it was first seen elsewhere. Its queries stay here (table: migration
 * 005_payment_allocations).
 */
export class PaymentAllocationStore {
  constructor(private readonly db: ServerDb) {}

  async ofClaim(claimId: string): Promise<Map<string, Remembered>> {
    const rows = await this.db.selectFrom('payment_allocations').selectAll().where('claim_id', '=', claimId.toLowerCase()).execute();
    return new Map(
      rows.map((r) => [
        r.payment_id,
        { paymentId: r.payment_id, first: parse(r.first) ?? [], firstSeenOn: r.first_seen_on, moved: parse(r.moved), movedOn: r.moved_on },
      ]),
    );
  }

  /** A payment recorded or changed here, or seen for the first time: this is where it is. */
  async remember(claimId: string, paymentId: string, shares: Shares, on: string): Promise<void> {
    const first = JSON.stringify(shares);
    await this.db
      .insertInto('payment_allocations')
      .values({
        payment_id: paymentId.toLowerCase(),
        claim_id: claimId.toLowerCase(),
        first,
        first_seen_on: on,
        moved: null,
        moved_on: null,
      })
      .onConflict((oc) => oc.column('payment_id').doUpdateSet({ first, first_seen_on: on, moved: null, moved_on: null }))
      .execute();
  }

  /** The partner answers it elsewhere than first seen (null: back where it was). */
  async markMoved(paymentId: string, shares: Shares | null, on: string | null): Promise<void> {
    await this.db
      .updateTable('payment_allocations')
      .set({ moved: shares === null ? null : JSON.stringify(shares), moved_on: on })
      .where('payment_id', '=', paymentId.toLowerCase())
      .execute();
  }

  async forget(paymentId: string): Promise<void> {
    await this.db.deleteFrom('payment_allocations').where('payment_id', '=', paymentId.toLowerCase()).execute();
  }
}
