import type { ServerDb } from '../db/db.js';
import { ReadModelStore, oldestRead, type ReadTable } from './store.js';

/**
 * A read-model answer's "data as of": null while the initial sync has not finished (the answer
 * may lack rows not read yet, and the page says so), then the oldest read behind it, or the end
 * of the initial sync when the organization has no such rows.
 */
export async function answerAsOf(db: ServerDb, tables: readonly ReadTable[]): Promise<number | null> {
  const initial = await new ReadModelStore(db).initial();
  if (initial.phase !== 'done') return null;
  return (await oldestRead(db, tables)) ?? initial.finishedAt;
}

/**
 * Until the first sync has completed, what the partner last answered (null: no failure yet, the
 * sync is under way); null once it has completed. An answer built from the read model before then
 * would pass for an empty organization.
 */
export async function firstSyncPending(store: ReadModelStore): Promise<{ lastAnswer: string | null } | null> {
  if ((await store.initial()).phase === 'done') return null;
  return { lastAnswer: (await store.passes()).lastError?.message ?? null };
}
