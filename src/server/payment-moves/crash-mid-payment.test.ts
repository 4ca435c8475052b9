import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditHistory } from '../../contract/audit.js';
import { whatWasDone, detailsInWords } from '../../contract/audit-words.js';
import type { TenantPayment } from '../../contract/claims.js';
import { addMonths } from '../../contract/dates.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import type { PaymentCheck } from '../../contract/payment-check.js';
import { claimOn, today } from '../../sandbox/test/flows.js';
import { startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import { hashPassword } from '../auth/passwords.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../auth/users.js';
import { SANDBOX_DEFAULT_TOKEN, SANDBOX_DEFAULT_WEBHOOK_SECRET } from '../config.js';
import { startReplica, type ReplicaProcess } from '../test/replica-process.js';

/**
 * The embedded default (SQLite in DATA_DIR) killed in the middle of a tenant payment: the server is
 * main.ts in a process of its own, killed with SIGKILL by its pid and started again on the same
 * DATA_DIR. Between it and the sandbox, a relay passes every request on at once, except a tenant
 * payment: either it reaches the partner and the partner's answer is held (the partner has the
 * payment, the server has not noted it), or the request itself is held (the partner never has it).
 */
const SESSION_SECRET = 'crash-mid-payment-secret-0123456789abcdef';

let sb: TestSandbox;
let dir: string;
let users: string;
let relay: Server;
/** The sandbox's clock, behind the real one by this much (an earlier payment, clearly before the attempt). */
let sandboxBehindMs = 0;
/** What the relay does with a tenant payment's POST. */
let payment: 'pass' | 'hold-answer' | 'hold-request' = 'pass';
let reached: () => void = () => undefined;

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });

