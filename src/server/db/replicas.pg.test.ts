import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Claim } from '../../contract/claims.js';
import type { ClaimFileList } from '../../contract/claim-files.js';
import { InboxSchema, type Inbox } from '../../contract/inbox.js';
import type { Project } from '../../contract/projects.js';
import { claimOn, projectAt, uploadClaimDocuments } from '../../sandbox/test/flows.js';
import { PDF_BYTES, claimBody, projectBody, type TestSandbox } from '../../sandbox/test/harness.js';
import { SANDBOX_DEFAULT_WEBHOOK_SECRET } from '../config.js';
import { webhookHeaders } from '../../platform/webhook-signing.js';
import {
  REPLICA_ENV as env,
  freshPostgres,
  startReplicas,
  startServer,
  uploadForm,
  type Client,
  type Replicas,
  type TestDatabase,
  type TestServer,
} from '../test/harness.js';
import { openEventStream, type EventStream, type Frame } from '../test/event-stream.js';

/**
 * Two replicas of the server on one PostgreSQL database, in front of one sandbox (its clock on
 * 2026-06-15): what a balancer sending each request to either of them needs.
 */
let replicas: Replicas;
let sb: TestSandbox;
let db: TestDatabase & { url: string };
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  replicas = await startReplicas();
  ({ sb, db, a, b } = replicas);
});
afterAll(() => replicas.close());

/** The same browser (cookie, CSRF token) sent to the other replica. */
function on(server: TestServer, c: Client): Client {
  const other = server.client();
  other.cookie = c.cookie;
  other.csrf = c.csrf;
  return other;
}

function signedWebhook(event: { id: string; type: string; data: Record<string, unknown> }) {
  const at = new Date();
  const body = JSON.stringify({ ...event, createdAt: at.toISOString() });
  return { method: 'POST', body, headers: webhookHeaders(SANDBOX_DEFAULT_WEBHOOK_SECRET, event.id, at, body) };
}

/** The event stream of `c` on `server`, as a tab opens it. */
const stream = (server: TestServer, c: Client, headers?: Record<string, string>) =>
  openEventStream(`${server.url}/api/events`, { cookie: c.cookie, headers });

/** A frame's data read as JSON (a partner event carries its id). */
const json = (f: Frame) => JSON.parse(f.data) as { id?: string; own?: boolean; write?: unknown };

/** Reads a stream until a partner event `id` arrives (within 5 s), then closes it: every frame it sent until then. */
async function framesUntil(opened: EventStream, id: string): Promise<Frame[]> {
  expect(opened.status).toBe(200);
  const found = await opened.until((f) => f.data.includes(id) && json(f).id === id);
  opened.close();
  if (!found) throw new Error(`${id} did not arrive`);
  return opened.frames;
}

const inboxOf = async (c: Client) => InboxSchema.parse((await c.call<Inbox>('GET', '/api/inbox?pageSize=100')).body);
const lineOf = (inbox: Inbox, claimId: string) => {
  const line = inbox.lines.find((l) => l.area === 'claim' && l.claimId === claimId);
  return line?.area === 'claim' ? line : undefined;
};

