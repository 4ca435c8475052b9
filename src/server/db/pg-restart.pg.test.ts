import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { ErrorEnvelope } from '../../contract/errors.js';
import type { SyncState } from '../../contract/sync.js';
import { validatedClaim } from '../../sandbox/test/flows.js';
import { projectBody, startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import { SANDBOX_DEFAULT_WEBHOOK_SECRET } from '../config.js';
import { webhookHeaders } from '../../platform/webhook-signing.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';
import { startCluster, type TestCluster } from '../test/postgres.js';
import { openEventStream } from '../test/event-stream.js';

/**
 * PostgreSQL restarted under load: two replicas (in this process) on a cluster of their own,
 * which the test stops (pg_ctl stop, fast: every connection cut) and starts again while clients
 * read and write through both. The suite's shared cluster serves the other tests.
 */
const env = {
  SESSION_SECRET: 'replicas-share-this-secret-0123456789abcdef',
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  SYNC_LEASE_SECONDS: '5',
};
/** How long PostgreSQL stays down: long enough for every kind of request to meet it several times. */
const OUTAGE_MS = 3_000;
/** A request not answered within this is a hang. */
const HANG_MS = 8_000;

let cluster: TestCluster;
let sb: TestSandbox;
let a: TestServer;
let b: TestServer;
let claimId: string;

beforeAll(async () => {
  cluster = await startCluster();
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE restart');
  await admin.end();
  const url = new URL(cluster.adminUrl);
  url.pathname = '/restart';
  sb = await startSandbox({ seed: false, now: () => new Date('2026-06-15T10:00:00Z') });
  claimId = (await validatedClaim(sb, '2026-04-05')).claim.id;
  // Load shedding off: both replicas, the sandbox and the clients share this process's event loop
  // (and two cores with PostgreSQL restarting), whose lag says nothing of the database; a 503
  // SERVER_BUSY here would be the test's own load, not what the outage does.
  const server = { sync: { background: true, renewMs: 500 }, pressure: { maxEventLoopDelayMs: 0 } };
  a = await startServer({ sandboxUrl: sb.url, databaseUrl: url.toString(), env, server });
  b = await startServer({ sandboxUrl: sb.url, databaseUrl: url.toString(), env, server });
}, 60_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await sb?.close();
  cluster?.stop();
});

/** The same browser (cookie, CSRF token) sent to the other replica. */
function on(server: TestServer, c: Client): Client {
  const other = server.client();
  other.cookie = c.cookie;
  other.csrf = c.csrf;
  return other;
}

interface Answer {
  replica: 'A' | 'B';
  what: string;
  sentAt: number;
  answeredAt: number;
  /** The HTTP status, or 0 when no answer came within HANG_MS. */
  status: number;
  code: string | null;
  retryAfter: string | null;
  /** A write's reference: the project's external reference, the payment's amount in cents. */
  ref?: string;
}

let paymentsSent = 0;

/** What a browser does: reads of the read model and of the partner, the session, and writes (a creation with its key, a payment without). */
function requests(c: Client, n: number): { what: string; method: string; path: string; body?: unknown; key?: string; ref?: string } {
  const reads = [
    { what: 'session', method: 'GET', path: '/api/session' },
    { what: 'inbox', method: 'GET', path: '/api/inbox?pageSize=20' },
    { what: 'claims list', method: 'GET', path: '/api/lists/claims' },
    { what: 'search', method: 'GET', path: '/api/search?q=dupont' },
    { what: 'partner read', method: 'GET', path: `/api/v1/claims/${claimId}/rentaldebts` },
  ];
  const read = reads[n % reads.length];
  if (n % 3 !== 2 && read) return read;
  const ref = `restart-${c.origin.slice(-5)}-${n}-${Math.random().toString(36).slice(2, 8)}`;
  if (n % 2)
    return {
      what: 'project created',
      method: 'POST',
      path: '/api/v3/projects',
      body: projectBody({ metadata: { externalReference: ref } }),
      key: ref,
      ref,
    };
  // a payment of a unique amount (in cents): counted at the partner afterwards
  const cents = 1000 + paymentsSent++;
  return {
    what: 'payment',
    method: 'POST',
    path: `/api/v1/claims/${claimId}/payments`,
    body: { amount: cents / 100, applyDate: '2026-05-10' },
    ref: String(cents),
  };
}

