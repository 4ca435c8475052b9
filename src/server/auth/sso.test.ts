import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../contract/audit.js';
import type { Team } from '../../contract/team.js';
import { ConfigError, loadConfig } from '../config.js';
import { startIdentityProvider, type Account, type TestIdentityProvider } from '../test/identity-provider.js';
import { TEST_DIALECT, startServer, type Client, type TestServer } from '../test/harness.js';

let idp: TestIdentityProvider;
let s: TestServer;
let manager: Client;

const ssoEnv = (p: TestIdentityProvider, more: Record<string, string> = {}) => ({
  OIDC_ISSUER: p.issuer,
  OIDC_CLIENT_ID: p.clientId,
  OIDC_CLIENT_SECRET: p.clientSecret,
  OIDC_PROVIDER_NAME: 'Agence ID',
  OIDC_ROLE_CLAIM: 'groups',
  OIDC_ROLE_MAP: 'dash-managers:manager,dash-staff:staff,dash-partners:intermediary',
  OIDC_ALLOWED_DOMAINS: 'demo-agency.fr',
  OIDC_ALLOW_INSECURE_ISSUER: 'true',
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  ...more,
});

beforeAll(async () => {
  idp = await startIdentityProvider();
  s = await startServer({ sandbox: false, env: ssoEnv(idp) });
  await idp.serve(`${s.url}/api/sso/callback`);
  manager = await s.signedIn('manager');
});
afterAll(async () => {
  await s.close();
  await idp.close();
});

