import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim } from '../../contract/claims.js';
import type { ClaimFileList } from '../../contract/claim-files.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import type { Project } from '../../contract/projects.js';
import { projectAt } from '../../sandbox/test/flows.js';
import { PDF_BYTES, claimBody, projectBody, startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import { hashPassword } from '../auth/passwords.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../auth/users.js';
import { SANDBOX_DEFAULT_TOKEN, SANDBOX_DEFAULT_WEBHOOK_SECRET } from '../config.js';
import { freshPostgres, startServer, uploadForm, type Client, type TestDatabase, type TestServer } from '../test/harness.js';
import { startReplica, type ReplicaProcess } from '../test/replica-process.js';

/**
 * A replica that stops while it holds a pending Idempotency-Key: replica A is main.ts in its own
 * process (killed with SIGKILL, or stopped with SIGTERM), B runs here; both on one PostgreSQL, in
 * front of one sandbox. Between A and the sandbox, a relay passes every request on at once but
 * holds the sandbox's answer to a project creation: the project exists at the partner, A has not
 * heard of it yet.
 */
const SESSION_SECRET = 'replicas-share-this-secret-0123456789abcdef';

let sb: TestSandbox;
let db: TestDatabase & { url: string };
let b: TestServer;
let dir: string;
let users: string;

/** How the relay treats the answer to POST /v3/projects: held for ever, or for that many ms. */
let holdCreation: 'forever' | number = 'forever';
let reached: () => void = () => undefined;
let relay: Server;

const body = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });

beforeAll(async () => {
  sb = await startSandbox({ seed: false, now: () => new Date('2026-06-15T10:00:00Z') });
  relay = createServer((req, res) => {
    void (async () => {
      const payload = await body(req);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          (e): e is [string, string] =>
            typeof e[1] === 'string' && !['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'].includes(e[0]),
        ),
      );
      const answer = await fetch(sb.url + (req.url ?? '/'), {
        method: req.method,
        headers,
        body: ['GET', 'HEAD'].includes(req.method ?? 'GET') ? undefined : new Uint8Array(payload),
      });
      const text = Buffer.from(await answer.arrayBuffer());
      const send = () =>
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
      if (req.method === 'POST' && req.url === '/v3/projects') {
        reached(); // created at the partner; A waits for the answer
        if (holdCreation !== 'forever') setTimeout(send, holdCreation);
        return;
      }
      send();
    })().catch((err: unknown) => {
      console.error('relay:', err);
      res.destroy();
    });
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  db = await freshPostgres();
  b = await startServer({ sandboxUrl: sb.url, databaseUrl: db.url, env: { SESSION_SECRET, LOGIN_RATE_LIMIT_PER_MINUTE: '100' } });
  dir = mkdtempSync(join(tmpdir(), 'replica-death-'));
  // A's users file: the demo users B seeds too (the same list, so neither removes the other's)
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  users = join(dir, 'users.json');
  writeFileSync(users, JSON.stringify({ users: DEMO_USERS.map((u) => ({ ...u, passwordHash })) }));
}, 60_000);

