import { describe, expect, it } from 'vitest';
import { correctionEffect, monthOutstanding, monthOverpaid, spreadPayment } from './allocation.js';

const m = (month: string, owing: number) => ({ key: month, month, owing });

describe('spreadPayment (the rule the payment form previews and the sandbox applies)', () => {
  it('goes to the month of its apply date first', () => {
    expect(spreadPayment([m('2026-08', 80000), m('2026-09', 80000)], 30000, '2026-09-22')).toEqual([
      { key: '2026-09', month: '2026-09', amount: 30000 },
    ]);
  });
  it('goes to the oldest month still owing when its apply month is not declared', () => {
    expect(spreadPayment([m('2026-08', 0), m('2026-09', 80000)], 15000, '2026-11-22')).toEqual([
      { key: '2026-09', month: '2026-09', amount: 15000 },
    ]);
  });
  it('spreads what the apply month does not need oldest first, and keeps the surplus on the apply month', () => {
    expect(spreadPayment([m('2026-08', 20000), m('2026-09', 10000), m('2026-10', 5000)], 50000, '2026-09-01')).toEqual([
      { key: '2026-08', month: '2026-08', amount: 20000 },
      { key: '2026-09', month: '2026-09', amount: 25000 },
      { key: '2026-10', month: '2026-10', amount: 5000 },
    ]);
  });
  it('keeps a surplus on the last declared month when the apply month is not declared', () => {
    expect(spreadPayment([m('2026-08', 0), m('2026-09', 0)], 1000, '2026-12-01')).toEqual([
      { key: '2026-09', month: '2026-09', amount: 1000 },
    ]);
  });
});

describe('correctionEffect: what a corrected rent changes on its month', () => {
  const december = { rent: 55000, received: 0, tenant: 19000, guarantor: 0 };
  it('moves what the month owes by the difference; the payments stay', () => {
    expect(correctionEffect(december, 56000)).toEqual({ dueBefore: 36000, dueAfter: 37000, overpaid: 0 });
  });
  it('says what came in beyond a rent lowered under it', () => {
    expect(correctionEffect({ ...december, received: 12050 }, 30000)).toEqual({ dueBefore: 23950, dueAfter: 0, overpaid: 1050 });
  });
});

describe('monthOverpaid: what came in on a month beyond its rent', () => {
  it('is what outstanding is not: a month owes or is overpaid, never both, and rent = paid + outstanding − overpaid', () => {
    for (const m of [
      { rent: 65000, received: 0, tenant: 120050, guarantor: 0 },
      { rent: 65000, received: 12050, tenant: 10000, guarantor: 0 },
      { rent: 65000, received: 0, tenant: 0, guarantor: 65000 },
    ]) {
      const paid = m.received + m.tenant + m.guarantor;
      expect(Math.min(monthOverpaid(m), monthOutstanding(m))).toBe(0);
      expect(paid + monthOutstanding(m) - monthOverpaid(m)).toBe(m.rent);
    }
    expect(monthOverpaid({ rent: 65000, received: 0, tenant: 120050, guarantor: 0 })).toBe(55050);
  });
});
