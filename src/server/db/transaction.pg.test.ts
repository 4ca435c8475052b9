import { expect, test } from 'vitest';
import type { ServerDb } from './db.js';
import { inTransaction } from './transaction.js';
import { migratedDatabase } from '../test/harness.js';

/**
 * Two writers of the read model can meet on rows they both change (018's counters, kept by
 * triggers), in opposite orders: PostgreSQL aborts one of them (a deadlock). Both writes must land.
 */
test('two transactions that change the same rows in opposite orders both land: the one PostgreSQL aborts runs again', async () => {
  const { database, close } = await migratedDatabase();
  try {
    const db = database.db;
    await db
      .insertInto('rm_inbox_counts')
      .values([
        { area: 'claim', kind: 'deadlock.a', day: '', n: 0 },
        { area: 'claim', kind: 'deadlock.b', day: '', n: 0 },
      ])
      .execute();
    const add = (trx: ServerDb, kind: string, by: number) =>
      trx
        .updateTable('rm_inbox_counts')
        .set((eb) => ({ n: eb('n', '+', by) }))
        .where('kind', '=', kind)
        .execute();
    let oneHoldsA = () => {};
    let twoHoldsB = () => {};
    const aHeld = new Promise<void>((r) => (oneHoldsA = r));
    const bHeld = new Promise<void>((r) => (twoHoldsB = r));
    await Promise.all([
      inTransaction(db, async (trx) => {
        await add(trx, 'deadlock.a', 1);
        oneHoldsA();
        await bHeld;
        await add(trx, 'deadlock.b', 1);
      }),
      inTransaction(db, async (trx) => {
        await add(trx, 'deadlock.b', 10);
        twoHoldsB();
        await aHeld;
        await add(trx, 'deadlock.a', 10);
      }),
    ]);
    const rows = await db.selectFrom('rm_inbox_counts').select(['kind', 'n']).where('kind', 'like', 'deadlock.%').orderBy('kind').execute();
    expect(rows.map((r) => [r.kind, Number(r.n)])).toEqual([
      ['deadlock.a', 11],
      ['deadlock.b', 11],
    ]);
  } finally {
    await close();
  }
});
