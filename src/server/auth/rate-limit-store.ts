import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { ServerDb } from '../db/db.js';

/** Windows are forgotten this long after they started (the longest window used is a minute). */
const KEEP_MS = 60 * 60_000;

/**
 * @fastify/rate-limit's counters in the shared database (fixed windows, one row per key), so a
 * limit per address holds across replicas instead of per process. When the database fails, the
 * plugin's skipOnError is left false: the request is refused rather than let through unlimited.
 */
export function databaseRateLimitStore(db: ServerDb, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, cb: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const t = now();
      const expired = sql<boolean>`${sql.ref('rate_limits.window_start')} + ${timeWindow} <= ${t}`;
      db.insertInto('rate_limits')
        .values({ key: this.prefix + key, window_start: t, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`CASE WHEN ${expired} THEN 1 ELSE ${sql.ref('rate_limits.count')} + 1 END`,
            window_start: sql<number>`CASE WHEN ${expired} THEN ${t} ELSE ${sql.ref('rate_limits.window_start')} END`,
          }),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow()
        .then(
          (r) => cb(null, { current: Number(r.count), ttl: Math.max(0, Number(r.window_start) + timeWindow - t) }),
          (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
        );
    }

    /** A route's own counters (the plugin passes the route as routeInfo). */
    child(options: object): FastifyRateLimitStore {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new DatabaseStore(`${this.prefix}${String(route.method ?? '')}${route.url ?? ''}-`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

/** Deletes the windows long over. */
export async function purgeRateLimits(db: ServerDb, now: () => number = Date.now): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', now() - KEEP_MS)
    .execute();
}
