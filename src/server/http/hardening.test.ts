import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim } from '../../contract/claims.js';
import type { AuditPage } from '../../contract/audit.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import { TODAY_EVENT, type PartnerEvent } from '../../contract/session.js';
import { PDF_BYTES, claimBody, projectBody, type TestSandbox } from '../../sandbox/test/harness.js';
import { claimOn, projectAt } from '../../sandbox/test/flows.js';
import { malformedForms, multipartBody, rawRequest } from '../../sandbox/test/raw-http.js';
import { ConfigError, loadConfig } from '../config.js';
import { startServer, uploadForm, type Client, type TestServer } from '../test/harness.js';
import { openEventStream, type EventStream } from '../test/event-stream.js';

let s: TestServer;
let sb: TestSandbox;
let manager: Client;
let offsetMs = 0;
const now = () => Date.now() + offsetMs;

beforeAll(async () => {
  s = await startServer({
    sandbox: { now: () => new Date('2026-06-15T10:00:00Z') },
    server: { bodyRate: { windowMs: 400, minBytesPerSecond: 500 }, now, loginRateLimit: { max: 100, timeWindow: 60_000 } },
  });
  if (!s.sandbox) throw new Error('no sandbox');
  sb = s.sandbox;
  manager = await s.signedIn('manager');
});
afterAll(() => s.close());

