import { describe, expect, it } from 'vitest';
import { i18n } from './i18n.js';

describe('counts in the copy', () => {
  it('writes the work queue’s counts grouped as the language writes them', () => {
    const fr = i18n.getFixedT('fr');
    const en = i18n.getFixedT('en');
    const intl = { fr: new Intl.NumberFormat('fr-FR'), en: new Intl.NumberFormat('en-GB') };
    // lines of the work queue: a count and a date in one sentence, other counts
    const written = [
      fr('inbox.months', { count: 3, oldest: 'janvier 2026' }),
      fr('inbox.late', { count: 1234 }),
      en('inbox.late', { count: 1234 }),
      en('inbox.lines', { count: 1 }),
      fr('inbox.lines', { count: 25000 }),
    ];
    expect(written).toEqual([
      '3 mois à déclarer, le plus ancien janvier 2026',
      `loyer dû depuis ${intl.fr.format(1234)} jours`,
      `rent due ${intl.en.format(1234)} days ago`,
      '1 line',
      `${intl.fr.format(25000)} lignes`,
    ]);
  });

  it('still writes a count outside that range as Intl does', () => {
    const fr = i18n.getFixedT('fr');
    const intl = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
    expect(fr('inbox.lines', { count: 2 ** 53 })).toBe(`${intl.format(2 ** 53)} lignes`);
  });

  it('finds the words of a million in French, a plural category of its own', () => {
    const fr = i18n.getFixedT('fr');
    const intl = new Intl.NumberFormat('fr-FR');
    expect(fr('inbox.lines', { count: 1_000_000 })).toBe(`${intl.format(1_000_000)} lignes`);
    expect(fr('inbox.late', { count: 2_000_000 })).toBe(`loyer dû depuis ${intl.format(2_000_000)} jours`);
  });
});
