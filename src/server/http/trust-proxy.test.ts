import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../../contract/errors.js';
import { FREE_FAILURES } from '../auth/throttle.js';
import { DEMO_PASSWORD } from '../auth/users.js';
import { ConfigError, loadConfig } from '../config.js';
import { startServer, type TestServer } from '../test/harness.js';

/**
 * Behind a load balancer every request comes from the proxy's address: with TRUST_PROXY the
 * client's address, protocol and host come from X-Forwarded-*, from the trusted proxies only.
 */
let s: TestServer | null = null;
afterEach(async () => {
  await s?.close();
  s = null;
});

const serve = async (env: Record<string, string>) => {
  s = await startServer({ sandbox: false, env: { ALLOWED_HOSTS: 'dash.example.fr', ...env } });
  return s;
};

/** A sign-in as it reaches the server: from `peer` (the proxy or a client), with these headers. */
const login = (t: TestServer, peer: string, headers: Record<string, string>, password = 'wrong-password') =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: peer,
    headers: { 'content-type': 'application/json', host: 'dash.example.fr', origin: 'http://dash.example.fr', ...headers },
    payload: { email: 'staff@demo-agency.fr', password },
  });

/** Four wrong passwords from `first` (three are free), then one from `second`: is it slowed down? */
async function slowedAcross(t: TestServer, peer: string, first: string, second: string): Promise<boolean> {
  for (let i = 0; i < FREE_FAILURES + 1; i++) expect((await login(t, peer, { 'x-forwarded-for': first })).statusCode).toBe(401);
  const next = await login(t, peer, { 'x-forwarded-for': second });
  return next.statusCode === 429 && (JSON.parse(next.body) as ErrorEnvelope).code === 'SIGN_IN_DELAYED';
}

describe('TRUST_PROXY in the configuration', () => {
  it('accepts true, a number of hops, addresses and CIDRs; refuses anything else naming it', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/tp-config' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: '/tmp/tp-config', TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: '/tmp/tp-config', TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: '/tmp/tp-config', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
    for (const wrong of ['yes', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/2'])
      expect(() => loadConfig({ DATA_DIR: '/tmp/tp-config', TRUST_PROXY: wrong })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: '/tmp/tp-config', TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});

describe('client address (sign-in slow-down per account and address)', () => {
  it('without TRUST_PROXY, X-Forwarded-For is ignored: a client cannot dodge the slow-down by inventing addresses', async () => {
    const t = await serve({});
    expect(await slowedAcross(t, '203.0.113.7', '198.51.100.1', '198.51.100.2')).toBe(true);
  });

  it('behind a trusted proxy (CIDR), each client is its own address: one cannot slow another down', async () => {
    const t = await serve({ TRUST_PROXY: '10.0.0.0/8' });
    expect(await slowedAcross(t, '10.0.0.5', '198.51.100.1', '198.51.100.2')).toBe(false);
    // the same client through the proxy is still slowed down
    expect((await login(t, '10.0.0.5', { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(429);
  });

  it('a peer outside the trusted CIDRs is not believed', async () => {
    const t = await serve({ TRUST_PROXY: '10.0.0.0/8' });
    expect(await slowedAcross(t, '192.168.1.9', '198.51.100.1', '198.51.100.2')).toBe(true);
  });

  it('with a number of hops, the address before the last proxies is the client', async () => {
    const t = await serve({ TRUST_PROXY: '2' });
    // client, then the outer proxy (which the inner one at the peer address added)
    expect(await slowedAcross(t, '10.0.0.5', '198.51.100.1, 172.16.0.1', '198.51.100.2, 172.16.0.1')).toBe(false);
    expect(await slowedAcross(t, '10.0.0.5', '198.51.100.3, 172.16.0.1', '198.51.100.3, 172.16.0.2')).toBe(true);
  });
});

describe('HTTPS behind a proxy: Secure cookie and the CSRF origin check', () => {
  const httpsLogin = (t: TestServer, peer: string, extra: Record<string, string> = {}) =>
    login(t, peer, { 'x-forwarded-proto': 'https', origin: 'https://dash.example.fr', ...extra }, DEMO_PASSWORD);

  it('trusted: the browser’s https origin is accepted and the cookie is Secure', async () => {
    const t = await serve({ TRUST_PROXY: '10.0.0.0/8' });
    const res = await httpsLogin(t, '10.0.0.5');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);
  });

  it('trusted, with the proxy addressing the replica by its own name: X-Forwarded-Host is the site', async () => {
    const t = await serve({ TRUST_PROXY: '10.0.0.0/8' });
    const res = await httpsLogin(t, '10.0.0.5', { host: 'replica-a:3000', 'x-forwarded-host': 'dash.example.fr' });
    expect(res.statusCode).toBe(200);
  });

  it('not trusted: X-Forwarded-Proto and -Host are ignored (the origin does not match, no Secure cookie is set)', async () => {
    const t = await serve({});
    const res = await httpsLogin(t, '192.168.1.9');
    expect([res.statusCode, (JSON.parse(res.body) as ErrorEnvelope).code]).toEqual([403, 'CSRF']);
    const forged = await httpsLogin(t, '192.168.1.9', { host: 'replica-a:3000', 'x-forwarded-host': 'dash.example.fr' });
    expect(forged.statusCode).toBe(400);
    const plain = await login(t, '192.168.1.9', {}, DEMO_PASSWORD);
    expect(plain.statusCode).toBe(200);
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/i);
  });
});
