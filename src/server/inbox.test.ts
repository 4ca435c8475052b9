import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentalDebt } from '../contract/claims.js';
import { InboxSchema, inboxKey, type Inbox } from '../contract/inbox.js';
import { projectAt, claimOn, uploadClaimDocuments, validatedClaim } from '../sandbox/test/flows.js';
import type { TestSandbox } from '../sandbox/test/harness.js';
import { run } from '../sandbox/db/database.js';
import { startServer, type Client, type TestServer } from './test/harness.js';

let s: TestServer;
let sb: TestSandbox;
let staff: Client;
beforeAll(async () => {
  s = await startServer({ sandbox: { now: () => new Date('2026-06-15T10:00:00Z') } });
  if (!s.sandbox) throw new Error('no sandbox');
  sb = s.sandbox;
  staff = await s.signedIn('staff');
  run(sb.ctx.db, 'UPDATE organizations SET webhook_url = ?', `${s.url}/webhooks/partner`);
});
afterAll(() => s.close());

async function inbox(c: Client = staff): Promise<Inbox> {
  await deliver();
  const res = await c.call<Inbox>('GET', '/api/inbox');
  expect(res.status).toBe(200);
  return InboxSchema.parse(res.body);
}

const keys = (i: Inbox) => [...i.claims, ...i.projects].map(inboxKey);

/** The partner delivers its pending events (webhooks) to this server, as it does in production. */
const deliver = () => sb.deliverer.tick();

describe('GET /api/inbox', () => {
  it('is for signed-in users only', async () => {
    expect((await s.client().call('GET', '/api/inbox')).status).toBe(401);
  });

  it('gathers what awaits the agency across projects and claims, and only claims for an intermediary', async () => {
    const p0 = await projectAt(sb, 0);
    const p2 = await projectAt(sb, 2);
    const p5 = await projectAt(sb, 5);
    const p12 = await projectAt(sb, 7);
    expect((await sb.call('POST', `/sandbox/projects/${p12.id}/status`, { status: 12 })).status).toBe(200);
    const { project: active, claim } = await claimOn(sb, '2026-03-05');

    const first = await inbox();
    expect(keys(first)).toEqual(
      expect.arrayContaining([
        `claim.month:${claim.id}:2026-04-01`,
        `claim.month:${claim.id}:2026-05-01`,
        `claim.month:${claim.id}:2026-06-01`,
        `claim.documents:${claim.id}`,
        `project.documents:${p0.id}`,
        `project.rent:${p2.id}`,
        `project.ending:${p12.id}`,
      ]),
    );
    // months oldest first, with their delay; the declared first month is not asked again
    expect(first.claims.filter((i) => i.kind === 'claim.month').map((i) => [i.month, i.daysLate])).toEqual([
      ['2026-04-01', 75],
      ['2026-05-01', 45],
      ['2026-06-01', 14],
    ]);
    expect(first.claims.find((i) => i.kind === 'claim.documents')).toMatchObject({ missing: [1, 2, 3] });
    const required = (await sb.call<{ documentType: number }[]>('GET', `/v3/projects/${p0.id}/required`)).body;
    expect(required.length).toBeGreaterThan(0);
    expect(first.projects.find((i) => i.kind === 'project.documents')).toMatchObject({ missing: required.map((r) => r.documentType) });
    // waiting on the tenant's signature since today: not yet too long; an active contract awaits nothing
    expect(keys(first).some((k) => k.includes(p5.id) || k.includes(active.id))).toBe(false);

    // 8 days later (moved through the server) the signature has been pending too long
    expect((await staff.call('POST', '/api/sandbox/clock', { advanceDays: 8 })).status).toBe(200);
    const later = await inbox();
    expect(later.today).toBe('2026-06-23');
    expect(later.projects.find((i) => inboxKey(i) === `project.waiting:${p5.id}`)).toMatchObject({ status: 5, days: 8 });
    expect(later.claims.find((i) => i.kind === 'claim.month' && i.month === '2026-04-01')).toMatchObject({ daysLate: 83 });

    const intermediary = await inbox(await s.signedIn('intermediary'));
    expect(intermediary.projects).toEqual([]);
    expect(intermediary.claims.map(inboxKey)).toEqual(later.claims.map(inboxKey));
  });

  it('drops an item as soon as it is done through the server', async () => {
    const { claim } = await claimOn(sb, '2026-04-05');
    expect(keys(await inbox())).toContain(`claim.month:${claim.id}:2026-05-01`);
    const declared = await staff.call('POST', `/api/v1/claims/${claim.id}/rentaldebts`, {
      rentAmount: 800,
      rentAmountReceived: 0,
      rentDueDate: '2026-05-05',
    });
    expect(declared.status).toBe(201);
    const after = keys(await inbox());
    expect(after).not.toContain(`claim.month:${claim.id}:2026-05-01`);
    expect(after).toContain(`claim.month:${claim.id}:2026-06-01`);
  });

  it('keeps its reads briefly, and forgets a claim when a partner event names it', async () => {
    const { claim } = await claimOn(sb, '2026-05-05');
    expect(keys(await inbox())).toContain(`claim.documents:${claim.id}`);
    // straight to the partner, not through this server: no event, so the short cache still answers
    await uploadClaimDocuments(sb, claim.id);
    expect(keys(await inbox())).toContain(`claim.documents:${claim.id}`);
    // applying emits claim.updated: delivered to this server, the inbox forgets that claim
    expect((await sb.call('POST', `/v1/claims/${claim.id}/apply`)).status).toBe(200);
    expect(keys(await inbox())).not.toContain(`claim.documents:${claim.id}`);
  });

  it('answers from its cache when nothing changed, even across a sign-in', async () => {
    await inbox();
    const before = s.hits.length;
    await s.signedIn('manager');
    await inbox();
    expect(s.hits.slice(before).filter((h) => h.includes('/v1/') || h.includes('/v3/'))).toEqual([]);
  });

  it('lists a receipt awaiting signature until it is signed', async () => {
    const { claim } = await validatedClaim(sb, '2026-05-05');
    const [month] = (await sb.call<RentalDebt[]>('GET', `/v1/claims/${claim.id}/rentaldebts`)).body;
    expect((await staff.call('POST', `/api/sandbox/claims/${claim.id}/rentaldebts/${month?.id}/pay`)).status).toBe(200);
    expect(keys(await inbox())).toContain(`claim.receipt:${claim.id}:2026-05-05`);
    expect((await staff.call('POST', `/api/sandbox/claims/${claim.id}/rentaldebts/${month?.id}/receipt/sign`)).status).toBe(200);
    expect(keys(await inbox())).not.toContain(`claim.receipt:${claim.id}:2026-05-05`);
  });

  it('a closed claim leaves the inbox', async () => {
    const { claim } = await claimOn(sb, '2026-05-05');
    expect(keys(await inbox()).some((k) => k.includes(claim.id))).toBe(true);
    expect((await staff.call('POST', `/api/sandbox/claims/${claim.id}/status`, { status: 140 })).status).toBe(200);
    expect(keys(await inbox()).some((k) => k.includes(claim.id))).toBe(false);
  });
});
