import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentalDebt } from '../../contract/claims.js';
import { DAY_MS } from '../../contract/dates.js';
import { RoundSchema, RoundSummarySchema, declarationTarget, type Round } from '../../contract/round.js';
import { claimOn, validatedClaim } from '../../sandbox/test/flows.js';
import type { TestSandbox } from '../../sandbox/test/harness.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';

// Sandbox clock 2026-06-15; the agency declares by the 10th (DECLARATION_DAY).
let s: TestServer;
let sb: TestSandbox;
let staff: Client;
beforeAll(async () => {
  s = await startServer({ sandbox: { seed: false, now: () => new Date('2026-06-15T10:00:00Z') }, env: { DECLARATION_DAY: '10' } });
  if (!s.sandbox) throw new Error('no sandbox');
  sb = s.sandbox;
  staff = await s.signedIn('staff');
  // the round reads the read model once its initial sync is done (before, the partner)
  await s.sync.runInitial();
});
afterAll(() => s.close());

async function round(c: Client = staff): Promise<Round> {
  const res = await c.call<Round>('GET', '/api/round');
  expect(res.status).toBe(200);
  return RoundSchema.parse(res.body);
}
const rowOf = (r: Round, claimId: string) => r.rows.find((x) => x.claimId === claimId);
/** A reconciliation pass: what was changed on the sandbox directly (no webhooks here) reaches the read model. */
const synced = async () => expect((await s.sync.runPass()).errors).toBe(0);
const declare = (claimId: string, body: Record<string, unknown>, key = randomUUID()) =>
  staff.call<RentalDebt & { code?: string }>('POST', `/api/v1/claims/${claimId}/rentaldebts`, body, { 'idempotency-key': key });

