import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../../contract/errors.js';
import type { Session } from '../../contract/session.js';
import { claimBody, projectBody } from '../../sandbox/test/harness.js';
import { projectAt } from '../../sandbox/test/flows.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../auth/passwords.js';
import { ConfigError, loadConfig } from '../config.js';
import { startServer, type TestServer } from '../test/harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({
    sandbox: { now: () => new Date('2026-06-15T10:00:00Z') },
    // (a call budget the read model's pass below need not wait for)
    env: { SESSION_IDLE_MINUTES: '1', SYNC_CALLS_PER_MINUTE: '100000' },
    server: { loginRateLimit: { max: 100, timeWindow: 60_000 } },
  });
});
afterAll(() => s.close());

describe('sign-in and sessions', () => {
  it('signs in with an HttpOnly, SameSite=Lax, signed cookie and tells the app who is signed in', async () => {
    const c = s.client();
    const res = await c.call('POST', '/api/login', { email: 'staff@demo-agency.fr', password: 'sandbox-demo' });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/);
    const session = await c.call<Session>('GET', '/api/session');
    expect(session.body).toMatchObject({ user: { email: 'staff@demo-agency.fr', role: 'staff' }, mode: 'sandbox', today: '2026-06-15' });
    expect(session.body.csrfToken.length).toBeGreaterThan(20);
  });

  it('never says whether the email exists', async () => {
    const c = s.client();
    const unknown = await c.call<ErrorEnvelope>('POST', '/api/login', { email: 'nobody@demo-agency.fr', password: 'x' });
    const wrong = await c.call<ErrorEnvelope>('POST', '/api/login', { email: 'staff@demo-agency.fr', password: 'x' });
    expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([wrong.status, wrong.body.code, wrong.body.message]);
    expect(unknown.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('rate-limits sign-in attempts per IP', async () => {
    const t = await startServer({ server: { loginRateLimit: { max: 3, timeWindow: 60_000 } } });
    try {
      const c = t.client();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await c.call('POST', '/api/login', { email: `x${i}@e.fr`, password: 'x' })).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const res = await c.call<ErrorEnvelope>('POST', '/api/login', { email: 'manager@demo-agency.fr', password: 'sandbox-demo' });
      expect(res.body.code).toBe('RATE_LIMITED');
    } finally {
      await t.close();
    }
  });

  it('rate-limits the team links’ endpoints per address like sign-in (a token cannot be guessed at speed)', async () => {
    const t = await startServer({ sandbox: false, server: { loginRateLimit: { max: 3, timeWindow: 60_000 } } });
    try {
      const c = t.client();
      const token = 'A'.repeat(43);
      const inspect: number[] = [];
      for (let i = 0; i < 4; i++) inspect.push((await c.call('POST', '/api/links/inspect', { token })).status);
      expect(inspect).toEqual([410, 410, 410, 429]);
      const use: number[] = [];
      for (let i = 0; i < 4; i++)
        use.push((await c.call('POST', '/api/links/use', { token, password: 'cheval agrafe batterie correcte' })).status);
      expect(use).toEqual([410, 410, 410, 429]);
      const res = await c.call<ErrorEnvelope>('POST', '/api/links/use', { token, password: 'cheval agrafe batterie correcte' });
      expect([res.body.code, res.headers.get('retry-after')]).toEqual(['RATE_LIMITED', expect.stringMatching(/^\d+$/)]);
    } finally {
      await t.close();
    }
  });

  it('signs out: the session no longer works, even with the old cookie', async () => {
    const c = await s.signedIn('manager');
    const cookie = c.cookie;
    expect((await c.call('POST', '/api/logout')).status).toBe(200);
    c.cookie = cookie;
    expect((await c.call<ErrorEnvelope>('GET', '/api/session')).body.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a cookie whose signature or session id was changed, even right after the genuine cookie was accepted', async () => {
    const c = await s.signedIn('staff');
    const genuine = c.cookie;
    expect((await c.call('GET', '/api/v3/projects')).status).toBe(200);
    const [name, value] = genuine.split('=') as [string, string];
    const dot = value.lastIndexOf('.');
    const flip = (ch: string) => (ch === 'A' ? 'B' : 'A');
    const changed = [
      // the same session id, another signature
      `${name}=${value.slice(0, -1)}${flip(value.slice(-1))}`,
      // another session id, the genuine signature
      `${name}=${flip(value[0] ?? '')}${value.slice(1, dot)}${value.slice(dot)}`,
      // the session id alone, unsigned
      `${name}=${value.slice(0, dot)}`,
    ];
    for (const cookie of changed) {
      c.cookie = cookie;
      expect([cookie, (await c.call<ErrorEnvelope>('GET', '/api/v3/projects')).status]).toEqual([cookie, 401]);
    }
    c.cookie = genuine;
    expect((await c.call('GET', '/api/v3/projects')).status).toBe(200);
  });

  it('refuses a forged or missing cookie with 401 UNAUTHENTICATED', async () => {
    const c = s.client();
    expect((await c.call<ErrorEnvelope>('GET', '/api/v3/projects')).status).toBe(401);
    c.cookie = 'pd_session=forged.value';
    expect((await c.call<ErrorEnvelope>('GET', '/api/v3/projects')).body.code).toBe('UNAUTHENTICATED');
  });
});

describe('roles', () => {
  it('lets managers read organization statistics, not staff nor intermediaries (403 FORBIDDEN_ROLE)', async () => {
    expect((await (await s.signedIn('manager')).call('GET', '/api/v3/projects/stats')).status).toBe(200);
    for (const role of ['staff', 'intermediary'] as const) {
      const res = await (await s.signedIn(role)).call<ErrorEnvelope>('GET', '/api/v3/projects/stats');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN_ROLE');
    }
  });

  it('keeps intermediaries read-only on projects but lets them work on claims', async () => {
    const i = await s.signedIn('intermediary');
    expect((await i.call<ErrorEnvelope>('POST', '/api/v3/projects', projectBody())).body.code).toBe('FORBIDDEN_ROLE');
    expect((await i.call<ErrorEnvelope>('POST', '/api/v3/score', { status: 4, monthlyIncome: 1 })).body.code).toBe('FORBIDDEN_ROLE');
    expect((await i.call('GET', '/api/v3/projects')).status).toBe(200);
    expect((await i.call('GET', '/api/v1/claims')).status).toBe(200);
    expect((await i.call<ErrorEnvelope>('POST', '/api/v1/claims/00000000-0000-4000-8000-000000000000/apply')).body.code).toBe('E0177');
    expect((await i.call<ErrorEnvelope>('POST', '/api/sandbox/clock', { advanceDays: 1 })).body.code).toBe('FORBIDDEN_ROLE');
    expect((await i.call<ErrorEnvelope>('GET', '/api/events/recent')).body.code).toBe('FORBIDDEN_ROLE');
  });

  it('shows intermediaries the active contracts and the projects of their claims, and no other project', async () => {
    const sb = s.sandbox;
    if (!sb) throw new Error('no sandbox');
    const active = await projectAt(sb, 7);
    const other = await projectAt(sb, 0);
    const claimed = await projectAt(sb, 7);
    const staff = await s.signedIn('staff');
    const claim = (await staff.call<{ id: string }>('POST', `/api/v1/projects/${claimed.id}/claims`, claimBody('2026-05-05'))).body;
    // the claimed contract has ended since: its claim keeps it readable
    expect((await sb.call('POST', `/sandbox/projects/${claimed.id}/status`, { status: 13 })).status).toBe(200);
    // the scope is the read model's: what was made at the partner is read by the next pass
    await s.sync.runPass();
    const i = await s.signedIn('intermediary');
    const list = await i.call<{ items: { id: string; status: number }[]; total: number }>('GET', '/api/v3/projects?pageSize=100');
    const ids = list.body.items.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([active.id, claimed.id]));
    expect(ids).not.toContain(other.id);
    expect(list.body.items.every((p) => p.status === 7 || p.id === claimed.id)).toBe(true);
    expect(list.body.total).toBe(ids.length);
    expect((await i.call<{ total: number }>('GET', '/api/v3/projects?status=0')).body.total).toBe(0);
    for (const id of [active.id, claimed.id]) {
      expect((await i.call<{ id: string }>('GET', `/api/v3/projects/${id}`)).body.id).toBe(id);
      expect((await i.call('GET', `/api/v3/projects/${id}/documents`)).status).toBe(200);
    }
    // a project that is neither active nor claimed leaks nothing: not its data, documents, certificate or payment;
    // the refusal says why in the rule's words (no claim, not active)
    const refusals = new Set<string>();
    for (const path of ['', '/documents', '/required', '/documents/certificate', '/payment']) {
      const refused = await i.call<ErrorEnvelope>('GET', `/api/v3/projects/${other.id}${path}`);
      expect([refused.status, refused.body.code], path).toEqual([403, 'OUT_OF_SCOPE']);
      refusals.add(refused.body.message);
    }
    // nor does an id the partner does not know: the same answer, word for word
    const unknown = await i.call<ErrorEnvelope>('GET', '/api/v3/projects/00000000-0000-4000-8000-000000000000');
    expect([unknown.status, unknown.body.code]).toEqual([403, 'OUT_OF_SCOPE']);
    expect([...refusals]).toEqual([unknown.body.message]);
    // reading stays reading: no document added or deleted on an active contract
    expect((await i.call<ErrorEnvelope>('POST', `/api/v3/projects/${active.id}/apply`)).body.code).toBe('FORBIDDEN_ROLE');
    expect((await i.call('GET', `/api/v1/claims/${claim.id}/rentaldebts`)).status).toBe(200);
    expect((await staff.call('GET', `/api/v3/projects/${other.id}`)).status).toBe(200);
  });

  it('lets staff create projects', async () => {
    expect((await (await s.signedIn('staff')).call('POST', '/api/v3/projects', projectBody())).status).toBe(201);
  });
});

describe('cross-site request forgery', () => {
  it('refuses a state change without our Origin, or without the session token', async () => {
    const c = await s.signedIn('manager');
    const noOrigin = await c.call<ErrorEnvelope>('POST', '/api/v3/projects', projectBody(), { origin: '' });
    expect([noOrigin.status, noOrigin.body.code]).toEqual([403, 'CSRF']);
    expect((await c.call<ErrorEnvelope>('POST', '/api/v3/projects', projectBody(), { origin: 'https://evil.example' })).body.code).toBe(
      'CSRF',
    );
    expect((await c.call<ErrorEnvelope>('POST', '/api/v3/projects', projectBody(), { 'x-csrf-token': 'wrong' })).body.code).toBe('CSRF');
    expect(
      (
        await c.call<ErrorEnvelope>(
          'POST',
          '/api/login',
          { email: 'manager@demo-agency.fr', password: 'sandbox-demo' },
          { origin: 'https://evil.example' },
        )
      ).body.code,
    ).toBe('CSRF');
    expect((await c.call('GET', '/api/v3/projects', undefined, { origin: 'https://evil.example' })).status).toBe(200);
  });
});

describe('headers', () => {
  it('sends security headers and a CSP without inline scripts', async () => {
    const res = await s.client().call('GET', '/healthz');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // WebAssembly (the HEIC decoder) may compile, but no string is ever evaluated as script
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
  it('answers readyz 200 while the partner service is reachable', async () => {
    expect((await s.client().call('GET', '/readyz')).status).toBe(200);
  });
});

describe('configuration', () => {
  it('stops on a wrong value, naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ UPSTREAM_TIMEOUT_MS: '5' })).toThrow(/UPSTREAM_TIMEOUT_MS/);
  });
  it('refuses live mode without token, webhook secret, session secret and users file', () => {
    expect(() => loadConfig({ PARTNER_API_BASE_URL: 'https://partner.example' })).toThrow(ConfigError);
    try {
      loadConfig({ PARTNER_API_BASE_URL: 'https://partner.example' });
    } catch (e) {
      expect((e as Error).message).toMatch(/PARTNER_API_TOKEN.*PARTNER_WEBHOOK_SECRET.*SESSION_SECRET.*USERS_FILE/);
    }
  });
  it('starts in live mode with a users file and signs its users in (the user:add format)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'live-'));
    const usersFile = join(dir, 'users.json');
    writeFileSync(
      usersFile,
      JSON.stringify({
        users: [{ email: 'boss@agence.fr', name: 'Boss', role: 'manager', passwordHash: await hashPassword('a-long-password-1') }],
      }),
    );
    const sandboxUrl = s.sandbox?.url ?? '';
    const t = await startServer({
      sandbox: false,
      env: {
        PARTNER_API_BASE_URL: sandboxUrl,
        PARTNER_API_TOKEN: 'sk_sandbox_demo_agency',
        PARTNER_WEBHOOK_SECRET: 'whsec_bGl2ZQ==',
        SESSION_SECRET: 'x'.repeat(40),
        USERS_FILE: usersFile,
        PUBLIC_ORIGIN: 'https://dashboard.example.fr',
      },
    });
    try {
      expect(t.config.mode).toBe('live');
      const c = t.client();
      c.origin = 'https://dashboard.example.fr';
      expect(await c.login('manager@demo-agency.fr')).toBe(401);
      expect(await c.login('boss@agence.fr', 'a-long-password-1')).toBe(200);
      const session = await c.call<Session>('GET', '/api/session');
      expect(session.body).toMatchObject({ mode: 'live', user: { role: 'manager' } });
      expect((await c.call<ErrorEnvelope>('POST', '/api/sandbox/reset')).body.code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});
