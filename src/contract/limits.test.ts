import { describe, expect, it } from 'vitest';
import { DocumentCommentSchema, makeClaimCreateBodySchema, makePaymentBodySchema } from './claims.js';
import { FinanceMoneySchema, MoneySchema, NameSchema, PlausibleDateSchema } from './common.js';
import { makeProjectCreateBodySchema, makeRentalInfoBodySchema } from './projects.js';
import { phone, rent } from './test-bodies.js';

const ok = (r: { success: boolean }) => r.success;

describe('plausible bounds (limits.ts)', () => {
  it('dates from 1900 to 2199', () => {
    expect(['0100-01-05', '1899-12-31', '2200-01-01'].map((d) => ok(PlausibleDateSchema.safeParse(d)))).toEqual([false, false, false]);
    expect(['1900-01-01', '2199-12-31'].map((d) => ok(PlausibleDateSchema.safeParse(d)))).toEqual([true, true]);
  });
  it('money: finite, two decimals, at most 1,000,000 (finance: 100,000,000)', () => {
    for (const n of [1e300, 1e15, 2 ** 53 + 1, Infinity, NaN, 1_000_000.01]) expect(ok(MoneySchema.safeParse(n)), String(n)).toBe(false);
    expect(ok(MoneySchema.safeParse(1_000_000))).toBe(true);
    expect(ok(FinanceMoneySchema.safeParse(50_000_000))).toBe(true);
    expect(ok(FinanceMoneySchema.safeParse(1e9))).toBe(false);
  });
  it('names: any script, no control character, at most 100 characters', () => {
    for (const n of ['Łukasz Nguyễn-Ødegaard', 'Zoë Dœuf', '王小明', 'Zoé 😀']) expect(ok(NameSchema.safeParse(n)), n).toBe(true);
    for (const n of ['a\u0000b', 'a\nb', 'a\u001bb', 'a\u0085b', '\ud800', 'x'.repeat(101)])
      expect(ok(NameSchema.safeParse(n))).toBe(false);
  });
  it('a comment keeps its line breaks, not other control characters, and 1,000 characters at most', () => {
    expect(ok(DocumentCommentSchema.safeParse('ligne 1\nligne 2\tfin'))).toBe(true);
    expect(ok(DocumentCommentSchema.safeParse('a\u0000'))).toBe(false);
    expect(ok(DocumentCommentSchema.safeParse('x'.repeat(1001)))).toBe(false);
  });
  it('windows around today: first unpaid month, payments, birth dates, lease start', () => {
    const claim = (rentDueDate: string) => ({
      rentAmount: 700,
      rentAmountReceived: 0,
      rentDueDate,
      legalInfo: { firstName: 'A', lastName: 'B', email: 'a@b.fr', phone },
      mainOwnerEmail: 'o@p.fr',
    });
    const s = makeClaimCreateBodySchema('2026-06-15');
    expect([ok(s.safeParse(claim('2023-05-31'))), ok(s.safeParse(claim('2023-06-01')))]).toEqual([false, true]);
    const p = makePaymentBodySchema('2026-06-15');
    expect(['2016-05-31', '2016-06-01', '2026-07-16', '2026-07-17'].map((d) => ok(p.safeParse({ amount: 1, applyDate: d })))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    const profile = (dateOfBirth: string) => ({ gender: 1, firstName: 'A', lastName: 'B', email: 'a@b.fr', dateOfBirth, phone });
    const proj = makeProjectCreateBodySchema('2026-06-15');
    expect(['2008-06-15', '2008-06-16'].map((d) => ok(proj.safeParse({ profile: profile(d), finance: { status: 4 } })))).toEqual([
      true,
      false,
    ]);
    const r = makeRentalInfoBodySchema('2026-06-15');
    expect(['2027-06-15', '2027-06-16'].map((d) => ok(r.safeParse({ ...rent, startLease: d })))).toEqual([true, false]);
  });
});
