import { describe, expect, it } from 'vitest';
import type { RentalDebt } from '../../contract/claims.js';
import { sumEuros } from '../../contract/money.js';
import type { ClaimFigures } from '../../contract/stats.js';
import { claimFigures } from './figures.js';

const CLAIM = '6f1c8a52-3d0e-4b7a-9c1e-2a5d7b9e0c11';
let n = 0;
function month(rentDueDate: string, rent: number | null, received: number, tenant: number, guarantor: number): RentalDebt {
  const declared = rent !== null;
  return {
    id: declared ? `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` : null,
    claimId: CLAIM,
    status: declared ? 20 : 10,
    rentDueDate,
    rentAmount: rent,
    rentAmountReceived: received,
    rentAmountReceivedDate: null,
    tenantPaidAmount: tenant,
    guarantorPaidAmount: guarantor,
    amountDue: Math.max(0, (rent ?? 0) - received - tenant - guarantor),
    receiptStatus: null,
    receiptSignedAt: null,
    createdAt: null,
  };
}

/** The sum the page and the CSV show: every term, so the rents are accounted for to the cent. */
const addsUp = (f: ClaimFigures) =>
  expect(sumEuros([f.receivedAtDeclaration, f.tenantPayments, f.guarantor, f.outstanding, -f.overpaid])).toBe(f.rent);

const claims = [
  [
    month('2026-08-05', 812.5, 100, 0, 712.5), // paid by the guarantor
    month('2026-09-05', 812.5, 0, 150.1, 0), // part paid by the tenant
    month('2026-10-05', 812.5, 0, 900, 0), // overpaid by the tenant: 87.50 beyond the rent
    month('2026-11-05', null, 0, 0, 0), // still to declare: no rent
  ],
  [month('2026-09-01', 650, 0, 0, 0), month('2026-10-01', 650.33, 0, 0.33, 650)],
];

describe('the claims figures add up', () => {
  it('over every declared month: rent = received + tenant + guarantor + outstanding − overpaid', () => {
    const f = claimFigures(claims, {}, '2026-11-20T10:00:00.000Z');
    expect(f).toMatchObject({
      claims: 2,
      months: 5,
      firstMonth: '2026-08',
      lastMonth: '2026-10',
      rent: 3737.83,
      receivedAtDeclaration: 100,
      tenantPayments: 1050.43,
      guarantor: 1362.5,
      outstanding: 1312.4,
      overpaid: 87.5,
    });
    addsUp(f);
  });

  it('over a period: only the months whose rent fell due in it, and two periods make the whole', () => {
    const before = claimFigures(claims, { to: '2026-08' }, '2026-11-20T10:00:00.000Z');
    const after = claimFigures(claims, { from: '2026-09' }, '2026-11-20T10:00:00.000Z');
    const all = claimFigures(claims, {}, '2026-11-20T10:00:00.000Z');
    expect(before).toMatchObject({ claims: 1, months: 1, rent: 812.5, from: null, to: '2026-08' });
    expect(after).toMatchObject({ claims: 2, months: 4, firstMonth: '2026-09', lastMonth: '2026-10' });
    for (const f of [before, after]) addsUp(f);
    for (const k of ['rent', 'receivedAtDeclaration', 'tenantPayments', 'guarantor', 'outstanding', 'overpaid'] as const)
      expect(sumEuros([before[k], after[k]])).toBe(all[k]);
    const none = claimFigures(claims, { from: '2027-01' }, '2026-11-20T10:00:00.000Z');
    expect(none).toMatchObject({ claims: 0, months: 0, rent: 0, firstMonth: null, lastMonth: null });
  });
});
