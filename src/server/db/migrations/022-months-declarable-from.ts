import { type Kysely, sql } from 'kysely';
import { declarableFrom } from '../../../contract/months.js';

/** Months filled per statement: bounded, whatever the number of claims. */
const BATCH = 500;

/**
 * Each month kept in the read model says from which day it is to declare (declarable_from: its
 * due date on the claim's own day while undeclared, null once declared; contract/months.ts), so
 * the round, the menu's badge and the work queue ask the database "to declare today?" as
 * `declarable_from <= today`: the contract's rule exactly, instead of a coarser filter on the
 * partner's date followed by a second one in the server. The months kept before get theirs from
 * the same function, from what they hold (no partner call); declared months stay null. The index
 * holds the undeclared months only (a query comparing the column implies its condition).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rm_debts').addColumn('declarable_from', 'text').execute();
  type Row = { claim_id: string; rent_due_date: string; id: string | null; status: number | string; first: string };
  let after: { claim: string; date: string } | null = null;
  for (;;) {
    const from = after;
    const rows: Row[] = (
      await sql<Row>`SELECT d.claim_id, d.rent_due_date, d.id, d.status, c.rent_due_date AS first
        FROM rm_debts d JOIN rm_claims c ON c.id = d.claim_id
        WHERE d.id IS NULL ${from ? sql`AND (d.claim_id > ${from.claim} OR (d.claim_id = ${from.claim} AND d.rent_due_date > ${from.date}))` : sql``}
        ORDER BY d.claim_id, d.rent_due_date LIMIT ${BATCH}`.execute(db)
    ).rows;
    for (const r of rows) {
      const value = declarableFrom(r.first, { id: r.id, status: Number(r.status), rentDueDate: r.rent_due_date });
      if (value !== null)
        await sql`UPDATE rm_debts SET declarable_from = ${value} WHERE claim_id = ${r.claim_id} AND rent_due_date = ${r.rent_due_date}`.execute(
          db,
        );
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = { claim: last.claim_id, date: last.rent_due_date };
  }
  await db.schema
    .createIndex('rm_debts_declarable')
    .on('rm_debts')
    .columns(['claim_id', 'declarable_from'])
    .where(sql.ref('declarable_from'), 'is not', null)
    .execute();
}
