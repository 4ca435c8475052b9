import { describe, expect, it } from 'vitest';
import { formatCompactMoney, formatCount, formatFileSize, formatMoney } from './format.js';

/**
 * What a reader sees: engines put a no-break or narrow no-break space where a space goes (and their
 * choice may change with their locale data), so spaces are compared as plain spaces.
 */
const seen = (text: string) => text.replace(/[\s\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('writes euros the French way in French and the British way in English, with cents', () => {
    expect(seen(formatMoney(1234.5, 'fr'))).toBe('1 234,50 €');
    expect(seen(formatMoney(1234.5, 'en'))).toBe('€1,234.50');
    expect(seen(formatMoney(950, 'fr'))).toBe('950,00 €');
    expect(seen(formatMoney(0.05, 'en'))).toBe('€0.05');
    expect(seen(formatMoney(1_000_000, 'fr'))).toBe('1 000 000,00 €');
  });

  it('writes a negative amount with its sign', () => {
    expect(seen(formatMoney(-1234.56, 'fr'))).toBe('-1 234,56 €');
    expect(seen(formatMoney(-1234.56, 'en'))).toBe('-€1,234.56');
  });

  it('writes a dash for an amount that is not known', () => {
    expect(formatMoney(null, 'fr')).toBe('—');
    expect(formatMoney(undefined, 'en')).toBe('—');
  });

  it('writes the same amount the same way every time (a page of amounts never mixes two styles)', () => {
    const first = [1, 22.5, 333.33, 4444].map((v) => formatMoney(v, 'fr'));
    formatMoney(1, 'en');
    expect([1, 22.5, 333.33, 4444].map((v) => formatMoney(v, 'fr'))).toEqual(first);
  });
});

describe('axis amounts', () => {
  it('writes short amounts on a chart axis, at most one decimal, none on a whole one', () => {
    expect([0, 950, 1000, 1500, 12_500].map((v) => seen(formatCompactMoney(v, 'fr')))).toEqual([
      '0 €',
      '950 €',
      '1 k €',
      '1,5 k €',
      '12,5 k €',
    ]);
    expect([0, 950, 1000, 1500, 12_500].map((v) => seen(formatCompactMoney(v, 'en')))).toEqual(['€0', '€950', '€1k', '€1.5k', '€12.5k']);
    expect(formatCompactMoney(null, 'fr')).toBe('');
  });
});

describe('counts', () => {
  it('groups the digits of a count the language’s way', () => {
    expect(seen(formatCount(1_234_567, 'fr'))).toBe('1 234 567');
    expect(formatCount(1_234_567, 'en')).toBe('1,234,567');
    expect(formatCount(7, 'fr')).toBe('7');
    expect(formatCount(null, 'en')).toBe('');
  });

  it('writes every count a page shows the way Intl writes it for the language, small or large', () => {
    for (const lang of ['fr', 'en'] as const) {
      const intl = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB');
      const counts = [...Array.from({ length: 1001 }, (_, n) => n), -1, -999, 1001, 12_345];
      expect(counts.map((n) => formatCount(n, lang))).toEqual(counts.map((n) => intl.format(n)));
    }
  });
});

describe('file sizes', () => {
  it('writes sizes in kilobytes below a megabyte and in megabytes above, one decimal at most', () => {
    expect(seen(formatFileSize(12_595, 'fr'))).toBe('12,3 ko');
    expect(formatFileSize(12_595, 'en')).toBe('12.3 kB');
    expect(seen(formatFileSize(1.5 * 1024 * 1024, 'fr'))).toBe('1,5 Mo');
    expect(formatFileSize(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
  });

  it('never writes an empty file as "0 kB" (a tenth at least)', () => {
    expect(formatFileSize(0, 'en')).toBe('0.1 kB');
  });
});
