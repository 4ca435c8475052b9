import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, RentalDebt, TenantPayment } from '../../contract/claims.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import type { Document, Project } from '../../contract/projects.js';
import { PDF_BYTES, claimBody, projectBody, rentBody } from '../../sandbox/test/harness.js';
import { SANDBOX_DEFAULT_TOKEN } from '../config.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';

let s: TestServer;
let manager: Client;
const seen: string[] = [];

beforeAll(async () => {
  s = await startServer({ sandbox: { now: () => new Date('2026-06-15T10:00:00Z') } });
  manager = await s.signedIn('manager');
});
afterAll(() => s.close());

/** Every answer of this file is checked for the partner token. */
async function call<T = Record<string, unknown>>(
  c: Client,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const res = await c.call<T>(method, path, body, headers);
  seen.push(res.text, JSON.stringify([...res.headers.entries()]));
  return res;
}

function form(documentType: string, bytes?: Uint8Array<ArrayBuffer>, name = 'doc.pdf'): FormData {
  const f = new FormData();
  f.append('documentType', documentType);
  if (bytes) f.append('file', new Blob([bytes]), name);
  return f;
}

describe('forwarding the 27 operations', () => {
  it('walks both lifecycles through /api, each operation reaching the sandbox with the bearer token', async () => {
    const sb = s.sandbox;
    if (!sb) throw new Error('no sandbox');
    expect((await call(manager, 'POST', '/api/v3/score', { status: 4, monthlyIncome: 3000 })).body).toEqual({
      score: 1000,
      eligible: true,
    });
    const created = await call<Project>(manager, 'POST', '/api/v3/projects', projectBody());
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await call<{ total: number }>(manager, 'GET', '/api/v3/projects?status=0&search=alice')).body.total).toBeGreaterThan(0);
    expect((await call<Project>(manager, 'GET', `/api/v3/projects/${id}`)).body.id).toBe(id);
    const required = (await call<{ documentType: number }[]>(manager, 'GET', `/api/v3/projects/${id}/required`)).body;
    for (const d of required)
      expect((await call(manager, 'POST', `/api/v3/projects/${id}/documents`, form(String(d.documentType), PDF_BYTES))).status).toBe(201);
    const extra = await call<Document>(manager, 'POST', `/api/v3/projects/${id}/documents`, form('11', PDF_BYTES));
    expect((await call<Document[]>(manager, 'GET', `/api/v3/projects/${id}/documents`)).body).toHaveLength(required.length + 1);
    expect((await call(manager, 'DELETE', `/api/v3/projects/${id}/documents/${extra.body.id}`)).status).toBe(200);
    expect((await call(manager, 'POST', `/api/v3/projects/${id}/apply`)).status).toBe(200);
    await sb.call('POST', `/sandbox/projects/${id}/documents/validate`);
    const cert = await call(manager, 'GET', `/api/v3/projects/${id}/documents/certificate`);
    expect(cert.headers.get('content-type')).toBe('application/pdf');
    expect(cert.text.startsWith('%PDF-')).toBe(true);
    // the lease started in April: the rental information was given then (a lease cannot start in the past)
    expect((await call(manager, 'POST', '/api/sandbox/clock', { today: '2026-04-01' })).status).toBe(200);
    expect((await call(manager, 'POST', `/api/v3/projects/${id}/rent`, rentBody('2026-04-01'))).status).toBe(200);
    expect((await call(manager, 'POST', '/api/sandbox/clock', { today: '2026-06-15' })).status).toBe(200);
    expect((await call<{ state: string }>(manager, 'GET', `/api/v3/projects/${id}/payment`)).body.state).toBe('not_due');
    for (const step of ['rent/validate', 'payment/complete', 'signatures/tenant', 'signatures/owner'])
      await sb.call('POST', `/sandbox/projects/${id}/${step}`);
    expect((await call<{ projects: object }>(manager, 'GET', '/api/v3/projects/stats')).body.projects).toBeDefined();

    // no claim for a month before the lease: the partner's refusal comes through, on the field
    const early = await call<ErrorEnvelope>(manager, 'POST', `/api/v1/projects/${id}/claims`, claimBody('2026-03-31'));
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [{ path: 'rentDueDate', rule: { key: 'beforeLeaseStart', params: { date: '2026-04-01' } } }],
    });
    const claim = await call<Claim>(manager, 'POST', `/api/v1/projects/${id}/claims`, claimBody('2026-04-05'));
    expect(claim.status).toBe(201);
    const cid = claim.body.id;
    expect((await call<{ items: Claim[] }>(manager, 'GET', `/api/v1/claims?projectId=${id}`)).body.items).toHaveLength(1);
    expect((await call<unknown[]>(manager, 'GET', `/api/v1/claims/${cid}/documents/required`)).body).toHaveLength(3);
    for (const t of ['1', '2', '3'])
      expect((await call(manager, 'POST', `/api/v1/claims/${cid}/documents`, form(t, PDF_BYTES))).status).toBe(201);
    expect((await call(manager, 'POST', `/api/v1/claims/${cid}/apply`)).status).toBe(200);
    const debt = await call<RentalDebt>(manager, 'POST', `/api/v1/claims/${cid}/rentaldebts`, {
      rentAmount: 800,
      rentAmountReceived: 0,
      rentDueDate: '2026-05-05',
    });
    expect(debt.status).toBe(201);
    expect(
      (await call(manager, 'PUT', `/api/v1/claims/${cid}/rentaldebts/${debt.body.id}`, { rentDueDate: '2026-05-05', rentAmount: 790 }))
        .status,
    ).toBe(200);
    expect((await call<RentalDebt[]>(manager, 'GET', `/api/v1/claims/${cid}/rentaldebts`)).body).toHaveLength(3);
    expect((await call<unknown[]>(manager, 'GET', `/api/v1/claims/${cid}/rentaldebts/pending-signature`)).body).toEqual([]);
    const pay = await call<TenantPayment>(manager, 'POST', `/api/v1/claims/${cid}/payments`, { amount: 100, applyDate: '2026-05-10' });
    expect(pay.status).toBe(201);
    expect(
      (await call(manager, 'PUT', `/api/v1/claims/${cid}/payments/${pay.body.id}`, { amount: 150, applyDate: '2026-05-10' })).status,
    ).toBe(200);
    expect((await call<unknown[]>(manager, 'GET', `/api/v1/claims/${cid}/payments`)).body).toHaveLength(1);
    expect((await call(manager, 'DELETE', `/api/v1/claims/${cid}/payments/${pay.body.id}`)).status).toBe(200);
    expect((await call<{ monthsDeclared: number }>(manager, 'GET', `/api/v1/claims/${cid}/stats`)).body.monthsDeclared).toBe(2);
  });

  it('passes business errors through with their code and the same request id end to end', async () => {
    const res = await call<ErrorEnvelope>(manager, 'GET', '/api/v3/projects/00000000-0000-4000-8000-000000000000', undefined, {
      'x-request-id': 'trace-e2e-1',
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'E0040', requestId: 'trace-e2e-1' });
    expect(res.headers.get('x-request-id')).toBe('trace-e2e-1');
    expect(s.hits.some((h) => h.includes('/v3/projects/00000000-0000-4000-8000-000000000000'))).toBe(true);
  });

  it('validates bodies with the contract schemas before forwarding (nothing reaches the sandbox)', async () => {
    const before = s.hits.length;
    const bad = await call<ErrorEnvelope>(
      manager,
      'POST',
      '/api/v3/projects',
      projectBody({ finance: { status: 12, monthlyIncome: 100 } }),
    );
    expect(bad.body.code).toBe('INVALID_REQUEST');
    expect(bad.body.details?.map((d) => d.path)).toEqual(expect.arrayContaining(['referent', 'referentFinance']));
    const pay = await call<ErrorEnvelope>(manager, 'POST', '/api/v1/claims/00000000-0000-4000-8000-000000000000/payments', {
      amount: 0,
      applyDate: '2026-05-10',
    });
    expect(pay.body.code).toBe('E0212');
    const future = await call<ErrorEnvelope>(manager, 'POST', '/api/v1/claims/00000000-0000-4000-8000-000000000000/rentaldebts', {
      rentAmount: 10,
      rentAmountReceived: 0,
      rentDueDate: '2026-06-16',
    });
    expect(future.body.code).toBe('E0201');
    expect((await call<ErrorEnvelope>(manager, 'POST', '/api/v3/projects', '{oops')).body.code).toBe('INVALID_REQUEST');
    expect(s.hits.slice(before).filter((h) => !h.includes('/sandbox/clock'))).toEqual([]);
  });
});