/** Clients that keep reading and writing through both replicas until stopped; every answer recorded. */
function load(clients: { replica: 'A' | 'B'; c: Client }[]) {
  const answers: Answer[] = [];
  let running = true;
  const workers = clients.map(async ({ replica, c }, w) => {
    for (let n = w; running; n++) {
      const r = requests(c, n);
      const sentAt = performance.now();
      let answer: Answer;
      try {
        const res = await Promise.race([
          c.call<Partial<ErrorEnvelope>>(r.method, r.path, r.body, r.key ? { 'idempotency-key': r.key } : {}),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), HANG_MS)),
        ]);
        answer = {
          replica,
          what: r.what,
          sentAt,
          answeredAt: performance.now(),
          status: res?.status ?? 0,
          code: res && res.status >= 400 ? (res.body.code ?? null) : null,
          retryAfter: res?.headers.get('retry-after') ?? null,
          ref: r.ref,
        };
      } catch (err) {
        answer = {
          replica,
          what: r.what,
          sentAt,
          answeredAt: performance.now(),
          status: -1,
          code: String(err),
          retryAfter: null,
          ref: r.ref,
        };
      }
      answers.push(answer);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** Resolves with the time (performance.now()) `ok` first held, polled every 100 ms; null after `ms`. */
async function until(ok: () => Promise<boolean>, ms: number): Promise<number | null> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (await ok().catch(() => false)) return performance.now();
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

function signedWebhook(id: string) {
  const at = new Date();
  const body = JSON.stringify({ id, type: 'claim.updated', createdAt: at.toISOString(), data: { claimId } });
  return { method: 'POST', body, headers: webhookHeaders(SANDBOX_DEFAULT_WEBHOOK_SECRET, id, at, body) };
}

describe('PostgreSQL restarted while two replicas serve', () => {
  it('answers 503 with a code and Retry-After while it is down (never 500, 401 or a hang), sends no write to the partner, and every replica recovers by itself', async () => {
    const staffA = await a.signedIn('staff');
    const staffB = on(b, staffA);
    const managerA = await a.signedIn('manager');
    // the read model is synced and one replica holds the sync lease
    const synced = await until(async () => {
      const st = (await managerA.call<SyncState>('GET', '/api/sync/state')).body;
      return st.initial.phase === 'done' && st.holder !== null;
    }, 20_000);
    expect(synced, 'the initial sync ended and a replica holds the lease').not.toBeNull();
    const paymentsBefore = (await sb.call<unknown[]>('GET', `/v1/claims/${claimId}/payments`)).body.length;

    const traffic = load([
      { replica: 'A', c: staffA },
      { replica: 'A', c: on(a, staffA) },
      { replica: 'B', c: staffB },
      { replica: 'B', c: on(b, staffA) },
    ]);
    await new Promise((r) => setTimeout(r, 500));
    await cluster.halt();
    const downFrom = performance.now();
    // what a balancer and a person see meanwhile
    const ready = await Promise.all([a, b].map((s) => fetch(`${s.url}/readyz`).then(async (r) => [r.status, await r.json()] as const)));
    const signIn = await a
      .client()
      .call<ErrorEnvelope>('POST', '/api/login', { email: 'manager@demo-agency.fr', password: 'sandbox-demo' });
    await new Promise((r) => setTimeout(r, OUTAGE_MS - (performance.now() - downFrom)));
    const downUntil = performance.now();
    await cluster.start();
    const upAt = performance.now();

    // each replica by itself: ready, reads the read model, writes
    const recovered = await Promise.all(
      [a, b].map((s) =>
        until(async () => {
          const c = on(s, staffA);
          return (
            (await fetch(`${s.url}/readyz`)).status === 200 &&
            (await c.call('GET', '/api/inbox?pageSize=20')).status === 200 &&
            (await c.call('GET', '/api/session')).status === 200
          );
        }, 20_000),
      ),
    );
    await new Promise((r) => setTimeout(r, 500));
    await traffic.stop();

    expect(ready).toEqual([
      [503, { status: 'database unreachable', mode: 'sandbox' }],
      [503, { status: 'database unreachable', mode: 'sandbox' }],
    ]);
    // not "wrong password": the sign-in could not be checked
    expect([signIn.status, signIn.body.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(signIn.headers.get('retry-after')).toMatch(/^\d+$/);
    for (const [i, at] of recovered.entries()) expect(at, `replica ${'AB'[i]} recovered`).not.toBeNull();

    const during = traffic.answers.filter((x) => x.sentAt >= downFrom && x.answeredAt <= downUntil);
    const refused = during.filter((x) => x.status === 503);
    // every kind of request met the outage, on both replicas
    for (const replica of ['A', 'B'] as const)
      for (const what of ['session', 'inbox', 'claims list', 'project created', 'payment'])
        expect(
          refused.some((x) => x.replica === replica && x.what === what),
          `${what} on ${replica} during the outage`,
        ).toBe(true);
    // whatever came when: served, or refused with a code and a time to come back; never a 500, a 401 or a hang
    const wrong = traffic.answers.filter(
      (x) =>
        !(x.status >= 200 && x.status < 300) && !(x.status === 503 && x.code === 'SERVICE_UNAVAILABLE' && /^\d+$/.test(x.retryAfter ?? '')),
    );
    expect(wrong.map((x) => `${x.replica} ${x.what} ${x.status} ${x.code ?? ''}`)).toEqual([]);

    // writes: each one answered as created is at the partner once, each one refused is not there at all
    const projects = (await sb.call<{ items: { metadata?: { externalReference?: string } }[] }>('GET', '/v3/projects?pageSize=100')).body
      .items;
    const payments = (await sb.call<{ amount: number }[]>('GET', `/v1/claims/${claimId}/payments`)).body;
    const atPartner = (x: Answer) =>
      x.what === 'payment'
        ? payments.filter((p) => Math.round(p.amount * 100) === Number(x.ref)).length
        : projects.filter((p) => p.metadata?.externalReference === x.ref).length;
    const writes = traffic.answers.filter((x) => x.ref !== undefined);
    const said = (x: Answer) =>
      `${x.replica} ${x.what} answered ${x.status} ${x.code ?? ''}, ${atPartner(x)} at the partner (sent ${Math.round(x.sentAt - downFrom)} ms after the halt, answered ${Math.round(x.answeredAt - downFrom)})`;
    expect(writes.filter((x) => x.status < 300 && atPartner(x) !== 1).map(said)).toEqual([]);
    expect(writes.filter((x) => x.status === 503 && atPartner(x) !== 0).map(said)).toEqual([]);
    expect(payments.length - paymentsBefore).toBe(writes.filter((x) => x.what === 'payment' && x.status < 300).length);

    // the bus listens again: an event received by A reaches a stream on B
    const stream = await openEventStream(`${b.url}/api/events`, { cookie: staffB.cookie });
    expect(stream.status).toBe(200);
    const id = `evt-after-restart-${Date.now()}`;
    expect((await fetch(`${a.url}/webhooks/partner`, signedWebhook(id))).status).toBe(200);
    const heard = await stream.until((f) => f.data.includes(id), 3_000);
    stream.close();
    expect(heard, 'the event reached the stream on B').not.toBeNull();
    // the sync lease is held again (it lapsed while the database was away)
    const leased = await until(async () => (await managerA.call<SyncState>('GET', '/api/sync/state')).body.holder !== null, 15_000);
    expect(leased, 'a replica holds the sync lease again').not.toBeNull();
    const recoveredIn = Math.max(...recovered.map((at) => (at ?? Infinity) - upAt));
    expect(recoveredIn).toBeLessThan(10_000);
  }, 90_000);
});
