import { ClaimSchema, type Claim } from '../../contract/claims.js';
import { CLAIM_TERMINAL_STATUSES, RentalDebtStatusSchema } from '../../contract/enums.js';
import { isMine, mineIds, type MineReader } from '../assignments/store.js';
import type { ServerDb } from '../db/db.js';
import { inChunks } from '../in-chunks.js';
import { answerAsOf } from '../sync/as-of.js';
import type { RoundMonthSource } from './rules.js';

/**
 * The round's reads of the read model (rm_claims, rm_debts: kept equal to the partner by the sync,
 * by webhooks and by the re-read that follows every write made here). Its own queries, beside the
 * sync's store: the round only reads.
 */
export class RoundReadModel {
  constructor(private readonly db: ServerDb) {}

  /**
   * The open claims kept with a month to declare today (isToDeclare, asked of the column the sync
   * keeps by it), each with all its months in order: exactly the claims roundRow makes a row of.
   */
  async candidates(today: string, mine: MineReader | null = null): Promise<{ claim: Claim; months: RoundMonthSource[] }[]> {
    const claims = await this.db
      .selectFrom('rm_claims as c')
      .select(['c.id', 'c.data'])
      .where('c.status', 'not in', [...CLAIM_TERMINAL_STATUSES])
      // "mine": the claims the reader opened or looks after (the lists' rule)
      .$if(mine !== null, (b) => (mine ? b.where(isMine(this.db, 'claim', mine, 'c.id')) : b))
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('rm_debts as d')
            .select('d.claim_id')
            .whereRef('d.claim_id', '=', 'c.id')
            // to declare today (isToDeclare): the column is the contract's declarableFrom
            .where('d.declarable_from', '<=', today),
        ),
      )
      .execute();
    const months = new Map<string, RoundMonthSource[]>();
    const ids = claims.map((c) => c.id);
    const rows = await inChunks(ids, (chunk) =>
      this.db
        .selectFrom('rm_debts')
        .select(['claim_id', 'rent_due_date', 'id', 'status', 'rent_amount'])
        .where('claim_id', 'in', chunk)
        .orderBy('claim_id')
        .orderBy('rent_due_date')
        .execute(),
    );
    for (const r of rows) {
      const list = months.get(r.claim_id) ?? [];
      list.push({
        id: r.id,
        status: RentalDebtStatusSchema.parse(Number(r.status)),
        rentDueDate: r.rent_due_date,
        rentAmount: r.rent_amount === null ? null : Number(r.rent_amount),
      });
      months.set(r.claim_id, list);
    }
    return claims.map((c) => ({ claim: ClaimSchema.parse(JSON.parse(c.data)), months: months.get(c.id) ?? [] }));
  }

  /** The claims the reader opened or looks after (isMine), by id. */
  mineIds(mine: MineReader): Promise<Set<string>> {
    return mineIds(this.db, 'claim', mine);
  }

  /** When the oldest claim behind the round was last read from the partner (the page's "data as of"). */
  async asOf(): Promise<number | null> {
    return answerAsOf(this.db, ['rm_claims']);
  }
}
