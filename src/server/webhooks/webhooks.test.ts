import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../../contract/errors.js';
import type { PartnerEvent } from '../../contract/session.js';
import { SANDBOX_DEFAULT_WEBHOOK_SECRET } from '../config.js';
import { webhookHeaders } from '../../platform/webhook-signing.js';
import { projectBody } from '../../sandbox/test/harness.js';
import { openEventStream } from '../test/event-stream.js';
import { startServer, type TestServer } from '../test/harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

function signed(id: string, type: string, at = new Date(), secret = SANDBOX_DEFAULT_WEBHOOK_SECRET) {
  const body = JSON.stringify({ id, type, createdAt: at.toISOString(), data: { claimId: 'c1' } });
  return { body, headers: webhookHeaders(secret, id, at, body) };
}

const post = (w: { body: string; headers: Record<string, string> }) =>
  fetch(`${s.url}/webhooks/partner`, { method: 'POST', headers: w.headers, body: w.body });

/** Reads server-sent events until `count` partner events arrived. */
async function readEvents(cookie: string, count: number, lastEventId?: string, path = '/api/events'): Promise<PartnerEvent[]> {
  const stream = await openEventStream(`${s.url}${path}`, { cookie, headers: lastEventId ? { 'last-event-id': lastEventId } : {} });
  const events = () => stream.frames.filter((f) => f.event === 'partner').map((f) => JSON.parse(f.data) as PartnerEvent);
  // waits for the events, whatever the machine's load (the sandbox delivers after a sign-in and a
  // write on another server): only a stream that stays silent ends it, short of the test's timeout
  await stream.until(() => events().length >= count, 15_000);
  stream.close();
  return events();
}

