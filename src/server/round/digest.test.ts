import { describe, expect, it } from 'vitest';
import { RentalDebtStatus } from '../../contract/enums.js';
import type { Round, RoundRow } from '../../contract/round.js';
import { DIGEST_LINES, digestMail } from './digest.js';

const row = (i: number, months: number, daysLate = 3): RoundRow => ({
  claimId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  projectId: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
  claimStatus: 20,
  tenant: { firstName: 'Łukasz', lastName: `Nguyễn ${i}` },
  property: null,
  months: [{ rentDueDate: '2026-05-05', status: RentalDebtStatus.Virtual }],
  monthCount: months,
  rentAmount: 650,
  blockedLate: 0,
  target: '2026-06-15',
  daysLeft: 0,
  daysLate,
});
const round = (rows: RoundRow[]): Round => ({
  generatedAt: '2026-06-15T08:00:00.000Z',
  asOf: null,
  today: '2026-06-15',
  declarationDay: 15,
  rows,
  monthsDue: rows.reduce((n, r) => n + r.monthCount, 0),
});
const to = (lang: 'fr' | 'en') => ({ email: 'staff@demo-agency.fr', name: 'Samuel Staff', lang });
const mail = (lang: 'fr' | 'en', rows: RoundRow[], kind: 'day' | 'before' = 'day') =>
  digestMail(to(lang), round(rows), kind, '2026-06-15', 'https://dash.example/round');

describe('the round reminder says its counts in words', () => {
  it('one month of one claim, in English and in French, with no "(s)"', () => {
    const en = mail('en', [row(1, 1)]);
    expect(en.subject).toBe('Today is the declaration day: 1 month to declare');
    expect(en.text).toContain('1 month of 1 claim is still to declare.');
    const fr = mail('fr', [row(1, 1)], 'before');
    expect(fr.subject).toBe('Déclarations avant le 15/06/2026 : 1 mois à déclarer');
    expect(fr.text).toContain('1 mois de 1 sinistre est à déclarer.');
    for (const m of [en, fr]) expect(`${m.subject}\n${m.text}`).not.toContain('(s)');
  });

  it('several months and claims take the plural; a long list says how many more, grouped as the language writes numbers', () => {
    const many = Array.from({ length: DIGEST_LINES + 1_200 }, (_, i) => row(i, 2));
    const en = mail('en', many);
    expect(en.subject).toBe('Today is the declaration day: 2,440 months to declare');
    expect(en.text).toContain('2,440 months of 1,220 claims are still to declare');
    expect(en.text).toContain('… and 1,200 more claims.');
    const fr = mail('fr', many);
    expect(fr.text).toMatch(/2\s440 mois de 1\s220 sinistres restent à déclarer/);
    expect(fr.text).toMatch(/… et 1\s200 autres sinistres\./);
    const two = mail('en', [row(1, 1), row(2, 1)]);
    expect(two.text).toContain('2 months of 2 claims are still to declare');
    expect(two.text).not.toContain('more claim');
  });
});