afterAll(async () => {
  await b.close();
  await sb.close();
  relay.closeAllConnections();
  relay.close();
  await db.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Replica A: main.ts in its own process, live mode, the partner behind the relay. */
function startA(): Promise<ReplicaProcess> {
  return startReplica((base) => ({
    DATA_DIR: join(dir, `a-${new URL(base).port}`),
    STATIC_DIR: join(dir, 'none'),
    DATABASE_URL: db.url,
    PARTNER_API_BASE_URL: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    PARTNER_API_TOKEN: SANDBOX_DEFAULT_TOKEN,
    PARTNER_WEBHOOK_SECRET: SANDBOX_DEFAULT_WEBHOOK_SECRET,
    SESSION_SECRET,
    USERS_FILE: users,
    SHUTDOWN_GRACE_MS: '8000',
  }));
}

/** The browser signed in through B, sending a project creation with `key` to the replica at `base`. */
function create(base: string, c: Client, key: string) {
  return fetch(`${base}/api/v3/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: c.cookie, 'x-csrf-token': c.csrf, origin: base, 'idempotency-key': key },
    body: JSON.stringify(projectBody({ metadata: { externalReference: key } })),
  });
}

const projectsAtPartner = async () => (await sb.call<{ total: number }>('GET', '/v3/projects?pageSize=1')).body.total;

describe('a replica that dies holding a pending Idempotency-Key', () => {
  it('killed (SIGKILL) after the partner created the project: the repeat on B is told it was interrupted within seconds, and no second project is made', async () => {
    const a = await startA();
    const staff = await b.signedIn('staff');
    const before = await projectsAtPartner();
    const key = `killed-${Date.now()}`;
    holdCreation = 'forever';
    const atPartner = new Promise<void>((r) => (reached = r));
    const onA = create(a.base, staff, key).then(
      async (r) => `${r.status} ${await r.text()}`,
      () => 'cut' as const,
    );
    // (A answering instead of the relay holding it would be a fault of the test: say what it was)
    await Promise.race([atPartner, onA.then((answer) => Promise.reject(new Error(`A answered: ${answer}`)))]);
    a.child.kill('SIGKILL');
    expect(await a.exited).toBeNull(); // killed, no graceful close
    expect(await onA).toBe('cut');

    // the browser heard nothing and sends the same request to B
    const sentAt = Date.now();
    const repeat = await create(b.url, staff, key);
    const waited = Date.now() - sentAt;
    expect(repeat.status).toBe(409);
    const refused = (await repeat.json()) as ErrorEnvelope;
    expect(refused.code).toBe('IDEMPOTENCY_KEY_INTERRUPTED');
    expect(refused.message).toMatch(/may have been carried out/);
    // A's lease (5 s) lapsed: a bounded wait, not the old two minutes
    expect(waited).toBeLessThan(10_000);
    expect(await projectsAtPartner()).toBe(before + 1);

    // a later repeat is told at once; a new key creates as usual
    const again = Date.now();
    expect((await create(b.url, staff, key)).status).toBe(409);
    expect(Date.now() - again).toBeLessThan(1_000);
    expect(await projectsAtPartner()).toBe(before + 1);
    const fresh = await create(b.url, staff, `${key}-new`);
    expect(fresh.status).toBe(201);
    expect(await projectsAtPartner()).toBe(before + 2);
  }, 60_000);

  it('stopped gracefully (SIGTERM) with the creation in flight: A finishes it, B’s concurrent and later repeats answer the same project', async () => {
    const a = await startA();
    const staff = await b.signedIn('staff');
    const before = await projectsAtPartner();
    const key = `graceful-${Date.now()}`;
    holdCreation = 1_500;
    const atPartner = new Promise<void>((r) => (reached = r));
    const onA = create(a.base, staff, key);
    await Promise.race([atPartner, onA.then(async (r) => Promise.reject(new Error(`A answered: ${r.status} ${await r.clone().text()}`)))]);
    // a repeat on B while A's request is in flight waits for it
    const concurrent = create(b.url, staff, key);
    a.child.kill('SIGTERM');
    const first = await onA;
    expect(first.status).toBe(201);
    const project = (await first.json()) as Project;
    expect(await a.exited).toBe(0);

    const waiting = await concurrent;
    expect(waiting.status).toBe(201);
    expect(waiting.headers.get('idempotent-replayed')).toBe('true');
    expect(((await waiting.json()) as Project).id).toBe(project.id);
    const later = await create(b.url, staff, key);
    expect(later.status).toBe(201);
    expect(((await later.json()) as Project).id).toBe(project.id);
    expect(await projectsAtPartner()).toBe(before + 1);
  }, 60_000);

  it('a repeat waiting on B is answered within moments of A storing the first answer, long before A’s lease would end', async () => {
    const a = await startA();
    const staff = await b.signedIn('staff');
    const key = `prompt-${Date.now()}`;
    // the partner takes a second to answer A: B's repeat, sent at once, finds the key pending and waits
    holdCreation = 1_000;
    const atPartner = new Promise<void>((r) => (reached = r));
    const onA = create(a.base, staff, key).then((r) => ({ r, at: Date.now() }));
    await Promise.race([
      atPartner,
      onA.then(async ({ r }) => Promise.reject(new Error(`A answered: ${r.status} ${await r.clone().text()}`))),
    ]);
    const concurrent = create(b.url, staff, key).then((r) => ({ r, at: Date.now() }));
    const first = await onA;
    const repeat = await concurrent;
    expect(first.r.status).toBe(201);
    expect(repeat.r.status).toBe(201);
    expect(repeat.r.headers.get('idempotent-replayed')).toBe('true');
    expect(((await repeat.r.json()) as Project).id).toBe(((await first.r.json()) as Project).id);
    // A's lease is 5 s, renewed while it waited: B was told, it did not wait for the lease to end
    expect(repeat.at - first.at).toBeLessThan(1_500);
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
  }, 60_000);

  it('killed (SIGKILL) during the claim journey: nothing A recorded is lost, the journey finishes on B', async () => {
    const a = await startA();
    const staff = await b.signedIn('staff');
    const project = await projectAt(sb, 7);
    const key = `journey-killed-${Date.now()}`;
    /** The browser's request to the replica at `base` (its session made on B). */
    const call = (base: string, method: string, path: string, payload?: unknown, headers: Record<string, string> = {}) =>
      fetch(base + path, {
        method,
        headers: {
          cookie: staff.cookie,
          'x-csrf-token': staff.csrf,
          origin: base,
          ...(payload instanceof FormData || payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: payload instanceof FormData ? payload : payload === undefined ? undefined : JSON.stringify(payload),
      });
    const created = await call(a.base, 'POST', `/api/v1/projects/${project.id}/claims`, claimBody('2026-06-05'), {
      'idempotency-key': key,
    });
    expect(created.status).toBe(201);
    const claim = (await created.json()) as Claim;
    expect((await call(a.base, 'POST', `/api/v1/claims/${claim.id}/documents`, uploadForm({ documentType: '1' }, PDF_BYTES))).status).toBe(
      201,
    );

    a.child.kill('SIGKILL');
    expect(await a.exited).toBeNull();

    // the browser did not hear A's answer to the creation and sends it again, to B: the same claim
    const retried = await call(b.url, 'POST', `/api/v1/projects/${project.id}/claims`, claimBody('2026-06-05'), { 'idempotency-key': key });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retried.json()) as Claim).id).toBe(claim.id);
    for (const t of ['2', '3'])
      expect((await call(b.url, 'POST', `/api/v1/claims/${claim.id}/documents`, uploadForm({ documentType: t }, PDF_BYTES))).status).toBe(
        201,
      );
    expect((await call(b.url, 'POST', `/api/v1/claims/${claim.id}/apply`)).status).toBe(200);
    // the file A noted before it was killed is listed on B with the two sent through B
    const files = (await (await call(b.url, 'GET', `/api/claims/${claim.id}/files`)).json()) as ClaimFileList;
    expect(files.items.map((f) => f.documentType).sort()).toEqual([1, 2, 3]);
    const claims = await sb.call<{ items: Claim[] }>('GET', '/v1/claims?pageSize=100');
    expect(claims.body.items.filter((x) => x.projectId === project.id)).toHaveLength(1);
  }, 60_000);
});
