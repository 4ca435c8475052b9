import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGuid } from '../contract/common.js';
import { OPERATIONS } from '../contract/paths.js';
import type { Claim } from '../contract/claims.js';
import type { ErrorEnvelope } from '../contract/errors.js';
import type { Project, RequiredDocument } from '../contract/projects.js';
import type { OrganizationStats } from '../contract/stats.js';
import { OTHER_KEY, PDF_BYTES, claimBody, projectBody, startSandbox, type TestSandbox } from './test/harness.js';
import { claimOn, projectAt } from './test/flows.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox({ now: () => new Date('2026-06-15T10:00:00Z') });
});
afterAll(() => sb.close());

const count = async (path: string, token?: string) => (await sb.call<{ total: number }>('GET', path, undefined, { token })).body.total;

describe('authentication and isolation', () => {
  it('answers 401 UNAUTHENTICATED without a bearer token or with an unknown one', async () => {
    for (const token of [null, 'sk_unknown']) {
      const res = await sb.call<ErrorEnvelope>('GET', '/v3/projects', undefined, { token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
    const basic = await sb.call<ErrorEnvelope>('GET', '/v1/claims', undefined, {
      token: null,
      headers: { authorization: 'Basic c2tfc2FuZGJveF9kZW1vX2FnZW5jeQ==' },
    });
    expect(basic.status).toBe(401);
  });

  it("refuses another organization's project and claim with 403 E0015 on every operation", async () => {
    const { project, claim } = await claimOn(sb, '2026-05-05');
    const other = { token: OTHER_KEY };
    const checks: [string, string, unknown?][] = [
      ['GET', `/v3/projects/${project.id}`],
      ['GET', `/v3/projects/${project.id}/required`],
      ['GET', `/v3/projects/${project.id}/documents`],
      ['POST', `/v3/projects/${project.id}/apply`],
      ['GET', `/v3/projects/${project.id}/documents/certificate`],
      ['GET', `/v3/projects/${project.id}/payment`],
      ['POST', `/v1/projects/${project.id}/claims`, claimBody('2026-05-05')],
      ['GET', `/v1/claims/${claim.id}/documents/required`],
      ['POST', `/v1/claims/${claim.id}/apply`],
      ['GET', `/v1/claims/${claim.id}/rentaldebts`],
      ['GET', `/v1/claims/${claim.id}/rentaldebts/pending-signature`],
      ['POST', `/v1/claims/${claim.id}/payments`, { amount: 5, applyDate: '2026-05-05' }],
      ['GET', `/v1/claims/${claim.id}/payments`],
      ['GET', `/v1/claims/${claim.id}/stats`],
      ['POST', `/sandbox/claims/${claim.id}/status`, { status: 150 }],
    ];
    for (const [method, path, body] of checks) {
      const res = await sb.call<ErrorEnvelope>(method, path, body, other);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code: 'E0015' });
    }
    const up = await sb.upload<ErrorEnvelope>(
      `/v1/claims/${claim.id}/documents`,
      { documentType: '1', file: { name: 'a.pdf', bytes: PDF_BYTES } },
      OTHER_KEY,
    );
    expect(up.body.code).toBe('E0015');
    expect(
      (await sb.call<{ items: Project[] }>('GET', '/v3/projects?pageSize=100', undefined, other)).body.items.map((p) => p.id),
    ).not.toContain(project.id);
    expect(
      (await sb.call<{ items: Claim[] }>('GET', '/v1/claims?pageSize=100', undefined, other)).body.items.map((c) => c.id),
    ).not.toContain(claim.id);
  });
});

describe('error envelope and request ids', () => {
  it('answers every response with X-Request-Id equal to the body requestId; keeps a safe incoming id', async () => {
    const ok = await sb.call('GET', '/v3/projects', undefined, { headers: { 'x-request-id': 'trace-123.abc' } });
    expect(ok.headers.get('x-request-id')).toBe('trace-123.abc');
    const err = await sb.call<ErrorEnvelope>('GET', '/v3/projects/00000000-0000-4000-8000-000000000000');
    expect(err.body.requestId).toBe(err.headers.get('x-request-id'));
    expect(Object.keys(err.body).sort()).toEqual(['code', 'message', 'requestId']);
    const unsafe = await sb.call('GET', '/v3/projects', undefined, { headers: { 'x-request-id': 'a b<script>' } });
    expect(isGuid(unsafe.headers.get('x-request-id') ?? '')).toBe(true);
    const long = await sb.call('GET', '/v3/projects', undefined, { headers: { 'x-request-id': 'x'.repeat(129) } });
    expect(long.headers.get('x-request-id')).not.toBe('x'.repeat(129));
  });

  it('answers unknown paths with 404 NOT_FOUND', async () => {
    const res = await sb.call<ErrorEnvelope>('GET', '/v2/anything');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('answers bad input with a clear 4xx, never a 500, and writes nothing', async () => {
    const before = await count('/v3/projects');
    const cases: [string, string, unknown, Record<string, string>?][] = [
      ['POST', '/v3/projects', '{"profile": '],
      ['POST', '/v3/projects', 'null'],
      ['POST', '/v3/projects', '[]'],
      ['POST', '/v3/projects', '"text"'],
      ['POST', '/v3/projects', projectBody({ finance: { status: '4', monthlyIncome: 'lots' } })],
      ['POST', '/v3/projects', {}],
      ['POST', '/v3/projects', 'a=b', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['POST', '/v3/score', { status: 4, monthlyIncome: Number.MAX_VALUE * 10 }],
      ['GET', '/v3/projects/not-a-guid', undefined],
      ['GET', '/v3/projects?page=0', undefined],
      ['GET', '/v3/projects?status=8', undefined],
    ];
    for (const [method, path, body, headers] of cases) {
      const res = await sb.call<ErrorEnvelope>(method, path, body, { headers });
      expect(res.status, `${method} ${path} ${String(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    }
    const huge = await sb.call<ErrorEnvelope>(
      'POST',
      '/v3/projects',
      JSON.stringify(projectBody({ metadata: { note: 'x'.repeat(2 * 1024 * 1024) } })),
    );
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await count('/v3/projects')).toBe(before);
  });

  it('rolls back a failed write: a refused claim leaves no claim, rental debt or payment behind', async () => {
    const { project } = await claimOn(sb, '2026-05-05');
    const claimsBefore = await count('/v1/claims');
    const res = await sb.call<ErrorEnvelope>(
      'POST',
      `/v1/projects/${project.id}/claims`,
      claimBody('2026-05-05', { rentAmountReceived: 100, rentAmountReceivedDate: '2026-05-06' }),
    );
    expect(res.body.code).toBe('E0176');
    expect(await count('/v1/claims')).toBe(claimsBefore);
  });
});

describe('lists, demo data, reset, OpenAPI', () => {
  it('starts with about 40 demo projects over every project status and claims in several statuses', async () => {
    await sb.call('POST', '/sandbox/reset');
    const stats = (await sb.call<OrganizationStats>('GET', '/v3/projects/stats')).body;
    expect(stats.projects.total).toBe(40);
    expect(stats.projects.byStatus.every((s) => s.count > 0)).toBe(true);
    expect(stats.claims.byStatus.filter((s) => s.count > 0).length).toBeGreaterThanOrEqual(4);
    const claims = (await sb.call<{ items: Claim[] }>('GET', '/v1/claims')).body.items;
    let pendingSignature = 0;
    let virtual = 0;
    for (const c of claims) {
      pendingSignature += (await sb.call<unknown[]>('GET', `/v1/claims/${c.id}/rentaldebts/pending-signature`)).body.length;
      virtual += (await sb.call<{ status: number }[]>('GET', `/v1/claims/${c.id}/rentaldebts`)).body.filter((d) => d.status === 10).length;
    }
    expect(pendingSignature).toBeGreaterThan(0);
    expect(virtual).toBeGreaterThan(0);
    expect(claims.some((c) => c.tenant.lastName.length > 0 && c.property !== null)).toBe(true);
  });

  it('tells a consistent demo: no claim before its lease, a refused file listed as such, a reason for not eligible', async () => {
    await sb.call('POST', '/sandbox/reset');
    for (const c of (await sb.call<{ items: Claim[] }>('GET', '/v1/claims?pageSize=100')).body.items) {
      const project = (await sb.call<Project>('GET', `/v3/projects/${c.projectId}`)).body;
      expect(c.rentDueDate.slice(0, 7) >= (project.rent?.startLease ?? '').slice(0, 7), `${c.tenant.lastName}: ${c.rentDueDate}`).toBe(
        true,
      );
    }
    const projects = (await sb.call<{ items: Project[] }>('GET', '/v3/projects?pageSize=100')).body.items;
    const rejected = projects.find((p) => p.status === 0 && p.rejectionReason);
    const required = (await sb.call<RequiredDocument[]>('GET', `/v3/projects/${rejected?.id}/required`)).body;
    expect(required.find((d) => d.documentType === 2)).toMatchObject({ provided: false, refused: true });
    expect(projects.filter((p) => p.status === 14).every((p) => p.rejectionReason)).toBe(true);
  });

  it('reset restores the demo data and the clock', async () => {
    await sb.call('POST', '/v3/projects', projectBody());
    await sb.call('POST', '/sandbox/clock', { advanceDays: 31 });
    expect((await sb.call<{ today: string }>('GET', '/sandbox/clock')).body.today).toBe('2026-07-16');
    await sb.call('POST', '/sandbox/reset');
    expect(await count('/v3/projects')).toBe(40);
    expect((await sb.call<{ today: string }>('GET', '/sandbox/clock')).body.today).toBe('2026-06-15');
    expect((await sb.call<{ today: string }>('POST', '/sandbox/clock', { today: '2026-09-01' })).body.today).toBe('2026-09-01');
    expect((await sb.call<ErrorEnvelope>('POST', '/sandbox/clock', { today: '2026-13-01' })).body.code).toBe('INVALID_REQUEST');
    await sb.call('POST', '/sandbox/reset');
  });

  it('computes organization statistics from the data', async () => {
    const before = (await sb.call<OrganizationStats>('GET', '/v3/projects/stats')).body;
    await projectAt(sb, 7);
    const after = (await sb.call<OrganizationStats>('GET', '/v3/projects/stats')).body;
    expect(after.projects.total).toBe(before.projects.total + 1);
    expect(after.projects.funnel.active).toBe(before.projects.funnel.active + 1);
    expect(after.projects.byStatus.find((s) => s.status === 7)?.count).toBe(
      (before.projects.byStatus.find((s) => s.status === 7)?.count ?? 0) + 1,
    );
    expect(after.organizationName).toBe('Demo Agency');
  });

  it('serves an OpenAPI 3.1 description with the 27 operations of the spec', async () => {
    const doc = (
      await sb.call<{ openapi: string; paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json', undefined, { token: null })
    ).body;
    expect(doc.openapi).toBe('3.1.0');
    for (const op of OPERATIONS) {
      const path = op.path.replace(/:([a-zA-Z]+)/g, '{$1}');
      expect(doc.paths[path]?.[op.method.toLowerCase()], `${op.method} ${path}`).toBeDefined();
    }
    expect(OPERATIONS).toHaveLength(27);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function runSandboxProcess(dataDir: string, port: number, fn: (base: string) => Promise<void>): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, SANDBOX_PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await fn(base);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

describe('persistence', () => {
  it('keeps projects, documents and the clock across a restart of the sandbox process', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-restart-'));
    const port = await freePort();
    const auth = { authorization: 'Bearer sk_sandbox_demo_agency', 'content-type': 'application/json' };
    let id = '';
    await runSandboxProcess(dataDir, port, async (base) => {
      const created = await fetch(`${base}/v3/projects`, { method: 'POST', headers: auth, body: JSON.stringify(projectBody()) });
      id = ((await created.json()) as Project).id;
      const form = new FormData();
      form.append('documentType', '1');
      form.append('file', new Blob([PDF_BYTES]), 'id.pdf');
      expect(
        (await fetch(`${base}/v3/projects/${id}/documents`, { method: 'POST', headers: { authorization: auth.authorization }, body: form }))
          .status,
      ).toBe(201);
      await fetch(`${base}/sandbox/clock`, { method: 'POST', headers: auth, body: JSON.stringify({ advanceDays: 10 }) });
    });
    await runSandboxProcess(dataDir, port, async (base) => {
      const project = await fetch(`${base}/v3/projects/${id}`, { headers: auth });
      expect(project.status).toBe(200);
      const docs = (await (await fetch(`${base}/v3/projects/${id}/documents`, { headers: auth })).json()) as { id: string }[];
      expect(docs).toHaveLength(1);
      const file = await fetch(`${base}/sandbox/documents/${docs[0]?.id}`, { headers: auth });
      expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PDF_BYTES))).toBe(true);
      const total = ((await (await fetch(`${base}/v3/projects`, { headers: auth })).json()) as { total: number }).total;
      expect(total).toBe(41);
      const clock = (await (await fetch(`${base}/sandbox/clock`, { headers: auth })).json()) as { today: string };
      expect(clock.today > new Date().toISOString().slice(0, 10)).toBe(true);
    });
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