describe('GET /api/round', () => {
  it('is for signed-in users only', async () => {
    expect((await s.client().call('GET', '/api/round')).status).toBe(401);
  });

  it("lists an open claim's months due, oldest first, with the rent of its last declared month and the agency's target", async () => {
    const { claim } = await claimOn(sb, '2026-03-05');
    // made on the partner's side: the round shows it once the read model has synced it
    expect(rowOf(await round(), claim.id)).toBeUndefined();
    await synced();
    const first = await round();
    expect(first).toMatchObject({ today: '2026-06-15', declarationDay: 10 });
    expect(rowOf(first, claim.id)).toMatchObject({
      projectId: claim.projectId,
      tenant: { firstName: claim.tenant.firstName, lastName: claim.tenant.lastName },
      months: [
        { rentDueDate: '2026-04-05', status: 10 },
        { rentDueDate: '2026-05-05', status: 10 },
        { rentDueDate: '2026-06-05', status: 10 },
      ],
      monthCount: 3,
      rentAmount: 800,
      blockedLate: 0,
      target: '2026-04-10',
      daysLeft: -66,
    });
    // declared at another rent through the server: the write's re-read moves the row to the next
    // month, prefilled with that rent (no sync pass in between)
    expect((await declare(claim.id, { rentDueDate: '2026-04-05', rentAmount: 850, rentAmountReceived: 0 })).status).toBe(201);
    expect(rowOf(await round(), claim.id)).toMatchObject({
      months: [{ rentDueDate: '2026-05-05' }, { rentDueDate: '2026-06-05' }],
      rentAmount: 850,
    });
    for (const rentDueDate of ['2026-05-05', '2026-06-05'])
      expect((await declare(claim.id, { rentDueDate, rentAmount: 850, rentAmountReceived: 0 })).status).toBe(201);
    expect(rowOf(await round(), claim.id)).toBeUndefined();
  });

  it('leaves out a closed claim, and answers intermediaries too', async () => {
    const { claim } = await claimOn(sb, '2026-04-05');
    await synced();
    expect(rowOf(await round(await s.signedIn('intermediary')), claim.id)?.monthCount).toBe(2);
    // closed on the partner's side: listed until the read model hears of it, gone after a sync
    await sb.call('POST', `/sandbox/claims/${claim.id}/status`, { status: 140 });
    expect(rowOf(await round(), claim.id)?.monthCount).toBe(2);
    await synced();
    expect(rowOf(await round(), claim.id)).toBeUndefined();
  });

  it("shows the partner's late statuses as given: 60 for a month past its deadline, and the months it blocked (31) once declared", async () => {
    const { claim } = await validatedClaim(sb, '2026-05-05');
    // through the server's back office: it forgets its "today" at once; the statuses the clock
    // changed reach the read model with the pass it asks for
    const clock = (today: string) => staff.call('POST', '/api/sandbox/clock', { today });
    expect((await clock('2026-08-01')).status).toBe(200);
    try {
      await synced();
      const before = rowOf(await round(), claim.id);
      expect(before?.months.map((m) => m.status)).toEqual([60, 10]);
      expect((await declare(claim.id, { rentDueDate: '2026-06-05', rentAmount: 800, rentAmountReceived: 0 })).body.status).toBe(31);
      expect(rowOf(await round(), claim.id)).toMatchObject({ months: [{ rentDueDate: '2026-07-05', status: 10 }], blockedLate: 1 });
    } finally {
      await clock('2026-06-15');
      await synced();
    }
  });

  it('resumes an interrupted round from the synced state: a month declared is never shown again, a sent one that failed stays', async () => {
    const { claim } = await claimOn(sb, '2026-04-05');
    await synced();
    // a tab closed after its first declaration: the next reader gets the month after it
    expect((await declare(claim.id, { rentDueDate: '2026-05-05', rentAmount: 800, rentAmountReceived: 0 })).status).toBe(201);
    expect((await declare(claim.id, { rentDueDate: '2026-07-05', rentAmount: 800, rentAmountReceived: 0 })).body.code).toBe('E0201');
    expect(rowOf(await round(), claim.id)).toMatchObject({ months: [{ rentDueDate: '2026-06-05' }], monthCount: 1 });
  });

  it('says when its data was read from the partner (the read model, not the moment of the request)', async () => {
    const before = Date.now();
    await synced();
    const r = await round();
    expect(r.asOf).not.toBeNull();
    // the oldest claim behind the rows was read by the pass just made (or later, by a write's re-read),
    // said on the partner's clock, as the round's "today"
    const shift = Math.round((Date.parse(r.generatedAt) - Date.now()) / DAY_MS) * DAY_MS;
    expect((r.asOf ?? 0) - shift).toBeGreaterThanOrEqual(before);
    expect((r.asOf ?? 0) - shift).toBeLessThanOrEqual(Date.now());
  });

  it('an Idempotency-Key repeated for the same month declares it once', async () => {
    const { claim } = await claimOn(sb, '2026-05-05');
    const key = randomUUID();
    const body = { rentDueDate: '2026-06-05', rentAmount: 800, rentAmountReceived: 0 };
    const [a, b] = await Promise.all([declare(claim.id, body, key), declare(claim.id, body, key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    const months = (await sb.call<RentalDebt[]>('GET', `/v1/claims/${claim.id}/rentaldebts`)).body;
    expect(months.filter((m) => m.id !== null)).toHaveLength(2);
  });
});

describe("what is due: one rule for the round and the menu's badge", () => {
  it('counts a month due today in the round and in its summary alike', async () => {
    // due on the 15th, today the 15th: declarable today (the partner refuses only later months)
    const { claim } = await claimOn(sb, '2026-05-15');
    await synced();
    const r = await round();
    expect(rowOf(r, claim.id)).toMatchObject({ months: [{ rentDueDate: '2026-06-15' }], monthCount: 1, daysLeft: 25 });
    const res = await staff.call('GET', '/api/round/summary');
    expect(res.status).toBe(200);
    expect(RoundSummarySchema.parse(res.body)).toEqual({ claims: r.rows.length, monthsDue: r.monthsDue });
    expect((await s.client().call('GET', '/api/round/summary')).status).toBe(401);
  });
});

describe('declarationTarget', () => {
  it('is the first declaration day on or after the due date', () => {
    expect(declarationTarget('2026-04-05', 20)).toBe('2026-04-20');
    expect(declarationTarget('2026-04-20', 20)).toBe('2026-04-20');
    expect(declarationTarget('2026-04-25', 20)).toBe('2026-05-20');
    expect(declarationTarget('2026-12-31', 10)).toBe('2027-01-10');
  });
});
