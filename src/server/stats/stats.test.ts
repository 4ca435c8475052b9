import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../../contract/errors.js';
import { partnerToday } from '../../contract/dates.js';
import { sumEuros } from '../../contract/money.js';
import type { ClaimFigures, OrganizationStats } from '../../contract/stats.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';
import { figuresCsv } from './routes.js';

let s: TestServer;
let manager: Client;
beforeAll(async () => {
  s = await startServer({ sandbox: { seed: true, seedScale: { projects: 30, claims: 8 }, now: () => new Date('2026-06-15T10:00:00Z') } });
  manager = await s.signedIn('manager');
});
afterAll(() => s.close());

const figures = async (query = '') => {
  const res = await manager.call<ClaimFigures>('GET', `/api/stats/claims${query}`);
  expect(res.status).toBe(200);
  return res.body;
};
const rowsOf = (text: string, delimiter: string) => parse(text, { delimiter, bom: true, relax_column_count: true }) as string[][];

describe('the claims figures (/api/stats/claims)', () => {
  it('add up to the cent, and over every month equal the partner’s own totals', async () => {
    const f = await figures();
    expect(f.months).toBeGreaterThan(0);
    expect(f.tenantPayments + f.receivedAtDeclaration).toBeGreaterThan(0);
    expect(sumEuros([f.receivedAtDeclaration, f.tenantPayments, f.guarantor, f.outstanding, -f.overpaid])).toBe(f.rent);
    const partner = (await manager.call<OrganizationStats>('GET', '/api/v3/projects/stats')).body.claims;
    expect([f.rent, f.guarantor, f.outstanding]).toEqual([partner.totalDeclared, partner.totalPaidByGuarantor, partner.totalOutstanding]);
    expect(partnerToday(new Date(f.generatedAt))).toBe('2026-06-15'); // the sandbox's day, in Paris
  });

  it('filters by the month the rent fell due; two periods make the whole', async () => {
    const all = await figures();
    const cut = all.firstMonth && all.lastMonth && all.firstMonth < all.lastMonth ? all.firstMonth : null;
    expect(cut).not.toBeNull();
    const before = await figures(`?to=${cut}`);
    const after = await figures(`?from=${cut?.slice(0, 4)}-${String(Number(cut?.slice(5)) + 1).padStart(2, '0')}`);
    expect(before.lastMonth).toBe(cut);
    for (const k of ['rent', 'receivedAtDeclaration', 'tenantPayments', 'guarantor', 'outstanding', 'overpaid', 'months'] as const)
      expect(sumEuros([before[k], after[k]])).toBe(all[k]);
  });

  it('refuses a bad period with what to fix, and other roles', async () => {
    const bad = await manager.call<ErrorEnvelope>('GET', '/api/stats/claims?from=2026-13');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/yyyy-MM/);
    const reversed = await manager.call<ErrorEnvelope>('GET', '/api/stats/claims?from=2026-05&to=2026-02');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toMatch(/from must not be after to/);
    const staff = await s.signedIn('staff');
    expect((await staff.call<ErrorEnvelope>('GET', '/api/stats/claims')).body.code).toBe('FORBIDDEN_ROLE');
    expect((await staff.call<ErrorEnvelope>('GET', '/api/exports/stats.csv')).status).toBe(403);
  });
});

describe('the figures as CSV (/api/exports/stats.csv)', () => {
  it('holds the same figures as the JSON, in French (";", decimal comma) and English', async () => {
    const f = await figures('?from=2026-01&to=2026-06');
    const fr = await manager.call('GET', '/api/exports/stats.csv?from=2026-01&to=2026-06&lang=fr');
    expect(fr.status).toBe(200);
    expect(fr.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(fr.headers.get('content-disposition')).toBe('attachment; filename="chiffres-sinistres-2026-06-15.csv"');
    const rows = rowsOf(fr.text, ';');
    const money = (n: number) => n.toFixed(2).replace('.', ',');
    expect(rows).toContainEqual(['Période (mois d’échéance)', '2026-01 – 2026-06']);
    expect(rows).toContainEqual(['Généré le', '15/06/2026']);
    expect(rows).toContainEqual(['Chiffre', 'Montant']);
    expect(rows).toContainEqual(['Loyers déclarés', money(f.rent)]);
    expect(rows).toContainEqual(['Reçu à la déclaration', money(f.receivedAtDeclaration)]);
    expect(rows).toContainEqual(['Paiements après déclaration', money(f.tenantPayments)]);
    expect(rows).toContainEqual(['Payé par le garant', money(f.guarantor)]);
    expect(rows).toContainEqual(['Reste dû', money(f.outstanding)]);
    expect(rows).toContainEqual(['Trop-perçu', money(f.overpaid)]);
    expect(rows).toContainEqual(['Sinistres', String(f.claims)]);
    const en = rowsOf((await manager.call('GET', '/api/exports/stats.csv?from=2026-01&to=2026-06&lang=en')).text, ',');
    expect(en).toContainEqual(['Figure', 'Amount']);
    expect(en).toContainEqual(['Rents declared', f.rent.toFixed(2)]);
    expect(en).toContainEqual(['Payments after declaration', f.tenantPayments.toFixed(2)]);
  });
});

describe('the figures’ CSV day', () => {
  it('is the day in Paris when they were made, also just after midnight there (UTC still says the day before)', () => {
    const made = {
      generatedAt: '2026-12-07T23:30:00.000Z',
      from: null,
      to: null,
      firstMonth: null,
      lastMonth: null,
      claims: 0,
      months: 0,
      rent: 0,
      receivedAtDeclaration: 0,
      tenantPayments: 0,
      guarantor: 0,
      outstanding: 0,
      overpaid: 0,
    };
    expect(rowsOf(figuresCsv(made, 'fr'), ';')).toContainEqual(['Généré le', '08/12/2026']);
    expect(rowsOf(figuresCsv(made, 'en'), ',')).toContainEqual(['Generated on', '2026-12-08']);
  });
});
