import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../contract/account.js';
import { DAY_MS } from '../../contract/dates.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import { ACCOUNT_FREE_FAILURES, ACCOUNT_LOCK_AFTER, ACCOUNT_MAX_DELAY_MS } from '../auth/throttle.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';

let s: TestServer;
const clock = { offset: 0 };
beforeAll(async () => {
  // TRUST_PROXY: the throttle test comes from many addresses (X-Forwarded-For)
  s = await startServer({
    sandbox: false,
    env: { LOGIN_RATE_LIMIT_PER_MINUTE: '10000', TRUST_PROXY: '1' },
    server: { now: () => Date.now() + clock.offset },
  });
});
afterAll(() => s.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signedInWith(email: string, ua: string, password = 'sandbox-demo'): Promise<Client> {
  const c = s.client();
  const res = await c.call('POST', '/api/login', { email, password }, { 'user-agent': ua });
  expect(res.status).toBe(200);
  c.csrf = (await c.call<{ csrfToken: string }>('GET', '/api/session')).body.csrfToken;
  return c;
}

describe('my account', () => {
  it('lists my own sessions with device, address and last activity, this one marked; ends one or all the others', async () => {
    const desk = await signedInWith('staff@demo-agency.fr', FIREFOX);
    const phone = await signedInWith('staff@demo-agency.fr', IPHONE);
    const third = await signedInWith('staff@demo-agency.fr', FIREFOX);
    await signedInWith('manager@demo-agency.fr', FIREFOX);
    const mine = (await desk.call<Account>('GET', '/api/account')).body;
    expect(mine.sessions).toHaveLength(3);
    expect(mine.sessions.filter((x) => x.current)).toHaveLength(1);
    expect(mine.sessions.map((x) => x.device)).toEqual(expect.arrayContaining(['Firefox 133 · Windows', 'Safari 17 · iOS (mobile)']));
    expect(mine.sessions.every((x) => x.address === '127.0.0.1')).toBe(true);
    const phoneKey = mine.sessions.find((x) => x.device?.includes('iOS'))?.key ?? '';
    expect((await desk.call('DELETE', `/api/account/sessions/${phoneKey}`)).status).toBe(200);
    expect((await phone.call('GET', '/api/session')).status).toBe(401);
    // someone else's session is not mine to end
    const manager = await s.signedIn('manager');
    const managerKey = (await manager.call<Account>('GET', '/api/account')).body.sessions[0]?.key ?? '';
    const foreign = await desk.call<ErrorEnvelope>('DELETE', `/api/account/sessions/${managerKey}`);
    expect(foreign.status).toBe(404);
    expect((await manager.call('GET', '/api/session')).status).toBe(200);
    expect((await desk.call('POST', '/api/account/sessions/end-others')).status).toBe(200);
    expect((await third.call('GET', '/api/session')).status).toBe(401);
    expect((await desk.call<Account>('GET', '/api/account')).body.sessions).toHaveLength(1);
  });

  it('changes the password with the current one, under the rules; the other sessions end', async () => {
    const c = await signedInWith('intermediary@demo-agency.fr', FIREFOX);
    const other = await signedInWith('intermediary@demo-agency.fr', IPHONE);
    const wrong = await c.call<ErrorEnvelope>('PUT', '/api/account/password', {
      currentPassword: 'nope',
      newPassword: 'un très long mot de passe',
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'WRONG_PASSWORD']);
    for (const [newPassword, rule] of [
      ['court', 'passwordTooShort'],
      ['intermediary tout le jour', 'passwordHasName'],
      ['motdepassemotdepasse', 'passwordCommon'],
    ]) {
      const res = await c.call<ErrorEnvelope>('PUT', '/api/account/password', { currentPassword: 'sandbox-demo', newPassword });
      expect([newPassword, res.status, res.body.details?.[0]?.path, res.body.details?.[0]?.rule?.key]).toEqual([
        newPassword,
        400,
        'newPassword',
        rule,
      ]);
    }
    expect(await s.client().login('intermediary@demo-agency.fr')).toBe(200); // unchanged so far
    const ok = await c.call('PUT', '/api/account/password', { currentPassword: 'sandbox-demo', newPassword: 'un très long mot de passe' });
    expect(ok.status).toBe(200);
    expect((await c.call('GET', '/api/session')).status).toBe(200);
    expect((await other.call('GET', '/api/session')).status).toBe(401);
    expect(await s.client().login('intermediary@demo-agency.fr')).toBe(401);
    expect(await s.client().login('intermediary@demo-agency.fr', 'un très long mot de passe')).toBe(200);
  });

  it('turns my monthly reminders off and on (the monthly round reads it)', async () => {
    const c = await s.signedIn('manager');
    expect((await c.call<Account>('GET', '/api/account')).body.remindersEnabled).toBe(true);
    expect((await c.call('PUT', '/api/account/reminders', { enabled: false })).status).toBe(200);
    expect((await c.call<Account>('GET', '/api/account')).body.remindersEnabled).toBe(false);
    const me = await s.stores.users.find('manager@demo-agency.fr');
    expect(await s.stores.users.remindersEnabled(me?.id ?? '')).toBe(false);
    expect((await c.call('PUT', '/api/account/reminders', { enabled: 'yes' })).status).toBe(400);
  });
});

describe('the sign-in throttle per account', () => {
  /** Wrong passwords for `email`, each from another address: what each one is answered. */
  async function answers(email: string, count: number, net: number): Promise<string[]> {
    const seen: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await s
        .client()
        .call<ErrorEnvelope>('POST', '/api/login', { email, password: `wrong-${i}` }, { 'x-forwarded-for': `192.0.${net}.${i + 1}` });
      seen.push(`${res.status}${res.status === 200 ? '' : ` ${res.body.code}`}`);
    }
    return seen;
  }

  it('answers an e-mail that has no account exactly as one that has (nobody learns who has an account)', async () => {
    const known = await answers('intermediary@demo-agency.fr', 14, 1);
    const unknown = await answers('Nobody.Here@Demo-Agency.fr', 14, 2);
    expect(unknown).toEqual(known);
    expect(known.slice(ACCOUNT_FREE_FAILURES + 1)).toContain('429 SIGN_IN_DELAYED');
    const slowed = await s.client().call<ErrorEnvelope>('POST', '/api/login', { email: 'nobody.here@demo-agency.fr', password: 'x' });
    expect(slowed.body.message).toMatch(/this account: wait \d+ s/);
    expect(slowed.body.message).not.toMatch(/address/);
  });

  it('forgets, at an invitation, the wrong passwords typed for the e-mail before its account existed', async () => {
    const email = 'nina.nouvelle@demo-agency.fr';
    expect((await answers(email, 14, 3)).at(-1)).toBe('429 SIGN_IN_DELAYED');
    const manager = await s.signedIn('manager');
    const invited = await manager.call<{ link: string }>('POST', '/api/team/invitations', {
      email,
      name: 'Nina Nouvelle',
      role: 'staff',
      lang: 'fr',
    });
    const password = 'le phare brille sur la baie';
    const used = await s.client().call('POST', '/api/links/use', { token: invited.body.link.split('#')[1], password });
    expect(used.status).toBe(200);
    expect(await s.client().login(email, password)).toBe(200);
  });

  it(`slows every address down together, locks at ${ACCOUNT_LOCK_AFTER} consecutive failures, and a reset link opens it again`, async () => {
    const email = 'staff@demo-agency.fr';
    const fromAddress = (i: number) => ({ 'x-forwarded-for': `10.0.${Math.floor(i / 250)}.${i % 250}` });
    const attempt = (i: number, password = `wrong-${i}`) =>
      s.client().call<ErrorEnvelope>('POST', '/api/login', { email, password }, fromAddress(i));
    // each attempt from another address: no per-address slow-down ever starts; the account's does
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 1; i++) expect((await attempt(i)).status).toBe(401);
    const slowed = await attempt(500, 'sandbox-demo');
    expect([slowed.status, slowed.body.code]).toEqual([429, 'SIGN_IN_DELAYED']);
    // the waits stay short (a stranger cannot hold the owner up for long): the test moves its clock past them
    for (let i = ACCOUNT_FREE_FAILURES + 1; i < ACCOUNT_LOCK_AFTER; i++) {
      clock.offset += ACCOUNT_MAX_DELAY_MS;
      expect((await attempt(i)).status).toBe(401);
    }
    clock.offset += ACCOUNT_MAX_DELAY_MS;
    const locked = await attempt(501, 'sandbox-demo');
    expect([locked.status, locked.body.code]).toEqual([429, 'SIGN_IN_LOCKED']);
    clock.offset += DAY_MS;
    expect((await attempt(502, 'sandbox-demo')).body.code).toBe('SIGN_IN_LOCKED');
    // a manager's reset link opens it again
    const manager = await s.signedIn('manager');
    const staff = (await manager.call<{ users: { id: string; email: string }[] }>('GET', '/api/team')).body.users.find(
      (u) => u.email === email,
    );
    const reset = await manager.call<{ link: string }>('POST', `/api/team/users/${staff?.id ?? ''}/password-reset`);
    const used = await s
      .client()
      .call('POST', '/api/links/use', { token: reset.body.link.split('#')[1], password: 'la mer est calme ce matin' });
    expect(used.status).toBe(200);
    expect((await attempt(503, 'la mer est calme ce matin')).status).toBe(200);
    // a hundred and five sign-ins, each a password hash: seconds of CPU, more on a busy machine
  }, 60_000);
});
