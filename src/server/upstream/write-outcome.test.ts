import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../../contract/errors.js';
import { validatedClaim } from '../../sandbox/test/flows.js';
import { startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';

/**
 * The partner killed during a write: a stand-in in front of the real sandbox that, per mode, passes
 * requests on, reads a write and then drops the connection (before or after handing it to the
 * sandbox), or is not listening at all (connection refused).
 */
type Mode = 'pass' | 'drop-after-forwarding' | 'drop-before-forwarding';

let sb: TestSandbox;
let fault: Server;
let port = 0;
let mode: Mode = 'pass';
const writes: string[] = [];

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function listen(): Promise<void> {
  return new Promise((r) => fault.listen(port, '127.0.0.1', r));
}

function refuse(): Promise<void> {
  fault.closeAllConnections();
  return new Promise((r) => fault.close(() => r()));
}

let s: TestServer;
let staff: Client;
beforeAll(async () => {
  sb = await startSandbox({ seed: false, now: () => new Date('2026-06-15T10:00:00Z') });
  fault = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      if (req.method !== 'GET') writes.push(`${req.method} ${req.url}`);
      if (req.method !== 'GET' && mode === 'drop-before-forwarding') return req.socket.destroy();
      const headers: Record<string, string> = {};
      for (const h of ['authorization', 'content-type', 'x-request-id', 'accept']) {
        const v = req.headers[h];
        if (typeof v === 'string') headers[h] = v;
      }
      const up = await fetch(sb.url + (req.url ?? '/'), {
        method: req.method,
        headers,
        body: body.length > 0 ? body.toString('utf8') : undefined,
      });
      const answer = Buffer.from(await up.arrayBuffer());
      // the partner carried the write out, and its answer never comes back
      if (req.method !== 'GET' && mode === 'drop-after-forwarding') return req.socket.destroy();
      res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/json' }).end(answer);
    })();
  });
  await listen();
  port = (fault.address() as AddressInfo).port;
  s = await startServer({ sandbox: false, env: { SANDBOX_PORT: String(port) } });
  staff = await s.signedIn('staff');
});
afterAll(async () => {
  await s.close();
  fault.closeAllConnections();
  await new Promise((r) => fault.close(r));
  await sb.close();
});

const payments = async (claimId: string) =>
  (await staff.call<{ amount: number }[] | { items: { amount: number }[] }>('GET', `/api/v1/claims/${claimId}/payments`)).body;
const countOf = (list: Awaited<ReturnType<typeof payments>>) => (Array.isArray(list) ? list.length : list.items.length);

describe('a write whose answer never came', () => {
  it('is not called a failure: 502 UPSTREAM_OUTCOME_UNKNOWN, and a retry with the same key is never sent again', async () => {
    const { claim } = await validatedClaim(sb, '2026-03-05');
    const key = 'pay-dropped-after-1';
    mode = 'drop-after-forwarding';
    writes.length = 0;
    const first = await staff.call<ErrorEnvelope>(
      'POST',
      `/api/v1/claims/${claim.id}/payments`,
      { amount: 150, applyDate: '2026-06-10' },
      {
        'idempotency-key': key,
      },
    );
    expect(first.status).toBe(502);
    expect(first.body.code).toBe('UPSTREAM_OUTCOME_UNKNOWN');
    expect(first.body.message).toMatch(/may have been recorded/);
    expect(writes).toHaveLength(1);

    mode = 'pass';
    const retry = await staff.call<ErrorEnvelope>(
      'POST',
      `/api/v1/claims/${claim.id}/payments`,
      { amount: 150, applyDate: '2026-06-10' },
      {
        'idempotency-key': key,
      },
    );
    expect(retry.status).toBe(409);
    expect(retry.body.code).toBe('IDEMPOTENCY_KEY_INTERRUPTED');
    expect(writes).toHaveLength(1); // not forwarded a second time
    expect(countOf(await payments(claim.id))).toBe(1); // recorded once, counted once
  });

  it('dropped once read but before the partner got it is still unknown to the dashboard: never resent', async () => {
    const { claim } = await validatedClaim(sb, '2026-03-05');
    mode = 'drop-before-forwarding';
    writes.length = 0;
    const key = 'pay-dropped-before-1';
    const send = () =>
      staff.call<ErrorEnvelope>(
        'POST',
        `/api/v1/claims/${claim.id}/payments`,
        { amount: 80, applyDate: '2026-06-10' },
        { 'idempotency-key': key },
      );
    expect((await send()).body.code).toBe('UPSTREAM_OUTCOME_UNKNOWN');
    mode = 'pass';
    expect((await send()).body.code).toBe('IDEMPOTENCY_KEY_INTERRUPTED');
    expect(writes).toHaveLength(1);
    expect(countOf(await payments(claim.id))).toBe(0);
  });

  it('a write without a key whose answer was lost is unknown too (a declaration, a change)', async () => {
    const { claim } = await validatedClaim(sb, '2026-03-05');
    mode = 'drop-after-forwarding';
    const res = await staff.call<ErrorEnvelope>('POST', `/api/v1/claims/${claim.id}/payments`, { amount: 20, applyDate: '2026-06-10' });
    mode = 'pass';
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('UPSTREAM_OUTCOME_UNKNOWN');
  });
});

describe('a write that never left', () => {
  it('connection refused is a plain failure (502 UPSTREAM_UNAVAILABLE) and the same key may be sent again', async () => {
    const { claim } = await validatedClaim(sb, '2026-03-05');
    const key = 'pay-refused-1';
    const send = () =>
      staff.call<ErrorEnvelope>(
        'POST',
        `/api/v1/claims/${claim.id}/payments`,
        { amount: 60, applyDate: '2026-06-10' },
        { 'idempotency-key': key },
      );
    mode = 'pass';
    writes.length = 0;
    await refuse();
    try {
      const refused = await send();
      expect(refused.status).toBe(502);
      expect(refused.body.code).toBe('UPSTREAM_UNAVAILABLE');
    } finally {
      await listen();
    }
    expect(writes).toHaveLength(0);
    const retry = await send();
    expect(retry.status).toBe(201);
    expect(writes).toHaveLength(1);
    expect(countOf(await payments(claim.id))).toBe(1);
  });

  it('a read that cannot connect is a plain failure too', async () => {
    const { claim } = await validatedClaim(sb, '2026-03-05');
    await refuse();
    try {
      const res = await staff.call<ErrorEnvelope>('GET', `/api/v1/claims/${claim.id}/payments`);
      expect(res.body.code).toBe('UPSTREAM_UNAVAILABLE');
    } finally {
      await listen();
    }
  });
});