// first: the sign-in tests below slow the demo manager down from this address
describe('the team across replicas', () => {
  it('a role changed on A applies at the colleague’s next request on B; a deactivation on A ends their session and stream on B at once', async () => {
    const boss = await a.signedIn('manager');
    const invited = await boss.call<{ link: string; user: { id: string } }>('POST', '/api/team/invitations', {
      email: 'replica@agence.fr',
      name: 'Réplique',
      role: 'staff',
      lang: 'fr',
    });
    expect(invited.status).toBe(200);
    const c = b.client();
    const used = await c.call('POST', '/api/links/use', {
      token: invited.body.link.split('#')[1],
      password: 'sept chats gris sur un toit',
    });
    expect(used.status).toBe(200);
    // B holds this user (read for a request), A changes the role: B's next request reads it
    expect((await c.call<{ user: { role: string } }>('GET', '/api/session')).body.user.role).toBe('staff');
    expect((await boss.call('PATCH', `/api/team/users/${invited.body.user.id}`, { role: 'intermediary' })).status).toBe(200);
    expect((await c.call<{ user: { role: string } }>('GET', '/api/session')).body.user.role).toBe('intermediary');

    const reader = await fetch(`${b.url}/api/events`, { headers: { cookie: c.cookie } });
    expect(reader.status).toBe(200);
    expect((await boss.call('POST', `/api/team/users/${invited.body.user.id}/deactivate`)).status).toBe(200);
    // the deactivation has answered: B refuses the session at once, and the open stream has ended
    expect((await c.call('GET', '/api/session')).status).toBe(401);
    const ended = await Promise.race([
      reader.text().then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1_000)),
    ]);
    expect(ended).toBe(true);
    // and they cannot sign in on A (told, with their right password, that the account is deactivated)
    expect(await on(a, c).login('replica@agence.fr', 'sept chats gris sur un toit')).toBe(403);
  });
});

