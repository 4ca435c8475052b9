import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, RentalDebt } from '../../contract/claims.js';
import type { Project } from '../../contract/projects.js';
import type { SyncState } from '../../contract/sync.js';
import { webhookHeaders } from '../../platform/webhook-signing.js';
import { claimOn, projectAt, validatedClaim } from '../../sandbox/test/flows.js';
import { PDF_BYTES, claimBody, projectBody, startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import { SANDBOX_DEFAULT_WEBHOOK_SECRET } from '../config.js';
import { partnerShiftMs, startServer, uploadForm, type TestServer } from '../test/harness.js';

/**
 * The read model (the partner's data as last read, which the lists and the work queue serve)
 * against the real sandbox, on the run's dialect. Between the server and the sandbox a relay
 * counts the partner calls and can fail them (the partner down, a page that cannot be read); the
 * sandbox delivers no webhook by itself, so a change made on it is a webhook dropped unless the
 * test posts one.
 */
let sb: TestSandbox;
let relay: Server;
let s: TestServer;
const calls: string[] = [];
/** Requests whose path and query match are answered 503 while set. */
let failing: RegExp | null = null;
/** A request matching `re` is forwarded at once, its answer held until `until` (told through `reached`). */
let holding: { re: RegExp; until: Promise<void>; reached: () => void } | null = null;

beforeAll(async () => {
  sb = await startSandbox({ seed: false, now: () => new Date('2026-06-15T10:00:00Z') });
  relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      calls.push(`${req.method} ${url}`);
      if (failing?.test(url)) {
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'DOWN', message: 'down', requestId: 'r' }));
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && !['host', 'connection', 'content-length'].includes(e[0]),
        ),
      );
      const body = Buffer.concat(chunks);
      void fetch(sb.url + url, { method: req.method, headers, body: ['GET', 'HEAD'].includes(req.method ?? 'GET') ? undefined : body })
        .then(async (answer) => {
          const held = holding?.re.test(url) ? holding : null;
          if (held) {
            held.reached();
            await held.until;
          }
          const out: Record<string, string> = { 'content-type': answer.headers.get('content-type') ?? 'application/json' };
          const disposition = answer.headers.get('content-disposition');
          if (disposition) out['content-disposition'] = disposition;
          res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  // (a budget a test need not wait for: the passes below read a hundred projects each; more
  // sign-ins a minute than a person makes: each test signs in as the role it needs)
  s = await startServer({
    sandboxUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    env: { SYNC_CALLS_PER_MINUTE: '100000', LOGIN_RATE_LIMIT_PER_MINUTE: '100' },
  });
}, 60_000);

afterAll(async () => {
  await s.close();
  relay.closeAllConnections();
  relay.close();
  await sb.close();
});

let n = 0;
/** Posts a signed partner event to the server, as the partner would. */
async function deliver(type: string, data: Record<string, unknown>, id = `evt_sync_${Date.now()}_${n++}`) {
  const body = JSON.stringify({ id, type, createdAt: new Date().toISOString(), data });
  const res = await fetch(`${s.url}/webhooks/partner`, {
    method: 'POST',
    headers: webhookHeaders(SANDBOX_DEFAULT_WEBHOOK_SECRET, id, new Date(), body),
    body,
  });
  return { status: res.status, body: (await res.json()) as { received?: boolean; duplicate?: boolean; code?: string }, id };
}

const partnerProject = async (id: string) => (await sb.call<Project>('GET', `/v3/projects/${id}`)).body;
const partnerClaim = async (c: { id: string; projectId: string }) =>
  (await sb.call<{ items: Claim[] }>('GET', `/v1/claims?projectId=${c.projectId}`)).body.items.find((x) => x.id === c.id);
const partnerDebts = async (id: string) => (await sb.call<RentalDebt[]>('GET', `/v1/claims/${id}/rentaldebts`)).body;

