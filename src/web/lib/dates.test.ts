import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { addDays, dayjsLocale, formatLongDate, formatOfMonth } from './dates.js';

describe('dates in sentences', () => {
  it('say "1er" for the first of the month in French, the plain day otherwise and in English', () => {
    expect(formatLongDate('2016-11-01', 'fr')).toBe('1er novembre 2016');
    expect(formatLongDate('2016-11-05', 'fr')).toBe('5 novembre 2016');
    expect(formatLongDate('2016-11-01', 'en')).toBe('1 November 2016');
    // a moment is named by its day where it is read, the first of the month too
    expect(formatLongDate('2026-03-01T12:00:00Z', 'fr')).toBe('1er mars 2026');
    expect(formatLongDate('2026-03-05T12:00:00Z', 'en')).toBe('5 March 2026');
  });

  it('elide "de" before a month starting with a vowel in French ("d’octobre"), not in English', () => {
    expect(formatOfMonth('2026-10-01', 'fr')).toBe('d’octobre 2026');
    expect(formatOfMonth('2026-08-01', 'fr')).toBe('d’août 2026');
    expect(formatOfMonth('2026-04-01', 'fr')).toBe('d’avril 2026');
    expect(formatOfMonth('2026-11-01', 'fr')).toBe('de novembre 2026');
    expect(formatOfMonth('2026-10-01', 'en')).toBe('October 2026');
  });

  it('count days across a month end', () => {
    expect(addDays('2026-11-22', 30)).toBe('2026-12-22');
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
  });

  it('give the pickers the contract’s locales: British English day first, French with its month names', () => {
    expect(dayjs('2026-03-05').locale(dayjsLocale('en')).format('L MMMM')).toBe('05/03/2026 March');
    expect(dayjs('2026-03-05').locale(dayjsLocale('fr')).format('L MMMM')).toBe('05/03/2026 mars');
  });
});
