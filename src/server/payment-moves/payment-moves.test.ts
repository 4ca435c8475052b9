import { describe, expect, it } from 'vitest';
import type { RentalDebt, TenantPayment } from '../../contract/claims.js';
import { PaymentMoveListSchema, type PaymentMove } from '../../contract/payment-moves.js';
import { run } from '../../sandbox/db/database.js';
import { claimOn } from '../../sandbox/test/flows.js';
import { serverForTests } from '../test/harness.js';

const served = serverForTests('staff');

const moves = async (claimId: string): Promise<PaymentMove[]> => {
  const res = await served.client.call<PaymentMove[]>('GET', `/api/claims/${claimId}/payment-moves`);
  expect(res.status).toBe(200);
  return PaymentMoveListSchema.parse(res.body);
};
const declare = async (claimId: string, rentDueDate: string) =>
  expect(
    (await served.client.call('POST', `/api/v1/claims/${claimId}/rentaldebts`, { rentAmount: 800, rentAmountReceived: 0, rentDueDate }))
      .status,
  ).toBe(201);

describe('payments the partner moves', () => {
  it('are reported with where they were first seen, where they are, and since when', async () => {
    const sb = served.s.sandbox;
    if (!sb) throw new Error('this test needs the embedded sandbox');
    const { claim } = await claimOn(sb, '2026-03-05');
    // applies in May, not declared yet: the sandbox puts it on March
    const paid = await served.client.call<TenantPayment>('POST', `/api/v1/claims/${claim.id}/payments`, {
      amount: 300,
      applyDate: '2026-05-10',
    });
    expect(paid.body.allocations).toEqual([{ rentDueDate: '2026-03-01', amount: 300 }]);
    await declare(claim.id, '2026-04-05');
    // the sandbox keeps a payment where it was recorded
    expect(await moves(claim.id)).toEqual([]);
    // a partner that spreads again (the real service may): the sandbox forgets its fixed shares
    run(sb.ctx.db, 'UPDATE tenant_payments SET spread = NULL WHERE claim_id = ?', claim.id);
    await declare(claim.id, '2026-05-05');
    const seen = await moves(claim.id);
    expect(seen).toEqual([
      {
        paymentId: paid.body.id,
        from: [{ rentDueDate: '2026-03-01', amount: 300 }],
        to: [{ rentDueDate: '2026-05-01', amount: 300 }],
        seenOn: '2026-06-15',
      },
    ]);
    // read again: the same move, dated the day it was first seen
    expect(await moves(claim.id)).toEqual(seen);
  });

  it('does not report a payment changed through the dashboard, and forgets a deleted one', async () => {
    const sb = served.s.sandbox;
    if (!sb) throw new Error('this test needs the embedded sandbox');
    const { claim } = await claimOn(sb, '2026-03-05');
    await declare(claim.id, '2026-04-05');
    const paid = await served.client.call<TenantPayment>('POST', `/api/v1/claims/${claim.id}/payments`, {
      amount: 300,
      applyDate: '2026-03-10',
    });
    const changed = await served.client.call<TenantPayment>('PUT', `/api/v1/claims/${claim.id}/payments/${paid.body.id}`, {
      amount: 300,
      applyDate: '2026-04-10',
    });
    expect(changed.body.allocations).toEqual([{ rentDueDate: '2026-04-01', amount: 300 }]);
    expect(await moves(claim.id)).toEqual([]);
    expect((await served.client.call('DELETE', `/api/v1/claims/${claim.id}/payments/${paid.body.id}`)).status).toBe(200);
    expect(await moves(claim.id)).toEqual([]);
  });

  it('a corrected rent moves no payment: every other month keeps its figures, and nothing is reported moved', async () => {
    const sb = served.s.sandbox;
    if (!sb) throw new Error('this test needs the embedded sandbox');
    const { claim } = await claimOn(sb, '2026-03-05', { rentAmount: 550 });
    const months = async () =>
      (await served.client.call<RentalDebt[]>('GET', `/api/v1/claims/${claim.id}/rentaldebts`)).body
        .filter((d) => d.id !== null)
        .map((d) => [d.rentDueDate, d.rentAmount, d.tenantPaidAmount, d.amountDue]);
    const payments = async () => (await served.client.call<TenantPayment[]>('GET', `/api/v1/claims/${claim.id}/payments`)).body;
    const add = (rentDueDate: string) =>
      served.client.call<RentalDebt>('POST', `/api/v1/claims/${claim.id}/rentaldebts`, {
        rentAmount: 550,
        rentAmountReceived: 0,
        rentDueDate,
      });
    await add('2026-04-05');
    // 740 for March (the rest on April), then 550 for May before May was declared: on April, over what it owes
    await served.client.call('POST', `/api/v1/claims/${claim.id}/payments`, { amount: 740, applyDate: '2026-03-20' });
    await served.client.call('POST', `/api/v1/claims/${claim.id}/payments`, { amount: 550, applyDate: '2026-05-10' });
    const may = await add('2026-05-05');
    const spread = (await payments()).map((p) => p.allocations);
    expect(await moves(claim.id)).toEqual([]);
    const fixed = await served.client.call('PUT', `/api/v1/claims/${claim.id}/rentaldebts/${may.body.id}`, {
      rentAmount: 560,
      rentDueDate: '2026-05-05',
    });
    expect(fixed.status).toBe(200);
    expect((await payments()).map((p) => p.allocations)).toEqual(spread);
    expect(await months()).toEqual([
      ['2026-03-05', 550, 550, 0],
      ['2026-04-05', 550, 740, 0],
      ['2026-05-05', 560, 0, 560],
    ]);
    expect(await moves(claim.id)).toEqual([]);
  });

  it('is refused to a user who is not signed in', async () => {
    expect((await served.s.client().call('GET', '/api/claims/3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e51/payment-moves')).status).toBe(401);
  });
});
