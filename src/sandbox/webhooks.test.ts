import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RentalDebt } from '../contract/claims.js';
import { DEMO_WEBHOOK_SECRET } from './seed/organizations.js';
import { projectBody, startSandbox, type TestSandbox } from './test/harness.js';
import { claimOn, today, uploadClaimDocuments, validatedClaim } from './test/flows.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let received: Received[] = [];
let failNext = 0;
let receiver: Server;
let sb: TestSandbox;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (failNext > 0) {
        failNext--;
        res.writeHead(500).end();
        return;
      }
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  sb = await startSandbox({
    seed: false,
    webhookUrl: url,
    now: () => new Date('2026-06-15T10:00:00Z'),
    webhooks: { deliver: false, retryDelaysMs: [0, 0] },
  });
});
afterAll(async () => {
  await sb.close();
  await new Promise((r) => receiver.close(r));
});
afterEach(() => {
  received = [];
  failNext = 0;
});

const types = () => received.map((r) => (JSON.parse(r.body) as { type: string }).type);

describe('webhooks', () => {
  it('delivers events signed the Standard Webhooks way, with id, type, createdAt and data', async () => {
    await claimOn(sb, '2026-05-05');
    await sb.deliverer.tick();
    expect(received.length).toBeGreaterThan(0);
    const wh = new Webhook(DEMO_WEBHOOK_SECRET);
    for (const r of received) {
      const verified = wh.verify(r.body, {
        'webhook-id': String(r.headers['webhook-id']),
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      }) as { id: string; type: string; createdAt: string; data: object };
      expect(verified.id).toBe(r.headers['webhook-id']);
      expect(r.headers['content-type']).toBe('application/json');
      expect(Object.keys(verified).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    }
    expect(() =>
      new Webhook(`whsec_${Buffer.from('wrong-secret').toString('base64')}`).verify(
        received[0]?.body ?? '',
        received[0]?.headers as Record<string, string>,
      ),
    ).toThrow();
  });

  it('emits every event type from the operation that causes it', async () => {
    const { project, claim } = await claimOn(sb, '2026-04-05');
    await sb.deliverer.tick();
    expect(types()).toEqual(expect.arrayContaining(['project.created', 'project.updated', 'claim.created', 'rental_debt.created']));
    received = [];
    await uploadClaimDocuments(sb, claim.id);
    await sb.call('POST', `/v1/claims/${claim.id}/apply`);
    await sb.deliverer.tick();
    expect(types()).toContain('claim.updated');
    received = [];
    await sb.call('POST', `/sandbox/claims/${claim.id}/validate`);
    await sb.deliverer.tick();
    expect(types()).toEqual(expect.arrayContaining(['claim.updated', 'rental_debt.updated']));
    received = [];
    const debt = await sb.call<RentalDebt>('POST', `/v1/claims/${claim.id}/rentaldebts`, {
      rentAmount: 800,
      rentAmountReceived: 0,
      rentDueDate: '2026-05-05',
    });
    await sb.deliverer.tick();
    expect(types()).toContain('rental_debt.created');
    received = [];
    await sb.call('PUT', `/v1/claims/${claim.id}/rentaldebts/${debt.body.id}`, { rentDueDate: '2026-05-05', rentAmount: 780 });
    await sb.deliverer.tick();
    expect(types()).toEqual(['rental_debt.updated']);
    received = [];
    const first = (await sb.call<RentalDebt[]>('GET', `/v1/claims/${claim.id}/rentaldebts`)).body[0];
    await sb.call('POST', `/sandbox/claims/${claim.id}/rentaldebts/${first?.id}/pay`);
    await sb.deliverer.tick();
    expect(types()).toContain('rental_debt.receipt.pending_signature');
    const pending = received.find((r) => r.body.includes('pending_signature'));
    expect(JSON.parse(pending?.body ?? '{}')).toMatchObject({ data: { claimId: claim.id, rentalDebtId: first?.id } });
    received = [];
    await sb.call('POST', `/sandbox/claims/${claim.id}/rentaldebts/${first?.id}/receipt/sign`);
    await sb.deliverer.tick();
    expect(types()).toContain('rental_debt.receipt.signed');
    received = [];
    await sb.call('POST', `/sandbox/projects/${project.id}/status`, { status: 12 });
    await sb.deliverer.tick();
    expect(types()).toEqual(['project.updated']);
  });

  it('tells about a tenant payment even when it moves no month to another status', async () => {
    const { claim } = await validatedClaim(sb, '2026-04-05');
    const month = (await sb.call<RentalDebt[]>('GET', `/v1/claims/${claim.id}/rentaldebts`)).body[0];
    await sb.call('POST', `/v1/claims/${claim.id}/payments`, { amount: 10, applyDate: await today(sb) });
    const statusAfterFirst = (await sb.call<RentalDebt[]>('GET', `/v1/claims/${claim.id}/rentaldebts`)).body[0]?.status;
    await sb.deliverer.tick();
    received = [];
    await sb.call('POST', `/v1/claims/${claim.id}/payments`, { amount: 15, applyDate: await today(sb) });
    const after = (await sb.call<RentalDebt[]>('GET', `/v1/claims/${claim.id}/rentaldebts`)).body[0];
    expect(after?.status).toBe(statusAfterFirst);
    await sb.deliverer.tick();
    expect(received.map((r) => JSON.parse(r.body) as { type: string; data: object })).toEqual([
      expect.objectContaining({
        type: 'rental_debt.updated',
        data: expect.objectContaining({
          rentalDebtId: month?.id,
          status: after?.status,
          previousStatus: after?.status,
          tenantPaidAmount: 25,
        }),
      }),
    ]);
  });

  it('retries a failed delivery with the same event id, and gives up after the last delay', async () => {
    failNext = 1;
    await sb.call('POST', `/v3/projects`, projectBody({ finance: { status: 0, monthlyIncome: 3000 } }));
    await sb.deliverer.tick();
    expect(received).toHaveLength(0);
    await sb.deliverer.tick();
    expect(types()).toEqual(['project.created']);
    const events = (await sb.call<{ id: string; attempts: number; deliveredAt: string | null }[]>('GET', '/sandbox/webhooks/events')).body;
    expect(events[0]).toMatchObject({ id: received[0]?.headers['webhook-id'], attempts: 2 });
    expect(events[0]?.deliveredAt).not.toBeNull();

    received = [];
    failNext = 10;
    await sb.call('POST', `/sandbox/reset`);
    await sb.call('POST', '/sandbox/clock', { advanceDays: 1 });
    const p = (await sb.call<{ items: { id: string; status: number }[] }>('GET', '/v3/projects?status=1')).body.items[0];
    await sb.call('POST', `/sandbox/projects/${p?.id}/documents/validate`);
    for (let i = 0; i < 4; i++) await sb.deliverer.tick();
    const failed = (await sb.call<{ type: string; attempts: number; failed: boolean }[]>('GET', '/sandbox/webhooks/events')).body[0];
    expect(failed).toMatchObject({ type: 'project.updated', attempts: 3, failed: true });
  });
});
