import { describe, expect, it } from 'vitest';
import { allocatePayments, deriveStatuses, type LedgerDebt } from './ledger.js';

const debt = (month: string, rent = 80000, extra: Partial<LedgerDebt> = {}): LedgerDebt => ({
  id: month,
  month,
  rentAmount: rent,
  received: 0,
  guarantorPaid: 0,
  receiptStatus: null,
  ...extra,
});

describe('allocatePayments', () => {
  it('puts a payment on the month of its apply date first', () => {
    const r = allocatePayments([debt('2026-01'), debt('2026-02')], [{ id: 'p', amount: 30000, applyDate: '2026-02-10' }]);
    expect(r.allocations.get('p')).toEqual([{ debtId: '2026-02', month: '2026-02', amount: 30000 }]);
  });
  it('spreads what an already-paid month does not need over the other unpaid months, oldest first', () => {
    const debts = [debt('2026-01'), debt('2026-02', 80000, { guarantorPaid: 80000 }), debt('2026-03')];
    const r = allocatePayments(debts, [{ id: 'p', amount: 100000, applyDate: '2026-02-03' }]);
    expect(r.allocations.get('p')).toEqual([
      { debtId: '2026-01', month: '2026-01', amount: 80000 },
      { debtId: '2026-03', month: '2026-03', amount: 20000 },
    ]);
  });
  it('keeps what no month needs on the apply month (overpaid), or on the last month when the apply month is not declared', () => {
    const r = allocatePayments(
      [debt('2026-01')],
      [
        { id: 'p', amount: 90000, applyDate: '2026-01-05' },
        { id: 'q', amount: 100, applyDate: '2026-07-01' },
      ],
    );
    expect(r.tenantPaid.get('2026-01')).toBe(90100);
  });
  it('replays payments in order, counting the part received at declaration', () => {
    const r = allocatePayments(
      [debt('2026-01', 80000, { received: 50000 }), debt('2026-02')],
      [{ id: 'a', amount: 40000, applyDate: '2026-01-31' }],
    );
    expect(r.allocations.get('a')).toEqual([
      { debtId: '2026-01', month: '2026-01', amount: 30000 },
      { debtId: '2026-02', month: '2026-02', amount: 10000 },
    ]);
  });
});

describe('allocatePayments with payments already spread', () => {
  it('keeps their shares where they were and spreads only the new one over what is still owed', () => {
    const debts = [debt('2026-01'), debt('2026-02'), debt('2026-03')];
    const r = allocatePayments(debts, [
      // spread when only January was declared: stays there although March, its apply month, is now declared
      { id: 'old', amount: 15000, applyDate: '2026-03-22', spread: [{ debtId: '2026-01', amount: 15000 }] },
      { id: 'new', amount: 70000, applyDate: '2026-01-10' },
    ]);
    expect(r.allocations.get('old')).toEqual([{ debtId: '2026-01', month: '2026-01', amount: 15000 }]);
    expect(r.allocations.get('new')).toEqual([
      { debtId: '2026-01', month: '2026-01', amount: 65000 },
      { debtId: '2026-02', month: '2026-02', amount: 5000 },
    ]);
  });
});

describe('deriveStatuses', () => {
  const none = new Map<string, number>();
  it('keeps unpaid months PendingClaimStatus (13) until the claim is validated', () => {
    expect([...deriveStatuses([debt('2026-01'), debt('2026-02')], none, 20, 80000).values()]).toEqual([13, 13]);
  });
  it('pays month after month once validated: 20 then 12; 11 after a receipt pending signature', () => {
    expect([...deriveStatuses([debt('2026-01'), debt('2026-02')], none, 30, 80000).values()]).toEqual([20, 12]);
    const paid = [debt('2026-01', 80000, { guarantorPaid: 80000, receiptStatus: 1 }), debt('2026-02')];
    expect([...deriveStatuses(paid, none, 30, 80000).values()]).toEqual([40, 11]);
    paid[0] = { ...(paid[0] as LedgerDebt), receiptStatus: 2 };
    expect([...deriveStatuses(paid, none, 30, 80000).values()]).toEqual([40, 20]);
  });
  it('derives 41 partially paid, 50 tenant paid, 42 overpaid', () => {
    const debts = [debt('2026-01', 80000, { guarantorPaid: 10000, receiptStatus: 2 }), debt('2026-02'), debt('2026-03')];
    const tenant = new Map([
      ['2026-02', 80000],
      ['2026-03', 90000],
    ]);
    expect([...deriveStatuses(debts, tenant, 30, 80000).values()]).toEqual([41, 50, 42]);
  });
  it('blocks a rent more than 10% above the first (30) and holds the later months (14)', () => {
    expect([...deriveStatuses([debt('2026-01'), debt('2026-02', 88100), debt('2026-03')], none, 30, 80000).values()]).toEqual([20, 30, 14]);
    expect([...deriveStatuses([debt('2026-01'), debt('2026-02', 88000)], none, 30, 80000).values()]).toEqual([20, 12]);
  });
});
