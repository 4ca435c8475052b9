import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from './auth/passwords.js';

/**
 * The process as deployed: main.ts in its own process (live mode, a fake partner that answers
 * slowly), stopped with SIGTERM as an orchestrator does during a rolling restart.
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

let partner: Server;
let partnerHits = 0;
let dir: string;
let child: ChildProcess;
let base: string;
let exited: Promise<number | null>;

beforeAll(async () => {
  partner = createServer((req, res) => {
    partnerHits++;
    // every list answers after 1.5 s: a request in flight when the signal comes
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[],"page":1,"pageSize":20,"total":0}'), 1500);
    req.resume();
  });
  await new Promise<void>((r) => partner.listen(0, '127.0.0.1', r));
  dir = mkdtempSync(join(tmpdir(), 'shutdown-test-'));
  const users = join(dir, 'users.json');
  writeFileSync(
    users,
    JSON.stringify({ users: [{ email: 'ops@demo.fr', name: 'Ops', role: 'manager', passwordHash: await hashPassword('ops-password-1') }] }),
  );
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: join(dir, 'data'),
      STATIC_DIR: join(dir, 'none'),
      PARTNER_API_BASE_URL: `http://127.0.0.1:${(partner.address() as AddressInfo).port}`,
      PARTNER_API_TOKEN: 'sk_test_shutdown',
      PARTNER_WEBHOOK_SECRET: `whsec_${Buffer.from('shutdown').toString('base64')}`,
      SESSION_SECRET: 's'.repeat(40),
      USERS_FILE: users,
      PUBLIC_ORIGIN: base,
      LOG_LEVEL: 'error',
      SHUTDOWN_GRACE_MS: '8000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}, 60_000);

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  partner.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('graceful shutdown (SIGTERM)', () => {
  it('finishes the request in flight, ends event streams with a retry hint, refuses new work, and exits 0', async () => {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'ops@demo.fr', password: 'ops-password-1' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    // an open event stream: what it receives until the server ends it
    const stream = new Promise<{ status: number; text: string }>((resolve, reject) => {
      get(`${base}/api/events`, { headers: { cookie } }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      }).on('error', reject);
    });
    // a read that the partner answers in 1.5 s
    const hitsBefore = partnerHits;
    const inFlight = fetch(`${base}/api/v3/projects?pageSize=20`, { headers: { cookie } });
    while (partnerHits === hitsBefore) await new Promise((r) => setTimeout(r, 20));

    const signalled = Date.now();
    child.kill('SIGTERM');
    const closed = await stream;
    expect(closed.status).toBe(200);
    // the browser is told to come back in a second (to another replica, or this one restarted)
    expect(closed.text).toMatch(/retry: 1000\n\n$/);
    expect(Date.now() - signalled).toBeLessThan(1000);

    // no new work is accepted while closing
    const late = await fetch(`${base}/api/session`, { headers: { cookie } }).then(
      (r) => r.status,
      () => 'refused',
    );
    expect(late === 'refused' || late === 503).toBe(true);

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThan(1000);
  }, 30_000);
});
