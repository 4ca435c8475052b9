import { describe, expect, it } from 'vitest';
import { catalogueEntries, placeholdersOf, type CatalogueTree } from '../../contract/catalogue.js';
import type { Lang } from '../../contract/enums.js';
import { RentalDebtStatus } from '../../contract/enums.js';
import type { Round, RoundRow } from '../../contract/round.js';
import { digestMail } from '../round/digest.js';
import { linkMail } from '../team/mail.js';
import { serverEn } from './en.js';
import { serverFr } from './fr.js';
import { wordsIn, type WordKey } from './words.js';

const FRENCH = /[àâçéèêëîïôûœ«»]|\b(le|la|les|de|du|des|et|vous|votre|sinistres?|mois|jour|pour|avant)\b/i;
const ENGLISH = /\b(the|and|of|you|your|claims?|months?|declare|past|deadline|today|by|until)\b/i;

const row = (i: number, monthCount: number, daysLate: number): RoundRow => ({
  claimId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  projectId: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
  claimStatus: 20,
  tenant: { firstName: 'Anna', lastName: `Kowalska ${i}` },
  property: null,
  months: [{ rentDueDate: '2026-05-05', status: RentalDebtStatus.PendingPayment }],
  monthCount,
  rentAmount: 650,
  blockedLate: 0,
  target: '2026-06-15',
  daysLeft: 0,
  daysLate,
});
const round: Round = {
  generatedAt: '2026-06-15T08:00:00.000Z',
  asOf: null,
  today: '2026-06-15',
  declarationDay: 15,
  rows: Array.from({ length: 25 }, (_, i) => row(i, i === 0 ? 1 : 3, i % 2 ? 4 : 0)),
  monthsDue: 73,
};
/** Every e-mail the server sends, in one language, subject and text, with names and links in neither language. */
const mails = (lang: Lang): string[] => {
  const to = { email: 'anna@example.com', name: 'Anna Kowalska', role: 'staff' as const, lang };
  return [
    digestMail(to, round, 'day', '2026-06-15', 'https://dash.example/r'),
    digestMail(to, round, 'before', '2026-06-15', 'https://dash.example/r'),
    linkMail('invite', to, 'Maria Nowak', 'https://dash.example/l', Date.parse('2026-06-22T10:00:00Z')),
    linkMail('reset', to, 'Maria Nowak', 'https://dash.example/l', Date.parse('2026-06-22T10:00:00Z')),
  ].map((m) => `${m.subject}\n${m.text}`);
};

describe('the server’s words', () => {
  it('say the same things in both languages: same keys, same placeholders, no empty copy', () => {
    const english = new Map(catalogueEntries(serverEn));
    const french = catalogueEntries(serverFr);
    expect(french.map(([k]) => k).sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of french) {
      expect(placeholdersOf(english.get(key) ?? ''), key).toEqual(placeholdersOf(text));
      expect(text.trim().length * (english.get(key) ?? '').trim().length, key).toBeGreaterThan(0);
    }
  });

  it('are in one language each: no French word in English, no English word in French', () => {
    const copy = (t: object) => catalogueEntries(t as CatalogueTree).map(([k, text]) => [k, text.replace(/\{\{[^}]*\}\}/g, '')]);
    expect(copy(serverEn).filter(([, text]) => FRENCH.test(text ?? ''))).toEqual([]);
    expect(copy(serverFr).filter(([, text]) => ENGLISH.test(text ?? ''))).toEqual([]);
    for (const mail of mails('en')) expect(mail).not.toMatch(FRENCH);
    for (const mail of mails('fr')) expect(mail).not.toMatch(ENGLISH);
  });

  it('find their words for every count, a million in French too (a plural category of its own)', () => {
    const counted = [...new Set(catalogueEntries(serverFr).flatMap(([k]) => (k.endsWith('_other') ? [k.slice(0, -6)] : [])))];
    expect(counted).toContain('digest.claims');
    for (const lang of ['fr', 'en'] as const)
      for (const count of [0, 1, 2, 1_000_000, 2_500_000]) {
        for (const key of counted) {
          const said = wordsIn(lang)(key as WordKey, { count });
          expect(said, `${lang} ${key} ${count}`).not.toBe(key);
          expect(said, `${lang} ${key} ${count}`).not.toContain('{{count');
        }
      }
    expect(wordsIn('fr')('digest.claims', { count: 1_000_000 }).replace(/\s/g, ' ')).toBe('1 000 000 sinistres');
    expect(wordsIn('en')('digest.claims', { count: 1 })).toBe('1 claim');
  });

  it('put names in as they are typed, never read as copy', () => {
    const said = wordsIn('en')('invite.subject', { by: '{{by}} $t(mail.hello) <b>&' });
    expect(said).toBe('{{by}} $t(mail.hello) <b>& invites you to the partner dashboard');
  });
});
