import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../db/db.js';
import { migratedDatabase } from '../test/harness.js';
import { ACCOUNT_FREE_FAILURES, ACCOUNT_LOCK_AFTER, FORGET_AFTER_MS, SignInThrottle } from './throttle.js';

let database: OpenedDatabase;
let close: () => Promise<void>;
const clock = { t: Date.UTC(2026, 5, 15, 10) };
const now = () => clock.t;
beforeAll(async () => {
  ({ database, close } = await migratedDatabase());
  await database.db
    .insertInto('users')
    .values({ id: 'u1', email: 'staff@demo-agency.fr', name: 'Samuel Staff', role: 'staff', password_hash: '', updated_at: clock.t })
    .execute();
});
afterAll(() => close());

/** `n` wrong passwords for `email`, each after the wait the previous one set. */
async function fail(throttle: SignInThrottle, email: string, known: boolean, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    clock.t += (await throttle.account(email, known)).wait;
    await throttle.failedAccount(email, known);
  }
}

describe('the sign-in throttle per e-mail', () => {
  it('counts one e-mail however it is typed (spaces, capitals, Unicode forms)', async () => {
    const throttle = new SignInThrottle(database.db, now);
    await fail(throttle, 'Zoé@demo-agency.fr', false, 1);
    await fail(throttle, ' zoe\u0301@DEMO-agency.fr ', false, 1);
    expect((await throttle.account('ZOÉ@demo-agency.fr', false)).failures).toBe(2);
  });

  it('forgets an e-mail without an account after a pause, keeps an account’s consecutive failures up to the lock', async () => {
    const throttle = new SignInThrottle(database.db, now);
    await fail(throttle, 'stranger@demo-agency.fr', false, ACCOUNT_FREE_FAILURES + 2);
    await fail(throttle, 'staff@demo-agency.fr', true, ACCOUNT_FREE_FAILURES + 2);
    expect((await throttle.account('stranger@demo-agency.fr', false)).wait).toBeGreaterThan(0);
    clock.t += FORGET_AFTER_MS + 1;
    // after the pause both start a new streak: no wait, the first failures free again
    expect(await throttle.account('stranger@demo-agency.fr', false)).toEqual({ locked: false, wait: 0, failures: 0 });
    expect(await throttle.account('staff@demo-agency.fr', true)).toMatchObject({ locked: false, wait: 0 });
    expect(await throttle.purge()).toBeGreaterThan(0);
    const left = await database.db.selectFrom('account_failures').select('email').execute();
    expect(left.map((r) => r.email)).toEqual(['staff@demo-agency.fr']);
    // the account's failures still add up to the lock, pauses or not
    await fail(throttle, 'staff@demo-agency.fr', true, ACCOUNT_LOCK_AFTER - (ACCOUNT_FREE_FAILURES + 2));
    expect((await throttle.account('staff@demo-agency.fr', true)).locked).toBe(true);
    await throttle.unlock('Staff@Demo-Agency.fr');
    expect((await throttle.account('staff@demo-agency.fr', true)).locked).toBe(false);
  });

  it('keeps a bounded number of e-mails without an account, the oldest going first', async () => {
    const throttle = new SignInThrottle(database.db, now, 3);
    for (let i = 0; i < 6; i++) {
      clock.t += 1000;
      await fail(throttle, `guess-${i}@example.org`, false, 1);
    }
    const guesses = await database.db.selectFrom('account_failures').select('email').where('email', 'like', 'guess-%').execute();
    expect(guesses.map((r) => r.email).sort()).toEqual(['guess-3@example.org', 'guess-4@example.org', 'guess-5@example.org']);
  });
});
