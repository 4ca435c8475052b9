import { sql } from 'kysely';
import type { ServerDb } from '../db.js';

/**
 * Sign-in throttling per (account, address) pair, instead of locking the account: wrong passwords
 * from one address slow that address down on that account, with growing delays, and never lock
 * the owner out from another address. The first FREE_FAILURES cost nothing; each one after that
 * makes the next attempt wait, twice as long each time (1 s, 2 s, 4 s ... up to 15 minutes). A
 * pair is forgotten 15 minutes after its last failure, or at its first success. The pairs live in
 * the shared database, so failures count across replicas; forgotten pairs are pruned (purge).
 */
export const FREE_FAILURES = 3;
export const MAX_DELAY_MS = 15 * 60_000;
export const FORGET_AFTER_MS = 15 * 60_000;

export function delayAfter(failures: number): number {
  return failures <= FREE_FAILURES ? 0 : Math.min(1000 * 2 ** (failures - FREE_FAILURES - 1), MAX_DELAY_MS);
}

export class SignInThrottle {
  constructor(
    private readonly db: ServerDb,
    private readonly now: () => number = Date.now,
  ) {}

  private key(email: string, address: string): string {
    return JSON.stringify([email.toLowerCase(), address]); // text PostgreSQL accepts (no NUL)
  }

  /** Milliseconds this pair must still wait before a password is checked again (0: go ahead). */
  async wait(email: string, address: string): Promise<number> {
    const t = this.now();
    const p = await this.db
      .selectFrom('login_failures')
      .select('not_before')
      .where('pair', '=', this.key(email, address))
      .where('last', '>=', t - FORGET_AFTER_MS)
      .executeTakeFirst();
    return p ? Math.max(0, p.not_before - t) : 0;
  }

  /** Records a wrong password (atomically, whichever replica sees it); answers the pair's failure count. */
  async failed(email: string, address: string): Promise<number> {
    const t = this.now();
    const pair = this.key(email, address);
    const row = await this.db
      .insertInto('login_failures')
      .values({ pair, failures: 1, last: t, not_before: t + delayAfter(1) })
      .onConflict((oc) =>
        oc.column('pair').doUpdateSet({
          failures: sql<number>`CASE WHEN ${sql.ref('login_failures.last')} < ${t - FORGET_AFTER_MS} THEN 1 ELSE ${sql.ref('login_failures.failures')} + 1 END`,
          last: t,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    const failures = Number(row.failures);
    if (failures > 1)
      await this.db
        .updateTable('login_failures')
        .set({ not_before: t + delayAfter(failures) })
        .where('pair', '=', pair)
        .where('failures', '=', failures)
        .execute();
    return failures;
  }

  async succeeded(email: string, address: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('pair', '=', this.key(email, address)).execute();
  }

  /** Forgets the pairs whose last failure is older than FORGET_AFTER_MS. */
  async purge(): Promise<number> {
    const r = await this.db
      .deleteFrom('login_failures')
      .where('last', '<', this.now() - FORGET_AFTER_MS)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
