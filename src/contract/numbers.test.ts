import { describe, expect, it } from 'vitest';
import { formatNumber } from './numbers.js';

/** Engines put a no-break or narrow no-break space where French groups digits: compared as plain spaces. */
const seen = (text: string) => text.replace(/[\s\u00a0\u202f]/g, ' ');

describe('formatNumber', () => {
  it('groups the digits the language’s way, from the thousands', () => {
    expect(seen(formatNumber(1000, 'fr'))).toBe('1 000');
    expect(seen(formatNumber(1_234_567, 'fr'))).toBe('1 234 567');
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(formatNumber(1_234_567, 'en')).toBe('1,234,567');
  });

  it('writes small, negative and decimal numbers as the language does', () => {
    expect([0, 7, 999].map((n) => formatNumber(n, 'fr'))).toEqual(['0', '7', '999']);
    expect(seen(formatNumber(-2500, 'fr'))).toBe('-2 500');
    expect(formatNumber(-2500, 'en')).toBe('-2,500');
    expect(formatNumber(2.5, 'fr')).toBe('2,5');
    expect(formatNumber(0.01, 'en')).toBe('0.01');
  });

  it('writes every number the way Intl writes it for the language, whatever was written before', () => {
    const numbers = [...Array.from({ length: 1001 }, (_, n) => n), -1, -999, 0.4, 999.6, 1001, 12_345, Number.MAX_SAFE_INTEGER, 1e21];
    for (const [lang, locale] of [
      ['fr', 'fr-FR'],
      ['en', 'en-GB'],
    ] as const) {
      const intl = new Intl.NumberFormat(locale);
      expect(numbers.map((n) => formatNumber(n, lang))).toEqual(numbers.map((n) => intl.format(n)));
    }
  });
});