describe('what reaches the partner', () => {
  let partner: Server;
  let t: TestServer;
  const received: unknown[] = [];
  beforeAll(async () => {
    // a partner that notes each body it is sent (and refuses it: what it was sent is the point)
    partner = createServer((req, res) => {
      if (req.url?.startsWith('/sandbox/clock'))
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"today":"2026-06-15"}');
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        if (text) received.push(JSON.parse(text));
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'E0001', message: 'x', requestId: 'r' }));
      });
    });
    await new Promise<void>((r) => partner.listen(0, '127.0.0.1', r));
    t = await startServer({ sandbox: false, env: { SANDBOX_PORT: String((partner.address() as AddressInfo).port) } });
  });
  afterAll(async () => {
    await t.close();
    partner.close();
  });

  it('is the body as the contract reads it: a SIREN typed in groups arrives as its 9 digits, a name without its stray spaces', async () => {
    const c = await t.signedIn('manager');
    const body = claimBody('2026-05-05');
    const typed = { ...body, legalInfo: { ...body.legalInfo, firstName: ' Sophie ', siren: '123\u00a0456 789' } };
    await c.call('POST', '/api/v1/projects/6f1c8a52-3d0e-4b7a-9c1e-2a5d7b9e0c11/claims', typed);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ legalInfo: { firstName: 'Sophie', siren: '123456789' }, rentAmount: 800 });
  });
});

