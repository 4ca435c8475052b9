import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../contract/account.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import type { SessionExpiry } from '../../contract/session.js';
import type { TeamLink } from '../../contract/team.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The server's clock, stopped: the tests move it (the session store reads it), never wait for it. */
const clock = { now: Date.now() };
let s: TestServer;

beforeAll(async () => {
  s = await startServer({
    sandbox: false,
    env: { LOGIN_RATE_LIMIT_PER_MINUTE: '1000' },
    server: { now: () => clock.now },
  });
});
afterAll(() => s.close());

const later = (ms: number) => {
  clock.now += ms;
};
const status = async (c: Client, path = '/api/session') => (await c.call('GET', path)).status;
const activity = (c: Client) => c.call<SessionExpiry>('POST', '/api/session/activity');

/** The Set-Cookie of the session, its attributes by name (lower case). */
function sessionCookieOf(res: { headers: Headers }): Record<string, string> {
  const line = res.headers.getSetCookie().find((l) => l.startsWith('pd_session=')) ?? '';
  return Object.fromEntries(
    line
      .split(';')
      .slice(1)
      .map((part) => {
        const [k = '', v = 'true'] = part.trim().split('=');
        return [k.toLowerCase(), v];
      }),
  );
}

describe('the session cookie', () => {
  it('lives as long as the server lets a session live (its absolute limit), the same for a password and an invitation’s link', async () => {
    const c = s.client();
    const login = await c.call('POST', '/api/login', { email: 'staff@demo-agency.fr', password: 'sandbox-demo' });
    expect(login.status).toBe(200);
    const expected = { 'max-age': String(12 * 3600), path: '/', httponly: 'true', samesite: 'Lax' };
    expect(sessionCookieOf(login)).toEqual(expected);

    const manager = await s.signedIn('manager');
    const made = await manager.call<TeamLink>('POST', '/api/team/invitations', {
      email: 'cookie@agence.fr',
      name: 'Côme Cookie',
      role: 'staff',
      lang: 'fr',
    });
    const token = made.body.link.split('#')[1] ?? '';
    const used = await s.client().call('POST', '/api/links/use', { token, password: 'cheval agrafe batterie correcte' });
    expect(used.status).toBe(200);
    expect(sessionCookieOf(used)).toEqual(expected);
  });

  it('follows SESSION_MAX_HOURS', async () => {
    const short = await startServer({ sandbox: false, env: { SESSION_MAX_HOURS: '2', SESSION_IDLE_MINUTES: '15' } });
    try {
      const res = await short.client().call('POST', '/api/login', { email: 'staff@demo-agency.fr', password: 'sandbox-demo' });
      expect(sessionCookieOf(res)['max-age']).toBe('7200');
    } finally {
      await short.close();
    }
  });
});

describe('what keeps a session alive', () => {
  it('background reads do not: a page left open is signed out after the idle limit, and its reads are refused', async () => {
    const c = await s.signedIn('intermediary');
    // a statistics tab polling every minute, the stream's checks, refetches on focus: all reads
    for (let i = 0; i < 29; i++) {
      later(MINUTE);
      expect(await status(c)).toBe(200);
      expect(await status(c, '/api/account')).toBe(200);
    }
    const left = await c.call<SessionExpiry>('GET', '/api/session/expiry');
    expect(left.body).toMatchObject({ idleEndsIn: MINUTE, idleLimit: 30 * MINUTE, maxLimit: 12 * HOUR });
    later(MINUTE + 1);
    expect((await c.call<ErrorEnvelope>('GET', '/api/session')).body.code).toBe('UNAUTHENTICATED');
    expect(await status(c, '/api/session/expiry')).toBe(401);
  });

  it('what the person does does: the activity the browser reports, and any write', async () => {
    const c = await s.signedIn('staff');
    later(25 * MINUTE);
    const reported = await activity(c);
    expect(reported.status).toBe(200);
    expect(reported.body).toEqual({
      idleEndsIn: 30 * MINUTE,
      endsIn: 12 * HOUR - 25 * MINUTE,
      idleLimit: 30 * MINUTE,
      maxLimit: 12 * HOUR,
    });
    later(25 * MINUTE);
    // a write is the person's doing too
    expect((await c.call('PUT', '/api/account/reminders', { enabled: true })).status).toBe(200);
    later(29 * MINUTE);
    expect((await c.call<SessionExpiry>('GET', '/api/session/expiry')).body.idleEndsIn).toBe(MINUTE);
    later(MINUTE + 1);
    expect(await status(c)).toBe(401);
    // and an ended session cannot be revived by reporting activity
    expect((await activity(c)).status).toBe(401);
  });

  it('refuses an activity report from another site (it is a write: Origin and CSRF token)', async () => {
    const c = await s.signedIn('staff');
    const forged = await c.call<ErrorEnvelope>('POST', '/api/session/activity', undefined, { origin: 'https://evil.example' });
    expect([forged.status, forged.body.code]).toEqual([403, 'CSRF']);
    const tokenless = await c.call<ErrorEnvelope>('POST', '/api/session/activity', undefined, { 'x-csrf-token': '' });
    expect([tokenless.status, tokenless.body.code]).toEqual([403, 'CSRF']);
  });

  it('nothing does past the absolute limit, and My account lists only the sessions the server accepts', async () => {
    const busy = await s.signedIn('manager');
    const idle = await s.signedIn('manager');
    const keyOf = async (c: Client) => (await c.call<Account>('GET', '/api/account')).body.sessions.find((x) => x.current)?.key;
    const idleKey = await keyOf(idle);
    const listed = async () => (await busy.call<Account>('GET', '/api/account')).body.sessions.map((x) => x.key);
    later(20 * MINUTE);
    expect(await listed()).toEqual(expect.arrayContaining([await keyOf(busy), idleKey]));
    // the other one, left alone, ends at the idle limit: no longer listed, no longer accepted
    for (let t = 20; t < 12 * 60; t += 20) {
      expect((await activity(busy)).status).toBe(200);
      if (t === 40) {
        expect(await listed()).not.toContain(idleKey);
        expect(await status(idle)).toBe(401);
      }
      later(20 * MINUTE);
    }
    // 12 hours after sign-in, active every 20 minutes: the end
    expect((await busy.call<SessionExpiry>('GET', '/api/session/expiry')).body.endsIn).toBe(0);
    later(1);
    expect((await activity(busy)).status).toBe(401);
    expect(await status(busy)).toBe(401);
    const fresh = await s.signedIn('manager');
    expect((await fresh.call<Account>('GET', '/api/account')).body.sessions.every((x) => x.current)).toBe(true);
  });
});