describe('the initial sync', () => {
  it('reads both lists page by page, and after a failure resumes at the page it stopped at (the pages before are not read again)', async () => {
    // two pages of projects (100 a page), one claim
    for (let i = 0; i < 101; i++) {
      const created = await sb.call('POST', '/v3/projects', projectBody({ metadata: { externalLeadId: `BULK-${i}` } }));
      expect(created.status).toBe(201);
    }
    const { claim } = await claimOn(sb, '2026-04-05');
    const manager = await s.signedIn('manager');

    failing = /^\/v3\/projects\?page=2&/;
    await expect(s.sync.runInitial()).rejects.toThrow();
    const stopped = (await manager.call<SyncState>('GET', '/api/sync/state')).body.initial;
    expect(stopped).toMatchObject({ phase: 'projects', page: 2, projects: { done: 100, total: 102 } });

    failing = null;
    calls.length = 0;
    const done = await s.sync.runInitial();
    expect(done).toMatchObject({ phase: 'done' });
    expect(calls.filter((c) => c.startsWith('GET /v3/projects?page=1&'))).toEqual([]);
    expect(calls.filter((c) => c.startsWith('GET /v3/projects?page=2&'))).toHaveLength(1);

    const state = (await manager.call<SyncState>('GET', '/api/sync/state')).body;
    expect(state.initial).toMatchObject({ projects: { done: 102, total: 102 }, claims: { done: 1, total: 1 } });
    expect((await s.stores.readModel.counts()).projects).toBe(102);
    const kept = await s.stores.readModel.claim(claim.id);
    expect(kept?.claim).toEqual(await partnerClaim(claim));
    expect(kept?.debts).toEqual(await partnerDebts(claim.id));
  }, 60_000);

  it('shows its state to managers only', async () => {
    for (const role of ['staff', 'intermediary'] as const) {
      const c = await s.signedIn(role);
      expect((await c.call('GET', '/api/sync/state')).status).toBe(403);
    }
  });
});

describe('partner events are hints', () => {
  it('re-reads what the event names instead of believing its payload, and a duplicate re-reads nothing', async () => {
    const project = await projectAt(sb, 1);
    expect((await sb.call('POST', `/sandbox/projects/${project.id}/documents/validate`)).status).toBe(200);
    // the payload lies about the status: the read model keeps the partner's
    const first = await deliver('project.updated', { projectId: project.id, status: 6 });
    expect(first).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
    expect((await s.stores.readModel.project(project.id))?.project).toEqual(await partnerProject(project.id));
    expect((await s.stores.readModel.project(project.id))?.project.status).toBe(2);

    calls.length = 0;
    const again = await deliver('project.updated', { projectId: project.id, status: 6 }, first.id);
    expect(again).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
    expect(calls).toEqual([]);
  });

  it('is acknowledged only once the change is written: a partner that cannot answer gets a 5xx, and its next delivery is processed', async () => {
    const { claim } = await claimOn(sb, '2026-03-05');
    failing = /^\/v1\//;
    const refused = await deliver('claim.created', { claimId: claim.id, projectId: claim.projectId });
    expect(refused.status).toBeGreaterThanOrEqual(500);
    expect(await s.stores.readModel.claim(claim.id)).toBeNull();
    failing = null;
    const retried = await deliver('claim.created', { claimId: claim.id, projectId: claim.projectId }, refused.id);
    expect(retried).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
    expect((await s.stores.readModel.claim(claim.id))?.claim).toEqual(await partnerClaim(claim));
  });

  it('a month event names only its claim: the claim is found through the project the read model knows', async () => {
    const { claim } = await claimOn(sb, '2026-02-05');
    await deliver('claim.created', { claimId: claim.id, projectId: claim.projectId });
    // the claim's first month is declared with it: the next one
    const declared = await sb.call('POST', `/v1/claims/${claim.id}/rentaldebts`, {
      rentAmount: 800,
      rentAmountReceived: 0,
      rentDueDate: '2026-03-05',
    });
    expect(declared.status).toBe(201);
    await deliver('rental_debt.created', { claimId: claim.id });
    expect((await s.stores.readModel.claim(claim.id))?.debts).toEqual(await partnerDebts(claim.id));
  });
});

describe('reconciliation', () => {
  it('repairs a dropped webhook and shows a change made directly at the partner after the next pass, counting the drift', async () => {
    await s.sync.runPass(); // everything as the partner has it
    const { claim } = await claimOn(sb, '2026-01-05');
    await s.sync.runPass();
    expect(await s.stores.readModel.claim(claim.id)).not.toBeNull();

    // changes with no event delivered: a claim's status, a new project, a declared month
    expect((await sb.call('POST', `/sandbox/claims/${claim.id}/status`, { status: 50 })).status).toBe(200);
    const direct = (
      await sb.call<Project>('POST', '/v3/projects', projectBody({ profile: { ...projectBody().profile, lastName: 'Direct' } }))
    ).body;
    expect(await s.stores.readModel.project(direct.id)).toBeNull();
    expect((await s.stores.readModel.claim(claim.id))?.claim.status).not.toBe(50);

    const pass = await s.sync.runPass();
    expect(pass.drift).toBeGreaterThanOrEqual(2);
    expect(pass.errors).toBe(0);
    expect((await s.stores.readModel.project(direct.id))?.project).toEqual(await partnerProject(direct.id));
    expect((await s.stores.readModel.claim(claim.id))?.claim).toEqual(await partnerClaim(claim));

    const manager = await s.signedIn('manager');
    const state = (await manager.call<SyncState>('GET', '/api/sync/state')).body;
    // its times on the partner's clock, as the lists' "data as of"
    expect(state.passes.last).toMatchObject({ drift: pass.drift, finishedAt: (pass.finishedAt ?? 0) + (await partnerShiftMs(manager)) });
    expect(state.passes.current).toBeNull();
    // and a pass with nothing changed finds no drift
    expect((await s.sync.runPass()).drift).toBe(0);
  }, 60_000);
});