describe('never an open proxy', () => {
  it('answers 404 to anything that is not one of the operations, without reaching the sandbox', async () => {
    const before = s.hits.length;
    const id = '6f1c8a52-3d0e-4b7a-9c1e-2a5d7b9e0c11';
    const attempts: [string, string][] = [
      ['GET', '/api/v2/projects'],
      ['GET', '/api/v3/projects/not-a-guid'],
      ['DELETE', '/api/v3/projects'],
      ['GET', `/api/v3/projects/${id}%2F..%2Fstats`],
      ['GET', `/api/v3/projects/${id}/..`],
      ['GET', '/api/v3/projects/%2e%2e/stats'],
      ['GET', '/api//v3/projects'],
      ['GET', '/api/v3/projects/..%5Cstats'],
      ['GET', '/api/v1/claims/../../sandbox/reset'],
      ['GET', '/api/v3/projects?x=http://evil.example/'],
      ['DELETE', `/api/v1/claims/${id}/rentaldebts/${id}`],
      ['POST', '/api/sandbox/..%2Fv3/projects'],
      ['GET', '/api/sandbox/webhooks/events'],
      ['GET', `/api/sandbox/documents/${id}`],
    ];
    for (const [method, path] of attempts) {
      const res = await call<ErrorEnvelope>(manager, method, path);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 404, code: 'NOT_FOUND' });
    }
    expect(s.hits.length).toBe(before);
  });

  it('refuses an absolute URL in the request line and raw dot segments (sent unnormalised)', async () => {
    const before = s.hits.length;
    const port = new URL(s.url).port;
    const raw = (method: string, path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, method, path, headers: { cookie: manager.cookie, origin: s.url, 'x-csrf-token': manager.csrf } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
    for (const [method, path] of [
      ['GET', 'http://evil.example/api/v3/projects'],
      ['POST', '/api/sandbox/../v3/projects'],
      ['POST', '/api/v1/claims/../../sandbox/reset'],
      ['GET', '/api/v3/projects/../../../etc/passwd'],
    ]) {
      const status = await raw(method ?? 'GET', path ?? '/');
      expect(status, path).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
    expect(s.hits.length).toBe(before);
  });
});

describe('uploads are checked before forwarding', () => {
  it('never forwards a file of 10 MB + 1 byte (E0145), a non-image (E0144) or a form without file (E0142)', async () => {
    const p = (await call<Project>(manager, 'POST', '/api/v3/projects', projectBody())).body;
    const before = s.hits.filter((h) => h.includes('/documents')).length;
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF_BYTES);
    const tooBig = await call<ErrorEnvelope>(manager, 'POST', `/api/v3/projects/${p.id}/documents`, form('1', big));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('E0145');
    expect(
      (
        await call<ErrorEnvelope>(
          manager,
          'POST',
          `/api/v3/projects/${p.id}/documents`,
          form('1', new TextEncoder().encode('#!/bin/sh\necho pwned'), 'fake.pdf'),
        )
      ).body.code,
    ).toBe('E0144');
    expect((await call<ErrorEnvelope>(manager, 'POST', `/api/v3/projects/${p.id}/documents`, form('1'))).body.code).toBe('E0142');
    expect((await call<ErrorEnvelope>(manager, 'POST', `/api/v3/projects/${p.id}/documents`, { documentType: 1 })).body.code).toBe('E0142');
    expect(s.hits.filter((h) => h.includes('/documents')).length).toBe(before);
    const exact = new Uint8Array(10 * 1024 * 1024);
    exact.set(PDF_BYTES);
    expect((await call(manager, 'POST', `/api/v3/projects/${p.id}/documents`, form('1', exact))).status).toBe(201);
  });
});

describe('double submission', () => {
  it('answers a repeated Idempotency-Key with the first answer instead of creating a second project', async () => {
    const key = 'create-project-key-0001';
    const count = async () => (await call<{ total: number }>(manager, 'GET', '/api/v3/projects')).body.total;
    const before = await count();
    const [a, b] = await Promise.all([
      call<Project>(manager, 'POST', '/api/v3/projects', projectBody(), { 'idempotency-key': key }),
      call<Project>(manager, 'POST', '/api/v3/projects', projectBody(), { 'idempotency-key': key }),
    ]);
    const c = await call<Project>(manager, 'POST', '/api/v3/projects', projectBody(), { 'idempotency-key': key });
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(1);
    expect(c.headers.get('idempotent-replayed')).toBe('true');
    expect(await count()).toBe(before + 1);
    const other = await call<Project>(manager, 'POST', '/api/v3/projects', projectBody(), { 'idempotency-key': 'another-key-0002' });
    expect(other.body.id).not.toBe(a.body.id);
  });
});

describe('the token stays in the server', () => {
  it('appears in no answer of this file', () => {
    expect(seen.length).toBeGreaterThan(50);
    for (const text of seen) expect(text).not.toContain(SANDBOX_DEFAULT_TOKEN);
  });
});
