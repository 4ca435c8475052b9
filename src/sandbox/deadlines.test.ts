import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RentalDebt } from '../contract/claims.js';
import type { ErrorEnvelope } from '../contract/errors.js';
import { startSandbox, type TestSandbox } from './test/harness.js';
import { claimOn, validatedClaim } from './test/flows.js';

// Real date of the sandbox: 2026-06-15; each test sets the clock it needs.
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: false, now: () => new Date('2026-06-15T10:00:00Z') });
});
afterAll(() => sb.close());
beforeEach(async () => {
  await sb.call('POST', '/sandbox/clock', { today: '2026-06-15' });
});

const months = async (id: string) => (await sb.call<RentalDebt[]>('GET', `/v1/claims/${id}/rentaldebts`)).body;
const statusOf = async (id: string) => (await months(id)).map((m) => [m.rentDueDate, m.status]);
const setToday = async (today: string) => expect((await sb.call('POST', '/sandbox/clock', { today })).status).toBe(200);
const declare = (claimId: string, rentDueDate: string) =>
  sb.call<RentalDebt & ErrorEnvelope>('POST', `/v1/claims/${claimId}/rentaldebts`, { rentAmount: 800, rentAmountReceived: 0, rentDueDate });

describe('declaration deadline (statuses 60 and 31)', () => {
  it("gives the months already past when a claim is opened 45 days from its opening, then lists them as 60 (a later month's deadline is its due date + 45)", async () => {
    const { claim } = await claimOn(sb, '2026-04-05'); // opened 2026-06-15
    expect(await statusOf(claim.id)).toEqual([
      ['2026-04-05', 13],
      ['2026-05-05', 10],
      ['2026-06-05', 10],
    ]);
    await setToday('2026-07-30'); // the 45th day after the opening: still in time
    expect((await months(claim.id)).slice(1).map((m) => m.status)).toEqual([10, 10, 10]);
    await setToday('2026-07-31');
    expect(await statusOf(claim.id)).toEqual([
      ['2026-04-05', 13],
      ['2026-05-05', 60],
      ['2026-06-05', 60],
      ['2026-07-05', 10], // due 07-05: in time until 08-19
    ]);
    await setToday('2026-08-20');
    expect((await months(claim.id)).at(-2)).toMatchObject({ rentDueDate: '2026-07-05', status: 60, id: null });
  });

  it('blocks a month declared past its deadline (31) and the months declared after it (14) until the back office unblocks it', async () => {
    const { claim } = await validatedClaim(sb, '2026-05-05');
    await setToday('2026-08-01');
    const late = await declare(claim.id, '2026-06-05');
    expect(late.status).toBe(201);
    expect(late.body.status).toBe(31);
    expect((await declare(claim.id, '2026-07-05')).body.status).toBe(14);
    expect((await months(claim.id)).map((m) => m.status)).toEqual([20, 31, 14, 10]);

    const unblocked = await sb.call<RentalDebt>('POST', `/sandbox/claims/${claim.id}/rentaldebts/${late.body.id}/unblock`);
    expect(unblocked.status).toBe(200);
    expect(unblocked.body.status).toBe(12); // after May, which awaits the guarantor's payment
    expect((await months(claim.id)).map((m) => m.status)).toEqual([20, 12, 12, 10]);
    const again = await sb.call<ErrorEnvelope>('POST', `/sandbox/claims/${claim.id}/rentaldebts/${late.body.id}/unblock`);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('E0200');
  });

  it('never blocks a month declared in time, however late the clock moves afterwards', async () => {
    const { claim } = await validatedClaim(sb, '2026-05-05');
    await setToday('2026-07-10');
    expect((await declare(claim.id, '2026-06-05')).body.status).toBe(12);
    await setToday('2026-12-01');
    const list = await months(claim.id);
    expect(list.slice(0, 2).map((m) => m.status)).toEqual([20, 12]);
    expect(list.slice(2, 4).every((m) => m.status === 60)).toBe(true);
  });

  it("leaves a closed claim's undeclared months Virtual (10): nothing is to declare there", async () => {
    const { claim } = await claimOn(sb, '2026-05-05');
    await sb.call('POST', `/sandbox/claims/${claim.id}/status`, { status: 140 });
    await setToday('2026-10-01');
    expect((await months(claim.id)).slice(1).every((m) => m.status === 10)).toBe(true);
  });
});