describe('webhook receiver', () => {
  it('accepts a signed event once and answers 2xx to a duplicate without processing it twice', async () => {
    const w = signed('evt_dup_1', 'claim.updated');
    expect(await (await post(w)).json()).toEqual({ received: true, duplicate: false });
    const again = await post(w);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    const manager = await s.signedIn('manager');
    const recent = (await manager.call<PartnerEvent[]>('GET', '/api/events/recent')).body;
    expect(recent.filter((e) => e.id === 'evt_dup_1')).toHaveLength(1);
  });

  it('refuses a bad signature, a wrong secret, and a timestamp older than 5 minutes', async () => {
    const good = signed('evt_bad_1', 'claim.updated');
    const tampered = { ...good, body: good.body.replace('c1', 'c2') };
    expect((await post(tampered)).status).toBe(401);
    expect((await post(signed('evt_bad_2', 'x', new Date(), `whsec_${Buffer.from('other').toString('base64')}`))).status).toBe(401);
    const stale = await post(signed('evt_stale', 'claim.updated', new Date(Date.now() - 6 * 60_000)));
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as ErrorEnvelope).code).toBe('UNAUTHENTICATED');
    expect((await post({ body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(401);
  });
});

describe('live updates (server-sent events)', () => {
  it('pushes received events to signed-in browsers and resumes after Last-Event-ID', async () => {
    const c = await s.signedIn('staff');
    const live = readEvents(c.cookie, 1);
    await new Promise((r) => setTimeout(r, 100));
    await post(signed('evt_live_1', 'rental_debt.updated'));
    const [first] = await live;
    expect(first).toMatchObject({ id: 'evt_live_1', type: 'rental_debt.updated', data: { claimId: 'c1' } });
    await post(signed('evt_live_2', 'rental_debt.receipt.signed'));
    await post(signed('evt_live_3', 'claim.updated'));
    const resumed = await readEvents(c.cookie, 2, String(first?.seq));
    expect(resumed.map((e) => e.id)).toEqual(['evt_live_2', 'evt_live_3']);
  });

  it('says where the log stands when a stream opens, and resumes from ?lastEventId= (a tab taking the stream over)', async () => {
    const c = await s.signedIn('staff');
    const live = readEvents(c.cookie, 1);
    await new Promise((r) => setTimeout(r, 100));
    await post(signed('evt_over_1', 'claim.updated'));
    const [first] = await live;
    await post(signed('evt_over_2', 'claim.updated'));
    const fresh = await openEventStream(`${s.url}/api/events`, { cookie: c.cookie });
    const ready = await fresh.until((f) => f.event === 'ready', 3_000);
    fresh.close();
    const top = String((first?.seq ?? 0) + 1);
    expect(ready).toEqual({ id: top, event: 'ready', data: top });
    // EventSource cannot set Last-Event-ID on its first open: the new streamer says it in the address
    const resumed = await readEvents(c.cookie, 1, undefined, `/api/events?lastEventId=${first?.seq}`);
    expect(resumed.map((e) => e.id)).toEqual(['evt_over_2']);
  });

  it('refuses the stream to a visitor who is not signed in', async () => {
    const res = await fetch(`${s.url}/api/events`);
    expect(res.status).toBe(401);
  });

  it('receives the sandbox events end to end (sandbox → webhook → SSE)', async () => {
    const c = await s.signedIn('manager');
    // (the events name t's project: s re-reads it from its own partner, which answers that it has no
    // such project, and still records and fans the event out)
    const t = await startServer({ sandbox: { webhookUrl: `${s.url}/webhooks/partner`, webhooks: { deliver: true, intervalMs: 50 } } });
    try {
      const events = readEvents(c.cookie, 1);
      await new Promise((r) => setTimeout(r, 100));
      const m = await t.signedIn('manager');
      await m.call('POST', '/api/v3/score', { status: 4, monthlyIncome: 3000 });
      await m.call('POST', '/api/v3/projects', projectBody());
      const [e] = await events;
      expect(e?.type).toBe('project.created');
    } finally {
      await t.close();
    }
  });
});

describe('upstream failures', () => {
  let slow: Server;
  let hits: { method: string }[] = [];
  let mode: 'hang' | 'fail' = 'hang';
  beforeAll(async () => {
    slow = createServer((req, res) => {
      hits.push({ method: req.method ?? '' });
      if (mode === 'fail') res.writeHead(503).end('down');
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    slow.closeAllConnections();
    await new Promise((r) => slow.close(r));
  });

  it('answers 502 UPSTREAM_UNAVAILABLE with a request id when the partner service is down', async () => {
    const t = await startServer({ sandbox: false, env: { SANDBOX_PORT: '9' } });
    try {
      const c = await t.signedIn('manager');
      const res = await c.call<ErrorEnvelope>('GET', '/api/v3/projects');
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
      expect((await c.call('GET', '/readyz')).status).toBe(503);
    } finally {
      await t.close();
    }
  });

  it('answers 504 UPSTREAM_TIMEOUT when the partner service is slow', async () => {
    mode = 'hang';
    const port = (slow.address() as AddressInfo).port;
    const t = await startServer({ sandbox: false, env: { SANDBOX_PORT: String(port), UPSTREAM_TIMEOUT_MS: '300' } });
    try {
      const c = await t.signedIn('manager');
      const res = await c.call<ErrorEnvelope>('GET', '/api/v1/claims');
      expect(res.status).toBe(504);
      expect(res.body.code).toBe('UPSTREAM_TIMEOUT');
    } finally {
      await t.close();
    }
  });

  it('retries a GET once after a 5xx, never a POST', async () => {
    mode = 'fail';
    const port = (slow.address() as AddressInfo).port;
    const t = await startServer({ sandbox: false, env: { SANDBOX_PORT: String(port) } });
    try {
      const c = await t.signedIn('manager');
      hits = [];
      expect((await c.call<ErrorEnvelope>('GET', '/api/v1/claims')).body.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(hits.filter((h) => h.method === 'GET')).toHaveLength(2);
      hits = [];
      await c.call('POST', '/api/v1/claims/00000000-0000-4000-8000-000000000000/apply');
      expect(hits.filter((h) => h.method === 'POST')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