/** Cookies per host, as a browser keeps them (name=value; path and expiry do not matter here). */
class Jar {
  private readonly byHost = new Map<string, Map<string, string>>();
  header(url: string): string {
    return [...(this.byHost.get(new URL(url).host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(url: string, res: Response): void {
    const host = new URL(url).host;
    const cookies = this.byHost.get(host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    this.byHost.set(host, cookies);
  }
  get(url: string, name: string): string | undefined {
    return this.byHost.get(new URL(url).host)?.get(name);
  }
}

/** One request of the browser, redirects not followed. */
async function visit(jar: Jar, url: string): Promise<{ status: number; location: string; res: Response }> {
  const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header(url), 'accept-language': 'en-GB,en' } });
  jar.take(url, res);
  await res.arrayBuffer();
  return { status: res.status, location: new URL(res.headers.get('location') ?? '', url).href, res };
}

/**
 * The browser's journey: the sign-in page's button, the provider (who signs `account` in), back to
 * the dashboard. `callback` may change the provider's answer before it reaches the dashboard.
 */
async function signOn(account: Account, callback: (url: URL) => URL = (u) => u, jar = new Jar(), start = '/api/sso/start') {
  idp.signsIn(account);
  let step = await visit(jar, `${s.url}${start}`);
  expect(step.status).toBe(302);
  const authorize = new URL(step.location);
  expect(authorize.origin).toBe(idp.issuer);
  for (let hops = 0; new URL(step.location).origin === idp.issuer; hops++) {
    if (hops > 10) throw new Error('the provider never sent the browser back');
    step = await visit(jar, step.location);
  }
  const back = callback(new URL(step.location));
  const landed = await visit(jar, back.href);
  return { authorize, back, landed, jar };
}

const sessionOf = async (jar: Jar) => {
  const res = await fetch(`${s.url}/api/session`, { headers: { cookie: jar.header(s.url) } });
  return { status: res.status, body: (await res.json()) as { user?: { email: string; role: string; name: string } } };
};
const lastSignIn = async (who: string) =>
  (await manager.call<AuditPage>('GET', `/api/audit?operation=signIn&actor=${encodeURIComponent(who)}&pageSize=5`)).body.items[0];
const member = async (email: string) => (await manager.call<Team>('GET', '/api/team')).body.users.find((u) => u.email === email);

describe(`single sign-on against a real OpenID provider (${TEST_DIALECT})`, () => {
  it('the sign-in page learns the button’s name and that passwords still work', async () => {
    const res = await s.client().call('GET', '/api/mode');
    expect(res.body).toEqual({ mode: 'sandbox', sso: { name: 'Agence ID' }, localPasswords: true });
  });

  it('signs a new colleague of an allowed domain in, with PKCE (S256), state and nonce; the account is created with the mapped role', async () => {
    const { authorize, landed, jar } = await signOn({
      email: 'Nora@Demo-Agency.fr',
      name: 'Nora Nouvelle',
      groups: ['other', 'dash-staff'],
    });
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(landed.status).toBe(302);
    expect(landed.location).toBe(`${s.url}/`);
    const cookie = landed.res.headers.getSetCookie().find((c) => c.startsWith('pd_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // the password sign-in's cookie: it lives as long as the server lets the session live (12 hours at most)
    expect(cookie).toMatch(/Max-Age=43200;/);
    expect((await sessionOf(jar)).body.user).toEqual({ email: 'nora@demo-agency.fr', name: 'Nora Nouvelle', role: 'staff' });
    expect(await member('nora@demo-agency.fr')).toMatchObject({ role: 'staff', state: 'active', lang: 'en' });
    expect(await lastSignIn('nora@demo-agency.fr')).toMatchObject({
      actorName: 'Nora Nouvelle',
      actorRole: 'staff',
      result: 'success',
      details: { method: 'sso' },
    });
    // no password signs this account in
    expect(await s.client().login('nora@demo-agency.fr', 'anything at all here')).toBe(401);
  });

  it('an existing colleague keeps the role the team page gives them', async () => {
    const { landed, jar } = await signOn({ email: 'staff@demo-agency.fr', name: 'Sam', groups: 'dash-managers' });
    expect(landed.location).toBe(`${s.url}/`);
    expect((await sessionOf(jar)).body.user).toMatchObject({ email: 'staff@demo-agency.fr', role: 'staff', name: 'Samuel Staff' });
  });

  it('refuses an ID token issued for another client (wrong audience): back to the sign-in page, no session', async () => {
    idp.tamperNextIdToken((c) => ({ ...c, aud: 'another-client' }));
    const { landed, jar } = await signOn({ email: 'staff@demo-agency.fr', groups: ['dash-staff'] });
    expect(landed.location).toBe(`${s.url}/sign-in?sso=SSO_FAILED`);
    expect(jar.get(s.url, 'pd_session')).toBeUndefined();
    expect((await sessionOf(jar)).status).toBe(401);
    // nobody trustworthy is named by a refused token: the record says so
    const newest = (await manager.call<AuditPage>('GET', '/api/audit?operation=signIn&pageSize=1')).body.items[0];
    expect(newest).toMatchObject({ actorId: null, result: 'SSO_FAILED', details: { method: 'sso' } });
  });

  it('refuses an expired ID token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    idp.tamperNextIdToken((c) => ({ ...c, iat: past - 600, exp: past }));
    const { landed, jar } = await signOn({ email: 'staff@demo-agency.fr', groups: ['dash-staff'] });
    expect(landed.location).toBe(`${s.url}/sign-in?sso=SSO_FAILED`);
    expect((await sessionOf(jar)).status).toBe(401);
  });

  it('refuses a replayed answer (its state was used) and one without state', async () => {
    const first = await signOn({ email: 'staff@demo-agency.fr', groups: ['dash-staff'] });
    expect(first.landed.location).toBe(`${s.url}/`);
    // the same answer again, with the same browser cookie it came with first
    const replayJar = new Jar();
    const state = first.back.searchParams.get('state') ?? '';
    const again = await signOn({ email: 'staff@demo-agency.fr', groups: ['dash-staff'] }, () => first.back, replayJar);
    expect(again.landed.location).toBe(`${s.url}/sign-in?sso=SSO_FAILED`);
    expect(replayJar.get(s.url, 'pd_session')).toBeUndefined();
    expect(state).not.toBe(again.authorize.searchParams.get('state'));

    const missing = await signOn({ email: 'staff@demo-agency.fr', groups: ['dash-staff'] }, (u) => {
      u.searchParams.delete('state');
      return u;
    });
    expect(missing.landed.location).toBe(`${s.url}/sign-in?sso=SSO_FAILED`);
    expect(missing.jar.get(s.url, 'pd_session')).toBeUndefined();
  });

  it('refuses a first sign-on from outside the allowed domains, and creates nobody', async () => {
    const { landed, jar } = await signOn({ email: 'eve@elsewhere.example', name: 'Eve', groups: ['dash-managers'] });
    expect(landed.location).toBe(`${s.url}/sign-in?sso=SSO_DOMAIN`);
    expect((await sessionOf(jar)).status).toBe(401);
    expect(await member('eve@elsewhere.example')).toBeUndefined();
    expect(await lastSignIn('eve@elsewhere.example')).toMatchObject({ result: 'SSO_DOMAIN' });
  });

  it('refuses a sign-on whose role claim is missing or maps to no role (no default configured)', async () => {
    for (const account of [
      { email: 'nobody@demo-agency.fr', name: 'No Group' },
      { email: 'nobody@demo-agency.fr', name: 'No Group', groups: ['unrelated'] },
    ]) {
      const { landed } = await signOn(account);
      expect(landed.location).toBe(`${s.url}/sign-in?sso=SSO_NO_ROLE`);
    }
    expect(await member('nobody@demo-agency.fr')).toBeUndefined();
  });

  it('refuses a deactivated colleague', async () => {
    const nora = await member('nora@demo-agency.fr');
    expect((await manager.call('POST', `/api/team/users/${nora?.id ?? ''}/deactivate`)).status).toBe(200);
    const { landed, jar } = await signOn({ email: 'nora@demo-agency.fr', groups: ['dash-staff'] });
    expect(landed.location).toBe(`${s.url}/sign-in?sso=ACCOUNT_DEACTIVATED`);
    expect((await sessionOf(jar)).status).toBe(401);
    // the manager reads why in the audit trail, under the colleague's name
    expect(await lastSignIn('nora@demo-agency.fr')).toMatchObject({ actorName: 'Nora Nouvelle', result: 'ACCOUNT_DEACTIVATED' });
  });

  it('comes back to the page the browser was on when its session ended (a path of this site only), refused or not', async () => {
    const next = '/claims/7f1c1d64-5b0e-4c36-9d7e-1b1c6b3e9a10?tab=payments';
    const start = `/api/sso/start?next=${encodeURIComponent(next)}`;
    const back = await signOn({ email: 'staff@demo-agency.fr', groups: ['dash-staff'] }, undefined, undefined, start);
    expect(back.landed.location).toBe(`${s.url}${next}`);
    expect((await sessionOf(back.jar)).body.user?.email).toBe('staff@demo-agency.fr');
    // refused: the sign-in page keeps where to go once signed in
    const refused = await signOn({ email: 'nobody@demo-agency.fr', name: 'No Group' }, undefined, undefined, start);
    expect(refused.landed.location).toBe(`${s.url}/sign-in?sso=SSO_NO_ROLE&next=${encodeURIComponent(next)}`);
    // never another site, whatever the link says
    for (const elsewhere of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/x\nSet-Cookie: a=b']) {
      const { landed } = await signOn(
        { email: 'staff@demo-agency.fr', groups: ['dash-staff'] },
        undefined,
        undefined,
        `/api/sso/start?next=${encodeURIComponent(elsewhere)}`,
      );
      expect(landed.location).toBe(`${s.url}/`);
    }
  });
});

describe('LOCAL_PASSWORDS=off', () => {
  let only: TestServer;
  beforeAll(async () => {
    only = await startServer({ sandbox: false, env: ssoEnv(idp, { LOCAL_PASSWORDS: 'off' }) });
  });
  afterAll(() => only.close());

  it('the page offers only single sign-on and the password endpoints refuse with a clear 403', async () => {
    const c = only.client();
    expect((await c.call('GET', '/api/mode')).body).toEqual({ mode: 'sandbox', sso: { name: 'Agence ID' }, localPasswords: false });
    const res = await c.call<{ code: string; message: string }>('POST', '/api/login', {
      email: 'manager@demo-agency.fr',
      password: 'sandbox-demo',
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('PASSWORDS_OFF');
    expect(res.headers.get('set-cookie')).toBeNull();
    const link = await c.call<{ code: string }>('POST', '/api/links/use', {
      token: 'A'.repeat(43),
      password: 'cheval agrafe batterie correcte',
    });
    expect([link.status, link.body.code]).toEqual([403, 'PASSWORDS_OFF']);
    // a session made by single sign-on has no password to change
    await only.stores.users.createSignedOn('sso-only@demo-agency.fr', 'Solène Sso', 'staff', 'fr');
    const session = await only.stores.sessions.create('sso-only@demo-agency.fr', { userAgent: null, address: '127.0.0.1' });
    c.cookie = `pd_session=${only.app.signCookie(session.id)}`;
    c.csrf = (await c.call<{ csrfToken: string }>('GET', '/api/session')).body.csrfToken;
    const change = await c.call<{ code: string }>('PUT', '/api/account/password', {
      currentPassword: 'x',
      newPassword: 'cheval agrafe batterie correcte',
    });
    expect([change.status, change.body.code]).toEqual([403, 'PASSWORDS_OFF']);
  });
});

describe('single sign-on configuration', () => {
  const base = { DATA_DIR: '/tmp/i27c-config-test', SESSION_SECRET: 'x'.repeat(40) };
  it('is off with nothing configured, and passwords on', () => {
    const c = loadConfig(base);
    expect(c.sso).toBeNull();
    expect(c.localPasswords).toBe(true);
  });
  it('refuses an http issuer unless the tests allow it, a partial setting, a wrong role map, and passwords off without it', () => {
    const sso = { OIDC_ISSUER: 'http://idp.example', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' };
    expect(() => loadConfig({ ...base, ...sso })).toThrow(/https/);
    expect(loadConfig({ ...base, ...sso, OIDC_ALLOW_INSECURE_ISSUER: 'true' }).sso?.issuer).toBe('http://idp.example');
    expect(() => loadConfig({ ...base, OIDC_ISSUER: 'https://idp.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...sso, OIDC_ISSUER: 'https://idp.example', OIDC_ROLE_MAP: 'g:admin' })).toThrow(/OIDC_ROLE_MAP/);
    expect(() => loadConfig({ ...base, LOCAL_PASSWORDS: 'off' })).toThrow(/LOCAL_PASSWORDS/);
  });
});
