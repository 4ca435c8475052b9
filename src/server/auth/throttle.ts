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
 * Per e-mail typed, whatever the addresses (NIST SP 800-63B), and whether or not it has an account:
 * the answers and their timing are the same either way, so nobody learns who has an account. Many
 * addresses guessing one e-mail slow down together: in a streak of failures (no pause of
 * FORGET_AFTER_MS), the first ACCOUNT_FREE_FAILURES cost nothing, then each makes the next attempt
 * wait, doubling up to ACCOUNT_MAX_DELAY_MS only (a stranger can hold a colleague up by half a
 * minute, not lock them out). At ACCOUNT_LOCK_AFTER consecutive failures only a password set by a
 * link (a manager's reset, an invitation) signs the account in again; a success starts from 0.
 * An e-mail without an account is forgotten FORGET_AFTER_MS after its last failure, and at most
 * MAX_STRANGER_EMAILS of them are kept (the oldest go first): an attacker chooses those rows.
 */
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_MAX_DELAY_MS = 30_000;
export const ACCOUNT_LOCK_AFTER = 100;
export const MAX_STRANGER_EMAILS = 20_000;

/** The e-mail as the throttle counts it: "Staff@X.fr", " staff@x.fr" and its other Unicode forms are one. */
export function normalizedEmail(email: string): string {
  return email.normalize('NFC').trim().toLowerCase();
}

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
    private readonly maxStrangerEmails = MAX_STRANGER_EMAILS,
  ) {}

  private key(email: string, address: string): string {
    return JSON.stringify([normalizedEmail(email), address]); // text PostgreSQL accepts (no NUL)
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

  /**
   * The e-mail's state: locked (only a link helps), or how long its next attempt must wait. `known`
   * (it has an account) only decides whether the count outlives a pause: the same queries either way.
   */
  async account(email: string, known: boolean): Promise<{ locked: boolean; wait: number; failures: number }> {
    const t = this.now();
    const r = await this.db
      .selectFrom('account_failures')
      .select(['failures', 'last', 'not_before'])
      .where('email', '=', normalizedEmail(email))
      .executeTakeFirst();
    const paused = !r || Number(r.last) < t - FORGET_AFTER_MS;
    const failures = !r || (paused && !known) ? 0 : Number(r.failures);
    return { locked: failures >= ACCOUNT_LOCK_AFTER, wait: paused ? 0 : Math.max(0, Number(r.not_before) - t), failures };
  }

  /** Counts a wrong password against the e-mail (atomically, whichever replica sees it); answers the count. */
  async failedAccount(email: string, known: boolean): Promise<number> {
    const t = this.now();
    const key = normalizedEmail(email);
    const paused = sql<boolean>`${sql.ref('account_failures.last')} < ${t - FORGET_AFTER_MS}`;
    const row = await this.db
      .insertInto('account_failures')
      .values({ email: key, failures: 1, streak: 1, last: t, not_before: t })
      .onConflict((oc) =>
        oc.column('email').doUpdateSet({
          // an account's failures are consecutive until a success or a link; a stranger's end with the pause
          failures: known
            ? sql<number>`${sql.ref('account_failures.failures')} + 1`
            : sql<number>`CASE WHEN ${paused} THEN 1 ELSE ${sql.ref('account_failures.failures')} + 1 END`,
          streak: sql<number>`CASE WHEN ${paused} THEN 1 ELSE ${sql.ref('account_failures.streak')} + 1 END`,
          last: t,
        }),
      )
      .returning(['failures', 'streak'])
      .executeTakeFirstOrThrow();
    const failures = Number(row.failures);
    const streak = Number(row.streak);
    await this.db
      .updateTable('account_failures')
      .set({ not_before: t + accountDelayAfter(streak) })
      .where('email', '=', key)
      .where('failures', '=', failures)
      .where('streak', '=', streak)
      .execute();
    // a new streak may be a new row: keep the strangers' rows within their bound (the same work either way)
    if (streak === 1) await this.boundStrangers();
    return failures;
  }

  /** The e-mail starts again from no failure (a success, or a password set by a link). */
  async unlock(email: string): Promise<void> {
    await this.db.deleteFrom('account_failures').where('email', '=', normalizedEmail(email)).execute();
  }

  /** Deletes the oldest rows of e-mails without an account beyond the bound. */
  private async boundStrangers(): Promise<void> {
    const strangers = this.db
      .selectFrom('account_failures')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('users').select('users.email').whereRef('users.email', '=', 'account_failures.email'))),
      );
    const { n } = await strangers.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(n) <= this.maxStrangerEmails) return;
    const oldest = strangers
      .select('account_failures.email')
      .orderBy('account_failures.last')
      .limit(Number(n) - this.maxStrangerEmails);
    await this.db.deleteFrom('account_failures').where('email', 'in', oldest).execute();
  }

  /** Forgets the pairs, and the e-mails without an account, whose last failure is older than FORGET_AFTER_MS. */
  async purge(): Promise<number> {
    const r = await this.db
      .deleteFrom('login_failures')
      .where('last', '<', this.now() - FORGET_AFTER_MS)
      .executeTakeFirst();
    // e-mails without an account, forgotten after the same pause
    const strangers = await this.db
      .deleteFrom('account_failures')
      .where('last', '<', this.now() - FORGET_AFTER_MS)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('users').select('users.email').whereRef('users.email', '=', 'account_failures.email'))),
      )
      .executeTakeFirst();
    await this.boundStrangers();
    return Number(r.numDeletedRows) + Number(strangers.numDeletedRows);
  }
}