describe('two replicas on one PostgreSQL', () => {
  it('a session made on A is valid on B, and signing out on B revokes it on A', async () => {
    const onA = a.client();
    expect(await onA.login('staff@demo-agency.fr')).toBe(200);
    const onB = on(b, onA);
    const session = await onB.call<{ user: { email: string } }>('GET', '/api/session');
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe('staff@demo-agency.fr');
    // A holds the session in memory now: the sign-out on B must still reach it at once
    expect((await onA.call('GET', '/api/session')).status).toBe(200);
    expect((await onB.call('POST', '/api/logout')).status).toBe(200);
    expect((await onA.call('GET', '/api/session')).status).toBe(401);
  });

  it('a webhook delivered to A reaches an event stream on B within 1 s, and B’s work queue shows what it announced', async () => {
    const staffA = await a.signedIn('staff');
    const staffB = on(b, staffA);
    const { claim } = await claimOn(sb, '2026-06-05');
    // made straight at the partner, no event yet: the read model both replicas read does not have it
    expect(lineOf(await inboxOf(staffB), claim.id)).toBeUndefined();

    const events = await stream(b, staffB);
    expect(events.status).toBe(200);
    const id = `evt-replicas-${Date.now()}`;
    const sentAt = performance.now();
    const delivered = await fetch(`${a.url}/webhooks/partner`, signedWebhook({ id, type: 'claim.updated', data: { claimId: claim.id } }));
    expect(delivered.status).toBe(200);
    const arrived = await events.until((f) => f.data.includes(id), 1_000);
    const arrivedAt = performance.now();
    events.close();
    expect(arrived, 'the event reached the stream on B within 1 s').not.toBeNull();
    expect(arrivedAt - sentAt).toBeLessThan(1_000);
    // A re-read the claim before acknowledging the event: B's work queue has it (its documents to send)
    expect(lineOf(await inboxOf(staffB), claim.id)?.kind).toBe('claim.documents');

    // the same delivery to B is a duplicate: stored once across replicas
    const again = await fetch(`${b.url}/webhooks/partner`, signedWebhook({ id, type: 'claim.updated', data: { claimId: claim.id } }));
    expect(await again.json()).toEqual({ received: true, duplicate: true });
  });

  it('a write through A is its author’s in the webhooks B receives, before its answer and after it; the partner’s own change is not', async () => {
    const staffA = await a.signedIn('staff');
    const manager = await b.signedIn('manager');
    const { claim } = await claimOn(sb, '2026-03-05');
    await a.sync.syncClaim(claim.id);
    const whose = async (id: string, data: Record<string, unknown>) => {
      const [mine, theirs] = [staffA, manager].map((c) => stream(b, c));
      expect((await fetch(`${b.url}/webhooks/partner`, signedWebhook({ id, type: 'rental_debt.created', data }))).status).toBe(200);
      const seen = async (opened: Promise<EventStream>) => {
        const e = json((await framesUntil(await opened, id)).find((f) => f.data.includes(id) && json(f).id === id) as Frame);
        return { own: e.own, write: e.write };
      };
      return [await seen(mine as Promise<EventStream>), await seen(theirs as Promise<EventStream>)];
    };
    // her declaration through A, answered: the webhook B receives afterwards reports her write
    expect(
      (
        await staffA.call(
          'POST',
          `/api/v1/claims/${claim.id}/rentaldebts`,
          { rentAmount: 800, rentDueDate: '2026-04-05' },
          { 'x-write-id': 'replica-april' },
        )
      ).status,
    ).toBe(201);
    expect(await whose(`evt-after-${Date.now()}`, { claimId: claim.id })).toEqual([
      { own: true, write: 'replica-april' },
      { own: false, write: null },
    ]);
    // her next declaration still at the partner (A holds it) when its webhook reaches B
    const end = await a.stores.writes.begin(claim.id, 'staff@demo-agency.fr', 'replica-may');
    expect((await sb.call('POST', `/v1/claims/${claim.id}/rentaldebts`, { rentAmount: 800, rentDueDate: '2026-05-05' })).status).toBe(201);
    expect(await whose(`evt-before-${Date.now()}`, { claimId: claim.id })).toEqual([
      { own: true, write: 'replica-may' },
      { own: false, write: null },
    ]);
    await a.sync.syncClaim(claim.id);
    await end();
    // the partner then changes the claim by itself: nobody's own
    expect((await sb.call('POST', `/sandbox/claims/${claim.id}/status`, { status: 30 })).status).toBe(200);
    expect(await whose(`evt-partner-${Date.now()}`, { claimId: claim.id })).toEqual([
      { own: false, write: null },
      { own: false, write: null },
    ]);
  });

  it('an event stream resumed on B with Last-Event-ID gets the events A received after it, in order', async () => {
    const staffA = await a.signedIn('staff');
    const staffB = on(b, staffA);
    const stamp = Date.now();
    const deliver = async (id: string) =>
      expect(
        (await fetch(`${a.url}/webhooks/partner`, signedWebhook({ id, type: 'claim.updated', data: { claimId: 'c-resume' } }))).status,
      ).toBe(200);
    // the browser was connected to A, and saw the first event
    const onA = await stream(a, staffA);
    const first = `evt-resume-0-${stamp}`;
    await deliver(first);
    const seen = await framesUntil(onA, first);
    const lastEventId = seen.find((f) => f.data.includes(first))?.id;
    expect(lastEventId).toMatch(/^\d+$/);
    // A goes away; two more events reach A meanwhile; the browser reconnects to B
    await deliver(`evt-resume-1-${stamp}`);
    await deliver(`evt-resume-2-${stamp}`);
    const onB = await stream(b, staffB, { 'last-event-id': lastEventId ?? '' });
    const resumed = await framesUntil(onB, `evt-resume-2-${stamp}`);
    const partnerEvents = resumed.filter((f) => f.data.includes(String(stamp)));
    expect(partnerEvents.map((f) => json(f).id)).toEqual([`evt-resume-1-${stamp}`, `evt-resume-2-${stamp}`]);
    // one sequence for every replica: the ids the stream on B gives follow the one A gave
    // (the unread count a stream also sends carries no id: it is not an event of the log)
    for (const f of partnerEvents) expect(Number(f.id)).toBeGreaterThan(Number(lastEventId));
  });

  it('a replica whose listening connection is cut reconnects, and its streams catch up on what it missed', async () => {
    const staffA = await a.signedIn('staff');
    const staffB = on(b, staffA);
    const events = await stream(b, staffB);
    expect(events.status).toBe(200);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      // every replica's LISTEN connection is cut (a database failover, a proxy timeout…)
      const cut = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
      );
      expect(cut.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    // an event received by A while B is not listening: B never hears its NOTIFY
    const id = `evt-missed-${Date.now()}`;
    expect(
      (await fetch(`${a.url}/webhooks/partner`, signedWebhook({ id, type: 'claim.updated', data: { claimId: 'c-missed' } }))).status,
    ).toBe(200);
    // B reconnects (after a second) and its stream catches up from the event log
    expect(await events.until((f) => f.data.includes(id), 5_000), 'the missed event reached the stream on B').not.toBeNull();
    // and the fan-out works again
    const next = `evt-after-${Date.now()}`;
    expect(
      (await fetch(`${a.url}/webhooks/partner`, signedWebhook({ id: next, type: 'claim.updated', data: { claimId: 'c-missed' } }))).status,
    ).toBe(200);
    expect(await events.until((f) => f.data.includes(next), 2_000)).not.toBeNull();
    events.close();
  });

  it('a write through A clears B’s inbox cache', async () => {
    const staffA = await a.signedIn('staff');
    const staffB = on(b, staffA);
    const { claim } = await claimOn(sb, '2026-04-05');
    await uploadClaimDocuments(sb, claim.id);
    expect((await sb.call('POST', `/v1/claims/${claim.id}/apply`)).status).toBe(200);
    // the partner's event for the new claim (webhooks are not delivered by this sandbox): B reads it
    const event = { id: `evt-claim-${claim.id}`, type: 'claim.created', data: { claimId: claim.id } };
    expect((await fetch(`${a.url}/webhooks/partner`, signedWebhook(event))).status).toBe(200);
    await expect
      .poll(async () => lineOf(await inboxOf(staffB), claim.id)?.months, { timeout: 2_000, interval: 50 })
      .toMatchObject({ count: 2, oldest: '2026-05-05' });
    const body = { rentAmount: 800, rentAmountReceived: 0, rentDueDate: '2026-05-05' };
    expect((await staffA.call('POST', `/api/v1/claims/${claim.id}/rentaldebts`, body)).status).toBe(201);
    // the bus is asynchronous: B hears of it within moments
    await expect
      .poll(async () => lineOf(await inboxOf(staffB), claim.id)?.months, { timeout: 2_000, interval: 50 })
      .toMatchObject({ count: 1, oldest: '2026-06-05' });
  });

  it('the same Idempotency-Key sent to A and B at once creates one project; another operation with it is refused', async () => {
    const managerA = await a.signedIn('manager');
    const managerB = on(b, managerA);
    const before = (await sb.call<{ items: Project[]; total: number }>('GET', '/v3/projects?pageSize=1')).body.total;
    const key = `replicas-${Date.now()}`;
    const body = projectBody({ metadata: { externalReference: key } });
    const [fromA, fromB] = await Promise.all([
      managerA.call<Project>('POST', '/api/v3/projects', body, { 'idempotency-key': key }),
      managerB.call<Project>('POST', '/api/v3/projects', body, { 'idempotency-key': key }),
    ]);
    expect(fromA.status).toBe(201);
    expect(fromB.status).toBe(201);
    expect(fromA.body.id).toBe(fromB.body.id);
    expect([fromA, fromB].filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    expect((await sb.call<{ total: number }>('GET', '/v3/projects?pageSize=1')).body.total).toBe(before + 1);

    const reused = await managerB.call<{ code: string }>('POST', `/api/v1/projects/${fromA.body.id}/claims`, claimBody('2026-06-05'), {
      'idempotency-key': key,
    });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('counts failed sign-ins across replicas', async () => {
    const email = 'manager@demo-agency.fr';
    for (const server of [a, b, a, b]) expect(await server.client().login(email, 'wrong-password')).toBe(401);
    // four failures, two on each: the pair now waits, on either replica, even with the right password
    const delayedA = await a.client().call<{ code: string }>('POST', '/api/login', { email, password: 'sandbox-demo' });
    const delayedB = await b.client().call<{ code: string }>('POST', '/api/login', { email, password: 'sandbox-demo' });
    for (const r of [delayedA, delayedB]) {
      expect(r.status).toBe(429);
      expect(r.body.code).toBe('SIGN_IN_DELAYED');
    }
  });
});

describe('the per-address sign-in limit', () => {
  it('counts the attempts sent to either replica', async () => {
    const limited = { ...env, LOGIN_RATE_LIMIT_PER_MINUTE: '3' };
    const own = await freshPostgres();
    const c = await startServer({ sandboxUrl: sb.url, databaseUrl: own.url, env: limited });
    const d = await startServer({ sandboxUrl: sb.url, databaseUrl: own.url, env: limited });
    try {
      const statuses: number[] = [];
      for (const [i, server] of [c, d, c, d].entries())
        statuses.push(await server.client().login(`nobody${i}@demo-agency.fr`, 'wrong-password'));
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await c.close();
      await d.close();
      await own.drop();
    }
  });
});

describe('the database out of reach', () => {
  it('answers 503 SERVICE_UNAVAILABLE (retry later), and the readiness check throws', async () => {
    const own = await freshPostgres();
    const t = await startServer({ sandboxUrl: sb.url, databaseUrl: own.url, env });
    try {
      const c = await t.signedIn('staff');
      await expect(t.stores.ready()).resolves.toBeUndefined();
      await own.drop(); // its connections cut, the database gone
      // a sign-in needs the database (a session already held in memory may be served for a while)
      const res = await c.call<{ code: string; message: string }>('POST', '/api/login', {
        email: 'manager@demo-agency.fr',
        password: 'any-password-1',
      });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
      await expect(t.stores.ready()).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});

describe('a replica dies during the claim journey', () => {
  it('loses nothing: the journey finishes on the other replica, the same key answers the same claim', async () => {
    const { DEMO_PASSWORD } = await import('../auth/users.js');
    const project = await projectAt(sb, 7);
    const c = b.client(); // signed in through B, then working on A
    expect(await c.login('staff@demo-agency.fr', DEMO_PASSWORD)).toBe(200);
    const staffA = on(a, c);
    const key = `journey-${Date.now()}`;
    const created = await staffA.call<Claim>('POST', `/api/v1/projects/${project.id}/claims`, claimBody('2026-06-05'), {
      'idempotency-key': key,
    });
    expect(created.status).toBe(201);
    const sent = await staffA.call('POST', `/api/v1/claims/${created.body.id}/documents`, uploadForm({ documentType: '1' }, PDF_BYTES));
    expect(sent.status).toBe(201);

    // A dies: its connections cut, its process gone
    a.app.server.closeAllConnections();
    await a.close();

    const staffB = on(b, c);
    // the browser did not hear A's answer and sends the creation again to B: the same claim
    const retried = await staffB.call<Claim>('POST', `/api/v1/projects/${project.id}/claims`, claimBody('2026-06-05'), {
      'idempotency-key': key,
    });
    expect(retried.status).toBe(201);
    expect(retried.body.id).toBe(created.body.id);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    for (const t of ['2', '3'])
      expect(
        (await staffB.call('POST', `/api/v1/claims/${created.body.id}/documents`, uploadForm({ documentType: t }, PDF_BYTES))).status,
      ).toBe(201);
    expect((await staffB.call('POST', `/api/v1/claims/${created.body.id}/apply`)).status).toBe(200);
    // what A recorded is there on B: the file sent through A, with the two sent through B
    const files = await staffB.call<ClaimFileList>('GET', `/api/claims/${created.body.id}/files`);
    expect(files.status).toBe(200);
    expect(files.body.items.map((f) => f.documentType).sort()).toEqual([1, 2, 3]);
    const claims = await sb.call<{ items: Claim[] }>('GET', `/v1/claims?pageSize=100`);
    expect(claims.body.items.filter((x) => x.projectId === project.id)).toHaveLength(1);

    // a new A joins (a restart): the session still works there
    a = await startServer({ sandboxUrl: sb.url, databaseUrl: db.url, env });
    expect((await on(a, c).call('GET', '/api/session')).status).toBe(200);
  });
});
