import { InitialSyncSchema } from '../../contract/sync.js';
import type { ServerDb } from '../db.js';

type ReadTable = 'rm_claims' | 'rm_projects';

/** When the oldest row kept in `tables` was last read from the partner (null: none kept). */
export async function oldestRead(db: ServerDb, tables: readonly ReadTable[]): Promise<number | null> {
  const reads = await Promise.all(
    tables.map(async (table) => {
      const r = await db
        .selectFrom(table)
        .select((eb) => eb.fn.min('synced_at').as('at'))
        .executeTakeFirst();
      return r?.at === null || r?.at === undefined ? null : Number(r.at);
    }),
  );
  const known = reads.filter((x): x is number => x !== null);
  return known.length ? Math.min(...known) : null;
}

/**
 * A read-model answer's "data as of": null while the initial sync has not finished (the answer
 * may lack rows not read yet, and the page says so), then the oldest read behind it, or the end
 * of the initial sync when the organization has no such rows.
 */
export async function answerAsOf(db: ServerDb, tables: readonly ReadTable[]): Promise<number | null> {
  const row = await db.selectFrom('rm_sync').select('state').where('name', '=', 'initial').executeTakeFirst();
  const initial = row ? InitialSyncSchema.safeParse(JSON.parse(row.state)) : null;
  if (!initial?.success || initial.data.phase !== 'done') return null;
  return (await oldestRead(db, tables)) ?? initial.data.finishedAt;
}