const form = uploadForm;
const head = (c: Client, path: string, contentType: string, length: number, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: ${new URL(s.url).host}\r\nOrigin: ${s.url}\r\nCookie: ${c.cookie}\r\nX-CSRF-Token: ${c.csrf}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n${extra}\r\n`;

describe('plausible bounds, checked before anything reaches the partner', () => {
  it('refuses year 0100, 1e300 and a minor before forwarding', async () => {
    const before = s.hits.length;
    const id = '6f1c8a52-3d0e-4b7a-9c1e-2a5d7b9e0c11';
    const claim = await manager.call<ErrorEnvelope>('POST', `/api/v1/projects/${id}/claims`, claimBody('0100-01-05'));
    expect([claim.status, claim.body.code]).toEqual([400, 'INVALID_REQUEST']);
    const pay = await manager.call<ErrorEnvelope>('POST', `/api/v1/claims/${id}/payments`, { amount: 1e300, applyDate: '2026-06-01' });
    expect(pay.body.details).toContainEqual({
      path: 'amount',
      message: 'must be at most 1,000,000',
      rule: { key: 'maxNumber', params: { max: 1_000_000 } },
    });
    const body = projectBody();
    const minor = await manager.call<ErrorEnvelope>('POST', '/api/v3/projects', {
      ...body,
      profile: { ...body.profile, dateOfBirth: '2999-01-01' },
    });
    expect(minor.status).toBe(400);
    expect(s.hits.slice(before).filter((h) => !h.includes('/sandbox/clock'))).toEqual([]);
  });
});

describe('slow bodies are cut', () => {
  it('answers 408 to an upload trickled a byte at a time and closes the connection', async () => {
    const { claim } = await claimOn(sb, '2026-04-05');
    const body = multipartBody({ documentType: '1' }, Buffer.from(PDF_BYTES));
    const path = `/api/v1/claims/${claim.id}/documents`;
    const res = await rawRequest(s.url, head(manager, path, 'multipart/form-data; boundary=test-boundary-123', body.length), body, {
      waitMs: 5000,
      trickleMs: 100,
    });
    expect([res.status, res.closed]).toEqual([408, true]);
    expect(res.text).toContain('"code":"REQUEST_TIMEOUT"');
    expect(res.ms).toBeLessThan(3000);
    expect(s.hits.some((h) => h.includes(`/v1/claims/${claim.id}/documents`))).toBe(false);
  });
});

describe('a refused partner token is a gateway error, not a sign-out', () => {
  it('answers 502 UPSTREAM_AUTH, keeps the user signed in, and /readyz reports it', async () => {
    const t = await startServer({
      sandbox: { now: () => new Date('2026-06-15T10:00:00Z') },
      env: { PARTNER_API_TOKEN: 'sk_revoked_token' },
    });
    try {
      const c = await t.signedIn('staff');
      for (const path of ['/api/v3/projects', '/api/v1/claims', '/api/round']) {
        const res = await c.call<ErrorEnvelope>('GET', path);
        expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 502, code: 'UPSTREAM_AUTH' });
      }
      // what the read model serves keeps answering what it last read (nothing yet here), never a partner
      // error; an export refuses until a first sync has completed, rather than pass for an empty organization
      expect((await c.call('GET', '/api/inbox')).status).toBe(200);
      expect((await c.call<ErrorEnvelope>('GET', '/api/exports/claims.csv')).body.code).toBe('FIRST_SYNC_PENDING');
      expect((await c.call('GET', '/api/session')).status).toBe(200);
      const ready = await c.call<{ status: string }>('GET', '/readyz');
      expect([ready.status, ready.body.status]).toEqual([503, 'upstream refuses the API token']);
    } finally {
      await t.close();
    }
  });
});

describe('a partner that answers HTML or garbage', () => {
  let fake: Server;
  let t: TestServer;
  let c: Client;
  let answer: { status: number; type: string; body: string; location?: string } = { status: 200, type: 'text/html', body: '<h1>x</h1>' };
  beforeAll(async () => {
    fake = createServer((req, res) => {
      if (req.url?.startsWith('/sandbox/clock'))
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"today":"2026-06-15"}');
      res
        .writeHead(answer.status, { 'content-type': answer.type, ...(answer.location ? { location: answer.location } : {}) })
        .end(answer.body);
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    t = await startServer({ sandbox: false, env: { SANDBOX_PORT: String((fake.address() as AddressInfo).port) } });
    c = await t.signedIn('manager');
  });
  afterAll(async () => {
    await t.close();
    fake.close();
  });
  const id = '6f1c8a52-3d0e-4b7a-9c1e-2a5d7b9e0c11';
  const paths = [
    '/api/v1/claims',
    '/api/v3/projects',
    `/api/v3/projects/${id}`,
    `/api/claims/${id}/statement.pdf`,
    `/api/claims/${id}/statement.csv`,
  ];

  it.each([
    ['HTML with 200', { status: 200, type: 'text/html; charset=utf-8', body: '<!doctype html><h1>Maintenance</h1>' }],
    ['HTML with 404', { status: 404, type: 'text/html', body: '<h1>Not found</h1>' }],
    ['JSON of another shape', { status: 200, type: 'application/json', body: '{"items":[{"id":"x"}],"page":1,"pageSize":20,"total":1}' }],
    ['truncated JSON', { status: 200, type: 'application/json', body: '{"items":[{"id":' }],
    ['a redirect', { status: 302, type: 'text/plain', body: '', location: 'http://elsewhere.example/' }],
  ])('%s: 502 UPSTREAM_INVALID with a request id on every read', async (_name, a) => {
    answer = a;
    for (const path of paths) {
      const res = await c.call<ErrorEnvelope>('GET', path);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 502, code: 'UPSTREAM_INVALID' });
      expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
      expect(res.headers.get('content-type')).toContain('application/json');
    }
    // the work queue and the exports come from the read model: the partner's garbage never reaches
    // them (never synced here: the exports say so rather than pass for an empty organization)
    expect((await c.call('GET', '/api/inbox')).status).toBe(200);
    for (const path of ['/api/exports/projects.csv', '/api/exports/claims.csv'])
      expect((await c.call<ErrorEnvelope>('GET', path)).body.code, path).toBe('FIRST_SYNC_PENDING');
  });

  it('checks the certificate is a PDF, and passes business errors through', async () => {
    answer = { status: 200, type: 'application/pdf', body: '<html>not a pdf</html>' };
    expect((await c.call<ErrorEnvelope>('GET', `/api/v3/projects/${id}/documents/certificate`)).body.code).toBe('UPSTREAM_INVALID');
    answer = { status: 404, type: 'application/json', body: JSON.stringify({ code: 'E0040', message: 'x', requestId: 'r' }) };
    const missing = await c.call<ErrorEnvelope>('GET', `/api/v3/projects/${id}`);
    expect([missing.status, missing.body.code]).toEqual([404, 'E0040']);
    answer = { status: 403, type: 'application/json', body: JSON.stringify({ code: 'E0015', message: 'x', requestId: 'r' }) };
    expect((await c.call<ErrorEnvelope>('GET', `/api/v3/projects/${id}`)).body.code).toBe('E0015');
    answer = { status: 403, type: 'application/json', body: JSON.stringify({ code: 'FORBIDDEN', message: 'x', requestId: 'r' }) };
    expect((await c.call<ErrorEnvelope>('GET', `/api/v3/projects/${id}`)).body.code).toBe('UPSTREAM_AUTH');
  });
});

describe('malformed multipart', () => {
  it('answers 400 to each malformed form on both upload operations, forwarding nothing', async () => {
    const { claim } = await claimOn(sb, '2026-04-05');
    const project = await projectAt(sb, 0);
    const before = s.hits.filter((h) => h.includes('/documents')).length;
    for (const path of [`/api/v1/claims/${claim.id}/documents`, `/api/v3/projects/${project.id}/documents`]) {
      for (const f of malformedForms(Buffer.from(PDF_BYTES))) {
        const res = await rawRequest(s.url, head(manager, path, f.contentType, f.body.length, 'Connection: close\r\n'), f.body, {
          waitMs: 3000,
        });
        expect({ path, form: f.name, status: res.status }).toEqual({ path, form: f.name, status: 400 });
      }
    }
    expect(s.hits.filter((h) => h.includes('/documents')).length).toBe(before);
  });
});

describe('a malformed Referer without Origin', () => {
  it('is a 403 CSRF on sign-in and every state-changing route, never a 500', async () => {
    const c = await s.signedIn('staff');
    const id = '6f1c8a52-3d0e-4b7a-9c1e-2a5d7b9e0c11';
    const routes: [string, string, unknown][] = [
      ['POST', '/api/login', { email: 'staff@demo-agency.fr', password: 'sandbox-demo' }],
      ['POST', '/api/v3/projects', projectBody()],
      ['PUT', `/api/v1/claims/${id}/payments/${id}`, { amount: 1, applyDate: '2026-06-01' }],
      ['DELETE', `/api/v1/claims/${id}/payments/${id}`, undefined],
      ['POST', '/api/sandbox/clock', { advanceDays: 1 }],
      ['POST', '/api/logout', undefined],
    ];
    for (const referer of ['not a url', 'http://[bad', '::::']) {
      for (const [method, path, body] of routes) {
        const res = await c.call<ErrorEnvelope>(method, path, body, { origin: '', referer });
        expect({ referer, path, status: res.status, code: res.body.code }).toEqual({ referer, path, status: 403, code: 'CSRF' });
      }
    }
    expect((await c.call('GET', '/api/session')).status).toBe(200);
  });
});

const openStream = (c: Client) => openEventStream(`${s.url}/api/events`, { cookie: c.cookie });
/** Reads a stream until the server ends it or `ms` pass: whether it ended, and every frame's data it sent. */
const readStream = async (stream: EventStream, ms: number) => {
  await stream.until(() => false, ms);
  return { ended: stream.ended, text: stream.frames.map((f) => f.data).join('\n') };
};
const event = (n: number) => {
  const e = {
    id: `evt-hardening-${n}-${Math.random()}`,
    type: 'claim.updated',
    createdAt: new Date().toISOString(),
    data: { claimId: 'x' },
  };
  return [e.id, e.type, JSON.stringify(e)] as const;
};

describe('event streams live only as long as their session', () => {
  it('sign-out closes the session’s open streams: the next partner event is not received', async () => {
    const c = await s.signedIn('staff');
    const stream = await openStream(c);
    expect(stream.status).toBe(200);
    expect((await c.call('POST', '/api/logout')).status).toBe(200);
    await s.hub.record(...event(1));
    const read = await readStream(stream, 1500);
    expect(read.ended).toBe(true);
    expect(read.text).not.toContain('evt-hardening-1');
  });

  it('a session that expired (idle) gets no more events on a stream opened before', async () => {
    const c = await s.signedIn('staff');
    const stream = await openStream(c);
    offsetMs = 31 * 60_000; // past SESSION_IDLE_MINUTES (30)
    try {
      await s.hub.record(...event(2));
      const read = await readStream(stream, 1500);
      expect(read.ended).toBe(true);
      expect(read.text).not.toContain('evt-hardening-2');
    } finally {
      offsetMs = 0;
    }
  });

  it('a session holds at most 6 streams (429 beyond)', async () => {
    const c = await s.signedIn('staff');
    const open = await Promise.all(Array.from({ length: 6 }, () => openStream(c)));
    expect(open.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const seventh = await openStream(c);
    expect(seventh.status).toBe(429);
    for (const o of open) o.close();
    const other = await s.signedIn('staff');
    const mine = await openStream(other);
    expect(mine.status).toBe(200); // another session is not affected
    mine.close();
  });
});

describe('an Idempotency-Key names one request', () => {
  it('shared by a project creation and a payment at once: one is refused (422), nothing is lost or mixed up', async () => {
    const { claim } = await claimOn(sb, '2026-04-05');
    const key = 'shared-key-0000001';
    const [project, payment] = await Promise.all([
      manager.call<{ id: string; code?: string }>('POST', '/api/v3/projects', projectBody(), { 'idempotency-key': key }),
      manager.call<{ amount?: number; code?: string }>(
        'POST',
        `/api/v1/claims/${claim.id}/payments`,
        { amount: 25, applyDate: '2026-06-01' },
        { 'idempotency-key': key },
      ),
    ]);
    expect([project.status, payment.status].sort()).toEqual([201, 422]);
    const refusedOne = project.status === 422 ? project : payment;
    expect(refusedOne.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const payments = (await manager.call<{ amount: number }[]>('GET', `/api/v1/claims/${claim.id}/payments`)).body;
    if (payment.status === 201) {
      expect(payment.body.amount).toBe(25);
      expect(payments.map((p) => p.amount)).toEqual([25]);
    } else expect(payments).toEqual([]);
  });

  it('reused later with another operation or another body: 422, and the first answer is kept', async () => {
    const { claim } = await claimOn(sb, '2026-04-05');
    const key = 'reused-key-0000002';
    const first = await manager.call<{ id: string; amount: number }>(
      'POST',
      `/api/v1/claims/${claim.id}/payments`,
      { amount: 40, applyDate: '2026-06-01' },
      { 'idempotency-key': key },
    );
    expect(first.status).toBe(201);
    const otherBody = await manager.call<ErrorEnvelope>(
      'POST',
      `/api/v1/claims/${claim.id}/payments`,
      { amount: 41, applyDate: '2026-06-01' },
      { 'idempotency-key': key },
    );
    expect([otherBody.status, otherBody.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(otherBody.body.message).toMatch(/Idempotency-Key/);
    const otherOp = await manager.call<ErrorEnvelope>('POST', '/api/v3/projects', projectBody(), { 'idempotency-key': key });
    expect([otherOp.status, otherOp.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const replay = await manager.call<{ id: string }>(
      'POST',
      `/api/v1/claims/${claim.id}/payments`,
      { applyDate: '2026-06-01', amount: 40 },
      { 'idempotency-key': key },
    );
    expect([replay.status, replay.body.id, replay.headers.get('idempotent-replayed')]).toEqual([201, first.body.id, 'true']);
    expect((await manager.call<unknown[]>('GET', `/api/v1/claims/${claim.id}/payments`)).body).toHaveLength(1);
  });
});

describe('text is refused, never cut', () => {
  it('refuses a 5,000-character comment and forwards a 1,000-character one whole', async () => {
    const { claim } = await claimOn(sb, '2026-04-05');
    const long = await manager.call<ErrorEnvelope>(
      'POST',
      `/api/v1/claims/${claim.id}/documents`,
      form({ documentType: '1', comment: 'x'.repeat(5000) }, PDF_BYTES),
    );
    expect([long.status, long.body.code]).toEqual([400, 'INVALID_REQUEST']);
    expect(long.body.details).toContainEqual({
      path: 'comment',
      message: 'at most 1000 characters',
      rule: { key: 'maxChars', params: { max: 1000 } },
    });
    const comment = '€'.repeat(1000); // 3,000 bytes: more than the 2,000 the server used to keep
    const ok = await manager.call<{ comment: string }>(
      'POST',
      `/api/v1/claims/${claim.id}/documents`,
      form({ documentType: '1', comment }, PDF_BYTES),
    );
    expect([ok.status, ok.body.comment]).toEqual([201, comment]);
  });
});

describe('uploads are forwarded as undici writes the form', () => {
  it('sends the file byte for byte as its sniffed type, and checks the comment as forwarded (line breaks CRLF)', async () => {
    if (!s.sandbox) throw new Error('no sandbox');
    const { claim } = await claimOn(sb, '2026-04-05');
    const bytes = new Uint8Array(3 * 1024 * 1024 + 7).map((_, i) => (i * 31) % 251);
    bytes.set(PDF_BYTES);
    const sent = await manager.call<{ id: string; contentType: string; size: number; comment: string }>(
      'POST',
      `/api/v1/claims/${claim.id}/documents`,
      form({ documentType: '1', comment: 'first line\nsecond line' }, bytes),
    );
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ contentType: 'application/pdf', size: bytes.length, comment: 'first line\r\nsecond line' });
    const stored = await fetch(`${s.sandbox.url}/sandbox/documents/${sent.body.id}`, {
      headers: { authorization: `Bearer ${s.config.partnerToken}` },
    });
    expect(Buffer.from(await stored.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    // a client that sends bare LF: 500 line breaks are 1,000 characters as received, 1,500 as
    // forwarded: refused here, never refused (or cut) by the partner
    // uploads forwarded (the read model's re-read of the claim's required documents is a GET)
    const uploads = () => s.hits.filter((h) => h.startsWith('POST') && h.includes('/documents')).length;
    const reached = uploads();
    const path = `/api/v1/claims/${claim.id}/documents`;
    for (const [comment, status] of [
      ['y' + 'x\n'.repeat(500), 400],
      ['y' + 'x\n'.repeat(300), 201],
    ] as const) {
      const body = multipartBody({ documentType: '1', comment }, Buffer.from(PDF_BYTES));
      const res = await rawRequest(s.url, head(manager, path, 'multipart/form-data; boundary=test-boundary-123', body.length), body);
      expect(res.status).toBe(status);
    }
    expect(uploads()).toBe(reached + 1);
  });
});

describe('upload spool files', () => {
  it('live under DATA_DIR/spool and are swept at start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'spool-test-'));
    const left = join(dataDir, 'spool', 'upload-left-by-a-crash');
    mkdirSync(left, { recursive: true });
    writeFileSync(join(left, 'file'), Buffer.alloc(1024));
    const t = await startServer({ sandbox: { now: () => new Date('2026-06-15T10:00:00Z') }, env: { DATA_DIR: dataDir } });
    try {
      expect(existsSync(left)).toBe(false);
      expect(readdirSync(join(dataDir, 'spool'))).toEqual([]);
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('signed-in answers are never cached', () => {
  it('sends Cache-Control: no-store on /api/session and the other /api answers', async () => {
    for (const path of ['/api/session', '/api/v3/projects', '/api/inbox', '/api/mode']) {
      expect((await manager.call('GET', path)).headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

describe('sign-in throttling per account and address', () => {
  const loginFrom = async (address: string, email: string, password: string) => {
    const agent = new Agent({ localAddress: address });
    try {
      const res = await request(`${s.url}/api/login`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json', origin: s.url },
        body: JSON.stringify({ email, password }),
      });
      const body = (await res.body.json()) as { code?: string };
      return { status: res.statusCode, code: body.code, retryAfter: res.headers['retry-after'] };
    } finally {
      await agent.close();
    }
  };

  it('slows an attacker down with growing delays, never locks the owner out, and tells the managers in the audit trail', async () => {
    const email = 'intermediary@demo-agency.fr';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await loginFrom('127.0.0.2', email, `wrong-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const delayed = await loginFrom('127.0.0.2', email, 'sandbox-demo');
    expect([delayed.status, delayed.code, delayed.retryAfter]).toEqual([429, 'SIGN_IN_DELAYED', '1']);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await loginFrom('127.0.0.2', email, 'wrong-again')).status).toBe(401);
    const longer = await loginFrom('127.0.0.2', email, 'wrong');
    expect([longer.status, longer.retryAfter]).toEqual([429, '2']);
    // the owner, from their own address, signs in at once
    expect((await loginFrom('127.0.0.1', email, 'sandbox-demo')).status).toBe(200);
    // the managers read it in the audit trail, with the address; the partner's event log stays the partner's
    const trail = (await manager.call<AuditPage>('GET', '/api/audit?operation=signIn&pageSize=100')).body.items;
    const from = (address: string, result: string) =>
      trail.filter((r) => r.actorId === email && r.address === address && r.result === result);
    expect(from('127.0.0.2', 'INVALID_CREDENTIALS').length).toBeGreaterThanOrEqual(5);
    expect(from('127.0.0.2', 'SIGN_IN_DELAYED').length).toBe(2);
    expect(from('127.0.0.1', 'success')).toHaveLength(1);
    const log = (await manager.call<PartnerEvent[]>('GET', '/api/events/recent')).body;
    expect(log.map((e) => e.type)).not.toContain('security.sign_in_throttled');
  });
});