beforeAll(async () => {
  sb = await startSandbox({ seed: false, now: () => new Date(Date.now() - sandboxBehindMs) });
  relay = createServer((req, res) => {
    void (async () => {
      const payload = await read(req);
      const isPayment = req.method === 'POST' && /^\/v1\/claims\/[^/]+\/payments$/.test(req.url ?? '');
      if (isPayment && payment === 'hold-request') {
        reached(); // never sent on: the partner has no such payment
        return;
      }
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
      if (isPayment && payment === 'hold-answer') {
        reached(); // recorded at the partner; its answer never reaches the server
        return;
      }
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
    })().catch((err: unknown) => {
      console.error('relay:', err);
      res.destroy();
    });
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  dir = mkdtempSync(join(tmpdir(), 'crash-mid-payment-'));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  users = join(dir, 'users.json');
  writeFileSync(users, JSON.stringify({ users: DEMO_USERS.map((u) => ({ ...u, passwordHash })) }));
}, 60_000);

afterAll(async () => {
  await sb.close();
  relay.closeAllConnections();
  relay.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The server on the embedded default: SQLite in `dataDir` (no DATABASE_URL), the partner behind the relay. */
function startServerProcess(dataDir: string): Promise<ReplicaProcess> {
  return startReplica(() => ({
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    STATIC_DIR: join(dir, 'none'),
    PARTNER_API_BASE_URL: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    PARTNER_API_TOKEN: SANDBOX_DEFAULT_TOKEN,
    PARTNER_WEBHOOK_SECRET: SANDBOX_DEFAULT_WEBHOOK_SECRET,
    SESSION_SECRET,
    USERS_FILE: users,
  }));
}

/** A browser's session: its cookie and CSRF token, kept across the server's restart (sessions are in the database). */
interface Browser {
  cookie: string;
  csrf: string;
}

async function signIn(base: string, email: string): Promise<Browser> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const session = (await (await fetch(`${base}/api/session`, { headers: { cookie } })).json()) as { csrfToken: string };
  return { cookie, csrf: session.csrfToken };
}

function call(base: string, b: Browser, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(base + path, {
    method,
    headers: {
      cookie: b.cookie,
      'x-csrf-token': b.csrf,
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const paymentsAtPartner = async (claimId: string) => (await sb.call<TenantPayment[]>('GET', `/v1/claims/${claimId}/payments`)).body;

/**
 * Sends the payment with `key` to a fresh server, kills it (SIGKILL) once the relay has the
 * payment in hand, and starts the server again on the same data: the browser's request was cut.
 */
async function crashMidPayment(claimId: string, body: { amount: number; applyDate: string }, key: string, mode: typeof payment) {
  const dataDir = join(dir, `data-${key}`);
  const first = await startServerProcess(dataDir);
  const staff = await signIn(first.base, 'staff@demo-agency.fr');
  payment = mode;
  const atRelay = new Promise<void>((r) => (reached = r));
  const sent = call(first.base, staff, 'POST', `/api/v1/claims/${claimId}/payments`, body, { 'idempotency-key': key }).then(
    async (r) => `${r.status} ${await r.text()}`,
    () => 'cut' as const,
  );
  await Promise.race([atRelay, sent.then((answer) => Promise.reject(new Error(`the server answered: ${answer}`)))]);
  first.child.kill('SIGKILL');
  expect(await first.exited).toBeNull(); // killed: nothing noted after the partner's answer
  expect(await sent).toBe('cut');
  payment = 'pass';
  const again = await startServerProcess(dataDir);
  return { server: again, staff };
}

async function checkLine(base: string, claimId: string) {
  const manager = await signIn(base, 'manager@demo-agency.fr');
  const history = (await (await call(base, manager, 'GET', `/api/audit/history?claimId=${claimId}`)).json()) as AuditHistory;
  return history.items.filter((r) => r.operation === 'checkPayment');
}

describe('a tenant payment whose server was killed between the partner’s answer and its note of it', () => {
  it('recorded at the partner: the retry is told it was interrupted, the look at the partner finds it, and nothing is sent twice', async () => {
    const day = await today(sb);
    const { claim } = await claimOn(sb, `${addMonths(day, -1).slice(0, 7)}-05`);
    const body = { amount: 120.5, applyDate: day };
    const key = `crash-arrived-${Date.now()}`;
    const { server, staff } = await crashMidPayment(claim.id, body, key, 'hold-answer');
    try {
      expect(await paymentsAtPartner(claim.id)).toHaveLength(1);

      // the browser's retry of the same action, with the same key, on the restarted server
      const retry = await call(server.base, staff, 'POST', `/api/v1/claims/${claim.id}/payments`, body, { 'idempotency-key': key });
      expect(retry.status).toBe(409);
      expect(((await retry.json()) as ErrorEnvelope).code).toBe('IDEMPOTENCY_KEY_INTERRUPTED');

      const checked = await call(server.base, staff, 'POST', `/api/claims/${claim.id}/payment-check`, {
        idempotencyKey: key,
        payment: body,
      });
      expect(checked.status).toBe(200);
      const check = (await checked.json()) as PaymentCheck;
      const atPartner = await paymentsAtPartner(claim.id);
      expect(check.arrived).toBe(true);
      expect(check.found.map((p) => p.id)).toEqual(atPartner.map((p) => p.id));

      // from now on the key answers that payment: a repeat sends nothing
      const repeat = await call(server.base, staff, 'POST', `/api/v1/claims/${claim.id}/payments`, body, { 'idempotency-key': key });
      expect(repeat.status).toBe(201);
      expect(((await repeat.json()) as TenantPayment).id).toBe(atPartner[0]?.id);
      expect(await paymentsAtPartner(claim.id)).toHaveLength(1);

      const lines = await checkLine(server.base, claim.id);
      expect(lines).toHaveLength(1);
      const line = lines[0];
      if (!line) throw new Error('no line');
      expect(line.result).toBe('success');
      expect(line.actorId).toBe('staff@demo-agency.fr');
      expect(whatWasDone(line, 'en')).toMatch(
        /^Payment of €120\.50 on .+ found at the partner after an interrupted send: it arrived and is not sent again$/,
      );
      expect(detailsInWords(line, 'en')).toContain('Arrived at the partner: yes');
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }, 90_000);

  it('never reached the partner: the look finds no payment since the attempt began (an identical earlier one is not it), and sending again records one', async () => {
    const day = await today(sb);
    const firstDue = `${addMonths(day, -1).slice(0, 7)}-05`;
    const { claim } = await claimOn(sb, firstDue);
    const body = { amount: 80, applyDate: firstDue };
    // the same amount and date, recorded at the partner ten minutes before the attempt
    sandboxBehindMs = 10 * 60_000;
    const earlier = await sb.call<TenantPayment>('POST', `/v1/claims/${claim.id}/payments`, body);
    sandboxBehindMs = 0;
    expect(earlier.status).toBe(201);
    const key = `crash-missing-${Date.now()}`;
    const { server, staff } = await crashMidPayment(claim.id, body, key, 'hold-request');
    try {
      expect(await paymentsAtPartner(claim.id)).toHaveLength(1);
      const retry = await call(server.base, staff, 'POST', `/api/v1/claims/${claim.id}/payments`, body, { 'idempotency-key': key });
      expect(retry.status).toBe(409);
      expect(((await retry.json()) as ErrorEnvelope).code).toBe('IDEMPOTENCY_KEY_INTERRUPTED');

      const checked = await call(server.base, staff, 'POST', `/api/claims/${claim.id}/payment-check`, {
        idempotencyKey: key,
        payment: body,
      });
      expect(checked.status).toBe(200);
      const check = (await checked.json()) as PaymentCheck;
      expect(check).toMatchObject({ arrived: false, found: [] });

      // the key stays interrupted; sent again (a new key), the payment is recorded once
      expect((await call(server.base, staff, 'POST', `/api/v1/claims/${claim.id}/payments`, body, { 'idempotency-key': key })).status).toBe(
        409,
      );
      const resent = await call(server.base, staff, 'POST', `/api/v1/claims/${claim.id}/payments`, body, {
        'idempotency-key': `${key}-again`,
      });
      expect(resent.status).toBe(201);
      const atPartner = await paymentsAtPartner(claim.id);
      expect(atPartner.map((p) => p.id).sort()).toEqual([earlier.body.id, ((await resent.json()) as TenantPayment).id].sort());

      const lines = await checkLine(server.base, claim.id);
      expect(lines).toHaveLength(1);
      expect(lines[0] && whatWasDone(lines[0], 'fr')).toMatch(
        /^Paiement de 80,00\s€ du \d\d\/\d\d\/\d{4} absent chez le partenaire après un envoi interrompu : il n’est pas arrivé$/,
      );
      expect(lines[0] && detailsInWords(lines[0], 'fr')).toContain('Arrivé chez le partenaire : non');

      // another person's key, or another body under this key, finds nothing to look at
      const manager = await signIn(server.base, 'manager@demo-agency.fr');
      const notMine = await call(server.base, manager, 'POST', `/api/claims/${claim.id}/payment-check`, {
        idempotencyKey: key,
        payment: body,
      });
      expect(notMine.status).toBe(404);
      const other = await call(server.base, staff, 'POST', `/api/claims/${claim.id}/payment-check`, {
        idempotencyKey: key,
        payment: { amount: 1e300, applyDate: firstDue },
      });
      expect(other.status).toBe(422);
      expect(((await other.json()) as ErrorEnvelope).code).toBe('IDEMPOTENCY_KEY_REUSED');
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }, 90_000);
});