describe('a read never replaces a later one', () => {
  it('a pass that read the claims list before a month was declared here does not put the claim back as it was', async () => {
    const { claim } = await validatedClaim(sb, '2026-02-05');
    await s.sync.runPass();
    const staff = await s.signedIn('staff');
    let release!: () => void;
    let reached!: () => void;
    const listed = new Promise<void>((r) => (reached = r));
    holding = { re: /^\/v1\/claims\?page=1&/, until: new Promise<void>((r) => (release = r)), reached };
    const pass = s.sync.runPass();
    await listed; // the pass holds the list as it was before the declaration

    const declared = await staff.call('POST', `/api/v1/claims/${claim.id}/rentaldebts`, {
      rentAmount: 800,
      rentAmountReceived: 0,
      rentDueDate: '2026-03-05',
    });
    expect(declared.status).toBe(201);
    const now = await partnerClaim(claim);
    expect((await s.stores.readModel.claim(claim.id))?.claim).toEqual(now);

    holding = null;
    release();
    expect((await pass).errors).toBe(0);
    const kept = await s.stores.readModel.claim(claim.id);
    expect(kept?.claim).toEqual(now);
    expect(kept?.debts).toEqual(await partnerDebts(claim.id));
    // and the next pass, reading after the declaration, keeps the same
    await s.sync.runPass();
    expect((await s.stores.readModel.claim(claim.id))?.claim).toEqual(now);
  }, 60_000);

  it('a stale read of a project, present or gone, changes nothing kept from a later read', async () => {
    const project = await projectAt(sb, 1);
    const later = await partnerProject(project.id);
    const store = s.stores.readModel;
    expect(await store.applyProject({ id: project.id, readAt: 2_000, project: later, required: null })).toBe(true);
    const older = { ...later, status: 0 as const };
    expect(await store.applyProject({ id: project.id, readAt: 1_000, project: older, required: null })).toBe(false);
    expect(await store.applyProject({ id: project.id, readAt: 1_000, project: null })).toBe(false);
    expect((await store.project(project.id))?.project).toEqual(later);
    // a read as late or later is applied (here: the partner no longer has it)
    expect(await store.applyProject({ id: project.id, readAt: 2_000, project: null })).toBe(true);
    expect(await store.project(project.id)).toBeNull();
  });
});

describe('writes made through the dashboard', () => {
  it('leave the read model equal to the partner on every field after a whole claim journey, with no pass and no event', async () => {
    const staff = await s.signedIn('staff');
    const project = await projectAt(sb, 7);
    const created = await staff.call<Claim>('POST', `/api/v1/projects/${project.id}/claims`, claimBody('2026-03-05'));
    expect(created.status).toBe(201);
    const claim = created.body;
    for (const t of [1, 2, 3]) {
      const up = await staff.call('POST', `/api/v1/claims/${claim.id}/documents`, uploadForm({ documentType: String(t) }, PDF_BYTES));
      expect(up.status).toBe(201);
    }
    expect((await staff.call('POST', `/api/v1/claims/${claim.id}/apply`)).status).toBe(200);
    expect((await staff.call('POST', `/api/sandbox/claims/${claim.id}/validate`)).status).toBe(200);
    const month = await staff.call<RentalDebt>('POST', `/api/v1/claims/${claim.id}/rentaldebts`, {
      rentAmount: 800,
      rentAmountReceived: 0,
      rentDueDate: '2026-04-05',
    });
    expect(month.status).toBe(201);
    expect((await staff.call('POST', `/api/v1/claims/${claim.id}/payments`, { amount: 120, applyDate: '2026-06-01' })).status).toBe(201);
    const corrected = await staff.call('PUT', `/api/v1/claims/${claim.id}/rentaldebts/${month.body.id}`, {
      rentDueDate: '2026-04-05',
      rentAmount: 780,
    });
    expect(corrected.status).toBe(200);

    const kept = await s.stores.readModel.claim(claim.id);
    expect(kept?.claim).toEqual(await partnerClaim(claim));
    expect(kept?.debts).toEqual(await partnerDebts(claim.id));
    expect(kept?.required).toBeNull(); // applied: no longer awaits documents
  }, 60_000);

  it('a project created and given documents here is kept with its required documents', async () => {
    const staff = await s.signedIn('staff');
    const created = await staff.call<Project>('POST', '/api/v3/projects', projectBody());
    expect(created.status).toBe(201);
    expect((await s.stores.readModel.project(created.body.id))?.required?.every((r) => !r.provided)).toBe(true);
    const up = await staff.call('POST', `/api/v3/projects/${created.body.id}/documents`, uploadForm({ documentType: '1' }, PDF_BYTES));
    expect(up.status).toBe(201);
    const kept = await s.stores.readModel.project(created.body.id);
    expect(kept?.required).toEqual((await sb.call('GET', `/v3/projects/${created.body.id}/required`)).body);
  });
});

