import type { ServerDb } from './db.js';

/**
 * PostgreSQL's codes for a transaction it aborted to let another finish: a deadlock (40P01) or a
 * serialization failure (40001). Nothing of it was written, so running it again is safe.
 */
const LOST_TO_ANOTHER = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

function lostToAnother(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'code' in e && LOST_TO_ANOTHER.has(String(e.code));
}

/**
 * Runs `fn` in one transaction, again (three attempts in all) when PostgreSQL aborted it for
 * another writer: the read model's counts and scope (018) are kept by triggers, so two writers of
 * unrelated rows can meet on a shared counter in opposite orders. `fn` must only write through
 * `trx` (a retry starts from nothing written).
 */
export async function inTransaction<T>(db: ServerDb, fn: (trx: ServerDb) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (e) {
      if (attempt >= ATTEMPTS || !lostToAnother(e)) throw e;
    }
  }
}
