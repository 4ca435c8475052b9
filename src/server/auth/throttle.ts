import { sql } from 'kysely';
import type { ServerDb } from '../db/db.js';

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

/**
 * Per account, whatever the addresses (NIST SP 800-63B): many addresses guessing one account slow
 * down together. The first ACCOUNT_FREE_FAILURES consecutive failures cost nothing, then each makes
 * the account's next attempt wait, doubling up to ACCOUNT_MAX_DELAY_MS only (a stranger can hold a
 * colleague up by half a minute, not lock them out); at ACCOUNT_LOCK_AFTER consecutive failures
 * only a password reset link (a manager's) signs the account in again. A success starts again from 0.
 */
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_MAX_DELAY_MS = 30_000;
export const ACCOUNT_LOCK_AFTER = 100;

export function accountDelayAfter(failures: number): number {
  return failures <= ACCOUNT_FREE_FAILURES ? 0 : Math.min(1000 * 2 ** (failures - ACCOUNT_FREE_FAILURES - 1), ACCOUNT_MAX_DELAY_MS);
}

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
    await this.unlock(email);
  }

  /** The account's state: locked (only a reset link helps), or how long its next attempt must wait. */
  async account(email: string): Promise<{ locked: boolean; wait: number; failures: number }> {
    const r = await this.db
      .selectFrom('account_failures')
      .select(['failures', 'not_before'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    const failures = Number(r?.failures ?? 0);
    return { locked: failures >= ACCOUNT_LOCK_AFTER, wait: r ? Math.max(0, Number(r.not_before) - this.now()) : 0, failures };
  }

  /** Counts a wrong password against the account (atomically, whichever replica sees it); answers the count. */
  async failedAccount(email: string): Promise<number> {
    const t = this.now();
    const row = await this.db
      .insertInto('account_failures')
      .values({ email: email.toLowerCase(), failures: 1, last: t, not_before: t })
      .onConflict((oc) => oc.column('email').doUpdateSet({ failures: sql<number>`${sql.ref('account_failures.failures')} + 1`, last: t }))
      .returning('failures')
      .executeTakeFirstOrThrow();
    const failures = Number(row.failures);
    await this.db
      .updateTable('account_failures')
      .set({ not_before: t + accountDelayAfter(failures) })
      .where('email', '=', email.toLowerCase())
      .where('failures', '=', failures)
      .execute();
    return failures;
  }

  /** The account starts again from no failure (a success, or a password set by a link). */
  async unlock(email: string): Promise<void> {
    await this.db.deleteFrom('account_failures').where('email', '=', email.toLowerCase()).execute();
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