describe('one claim, as the pages read it', () => {
  it('is answered from the read model: while the partner cannot give its claims list, the claim and its statement are still read', async () => {
    const { claim } = await validatedClaim(sb, '2026-02-05');
    await deliver('claim.updated', { claimId: claim.id, projectId: claim.projectId });
    const staff = await s.signedIn('staff');
    failing = /^\/v1\/claims\?/;
    try {
      const read = await staff.call<Claim>('GET', `/api/claims/${claim.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(await partnerClaim(claim));
      const statement = await staff.call('GET', `/api/claims/${claim.id}/statement.csv?lang=fr`);
      expect(statement.status).toBe(200);
    } finally {
      failing = null;
    }
  });

  it('one the read model does not keep yet is read from the partner and kept; one the partner has not either is E0177', async () => {
    // made at the partner a moment ago, its event not come yet
    const { claim } = await claimOn(sb, '2026-03-05');
    expect(await s.stores.readModel.claim(claim.id)).toBeNull();
    const intermediary = await s.signedIn('intermediary');
    // the partner down meanwhile: said so (502), nothing kept
    failing = /^\/v1\/claims\?/;
    try {
      const down = await intermediary.call<{ code: string }>('GET', `/api/claims/${claim.id}`);
      expect([down.status, down.body.code]).toEqual([502, 'UPSTREAM_UNAVAILABLE']);
    } finally {
      failing = null;
    }
    expect(await s.stores.readModel.claim(claim.id)).toBeNull();
    const read = await intermediary.call<Claim>('GET', `/api/claims/${claim.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(await partnerClaim(claim));
    expect((await s.stores.readModel.claim(claim.id))?.claim).toEqual(await partnerClaim(claim));

    const missing = await intermediary.call<{ code: string }>('GET', '/api/claims/00000000-0000-4000-8000-000000000000');
    expect([missing.status, missing.body.code]).toEqual([404, 'E0177']);
    expect((await intermediary.call('GET', '/api/claims/not-a-guid')).status).toBe(400);
    expect((await s.client().call('GET', `/api/claims/${claim.id}`)).status).toBe(401);
  });
});

describe('a move of the sandbox’s clock', () => {
  it('answers once the read model follows the new day: a claim’s months due are the partner’s of that day', async () => {
    const { claim } = await validatedClaim(sb, '2026-03-05');
    await s.sync.runPass();
    const manager = await s.signedIn('manager');
    const before = await partnerDebts(claim.id);
    try {
      expect((await manager.call('POST', '/api/sandbox/clock', { today: '2026-10-15' })).status).toBe(200);
      const after = await partnerDebts(claim.id);
      expect(after.length).toBeGreaterThan(before.length); // four more months due at the partner
      expect((await s.stores.readModel.claim(claim.id))?.debts).toEqual(after);
    } finally {
      expect((await manager.call('POST', '/api/sandbox/clock', { today: '2026-06-15' })).status).toBe(200);
    }
    expect((await s.stores.readModel.claim(claim.id))?.debts).toEqual(before);
  }, 60_000);
});

// last: a reset replaces every project and claim of the sandbox
describe('a sandbox reset', () => {
  it('answers once the read model holds the demo data: the lists show it at once, and what the reset removed is gone', async () => {
    const staff = await s.signedIn('staff');
    const before = await projectAt(sb, 1);
    await s.sync.runPass();
    expect(await s.stores.readModel.project(before.id)).not.toBeNull();

    expect((await staff.call('POST', '/api/sandbox/reset')).status).toBe(200);
    const partner = (await sb.call<{ total: number }>('GET', '/v3/projects?page=1&pageSize=1')).body.total;
    expect(partner).toBeGreaterThan(0);
    const list = await staff.call<{ total: number }>('GET', '/api/v3/projects?page=1&pageSize=20');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(partner);
    expect(await s.stores.readModel.project(before.id)).toBeNull();
  }, 60_000);
});