describe('the Host the server answers to', () => {
  it('refuses an unknown Host (DNS rebinding), answers loopback names', async () => {
    const port = new URL(s.url).port;
    const res = await rawRequest(s.url, `GET /api/mode HTTP/1.1\r\nHost: evil.example:${port}\r\nConnection: close\r\n\r\n`, '', {
      waitMs: 3000,
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Unknown Host');
    const local = await rawRequest(s.url, `GET /api/mode HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`, '', {
      waitMs: 3000,
    });
    expect(local.status).toBe(200);
    const probe = await rawRequest(s.url, `GET /healthz HTTP/1.1\r\nHost: 10.1.2.3:${port}\r\nConnection: close\r\n\r\n`, '', {
      waitMs: 3000,
    });
    expect(probe.status).toBe(200);
  });

  it('requires PUBLIC_ORIGIN in live mode, and answers its host', () => {
    const live = {
      PARTNER_API_BASE_URL: 'https://partner.example',
      PARTNER_API_TOKEN: 'sk_live_token',
      PARTNER_WEBHOOK_SECRET: 'whsec_bGl2ZQ==',
      SESSION_SECRET: 'x'.repeat(40),
      USERS_FILE: __filename,
    };
    expect(() => loadConfig(live)).toThrow(ConfigError);
    expect(() => loadConfig(live)).toThrow(/PUBLIC_ORIGIN/);
    const config = loadConfig({ ...live, PUBLIC_ORIGIN: 'https://dashboard.example.fr/', ALLOWED_HOSTS: 'intranet.example.fr' });
    expect(config.publicOrigin).toBe('https://dashboard.example.fr');
    expect(config.allowedHosts).toEqual(expect.arrayContaining(['dashboard.example.fr', 'intranet.example.fr', '127.0.0.1']));
  });
});

describe('an intermediary opens a claim on an active project (decision)', () => {
  it('may open it, and the project then enters their scope; a project not active stays out of it', async () => {
    const intermediary = await s.signedIn('intermediary');
    const active = await projectAt(sb, 7);
    // an active contract is theirs to read before any claim: the claim form reads it
    expect((await intermediary.call('GET', `/api/v3/projects/${active.id}`)).status).toBe(200);
    const claim = await intermediary.call<Claim>('POST', `/api/v1/projects/${active.id}/claims`, claimBody('2026-05-05'));
    expect(claim.status).toBe(201);
    expect((await intermediary.call('GET', `/api/v3/projects/${active.id}`)).status).toBe(200);
    const pending = await projectAt(sb, 2);
    const refused = await intermediary.call<ErrorEnvelope>('POST', `/api/v1/projects/${pending.id}/claims`, claimBody('2026-05-05'));
    expect(refused.body.code).toBe('PROJECT_NOT_ACTIVE');
    expect((await intermediary.call<ErrorEnvelope>('GET', `/api/v3/projects/${pending.id}`)).body.code).toBe('OUT_OF_SCOPE');
  });
});

// (last: the intermediary's sign-in here would count in the sign-in trail above)
describe('the partner’s today moving reaches every open tab', () => {
  it('a manager moving the sandbox’s clock: a colleague’s stream and an intermediary’s say so, so their pages read today again', async () => {
    const manager = await s.signedIn('manager');
    const staff = await openStream(await s.signedIn('staff'));
    const intermediary = await openStream(await s.signedIn('intermediary'));
    expect([staff.status, intermediary.status]).toEqual([200, 200]);
    expect(await staff.until((f) => f.event === 'ready')).not.toBeNull();
    expect((await manager.call('POST', '/api/sandbox/clock', { advanceDays: 1 })).status).toBe(200);
    const said = await Promise.all([staff, intermediary].map((st) => st.until((f) => f.event === TODAY_EVENT, 5_000)));
    expect(said.map((f) => f?.event)).toEqual([TODAY_EVENT, TODAY_EVENT]);
    staff.close();
    intermediary.close();
  });
});
