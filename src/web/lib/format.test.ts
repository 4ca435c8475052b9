import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCompactMoney, formatCount, formatFileSize, formatMoney, plainCount, plainFileSize, plainMoney } from './format.js';

const intl = {
  fr: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 }),
} as const;

/** Amounts of every size, whole and with cents, both signs (the contract's amounts have at most two decimals). */
function amounts(): number[] {
  const out = [0, 1, -1, 0.5, 0.05, 0.1, 9.99, 999.99, 1000, 1234.5, -1234.56, 1e6, 123456789.12, 999999999999.99, 2 ** 53 - 1];
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 4000; i++) {
    const magnitude = 10 ** Math.floor(next() * 10);
    const cents = Math.round(next() * magnitude * 100);
    out.push(((next() < 0.2 ? -1 : 1) * cents) / 100);
  }
  return out;
}

describe('money', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes every amount of at most two decimals as Intl does in both languages, without building a formatter', () => {
    const built = vi.spyOn(Intl, 'NumberFormat');
    for (const value of amounts()) {
      expect(formatMoney(value, 'fr'), String(value)).toBe(intl.fr.format(value));
      expect(formatMoney(value, 'en'), String(value)).toBe(intl.en.format(value));
    }
    expect(built).not.toHaveBeenCalled();
  });

  it('leaves to Intl what it would not write exactly (more decimals, -0, 1e21, NaN), with the same result', () => {
    for (const value of [1.005, 0.125, -0, 1e21, -1e21, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(plainMoney(value, 'fr')).toBeNull();
      expect(formatMoney(value, 'fr')).toBe(intl.fr.format(value));
      expect(formatMoney(value, 'en')).toBe(intl.en.format(value));
    }
    expect(formatMoney(null, 'fr')).toBe('—');
  });
});

describe('axis amounts', () => {
  afterEach(() => vi.restoreAllMocks());

  // as Chromium's Intl writes them (compact, euros, one decimal at most); Node's ICU data differs ("500,0 €")
  const CHROMIUM: [number, string, string][] = [
    [0, '0\u00a0€', '€0'],
    [0.5, '0,5\u00a0€', '€0.5'],
    [5, '5\u00a0€', '€5'],
    [500, '500\u00a0€', '€500'],
    [950, '950\u00a0€', '€950'],
    [999, '999\u00a0€', '€999'],
    [999.96, '1\u00a0k\u00a0€', '€1k'],
    [1000, '1\u00a0k\u00a0€', '€1k'],
    [1049, '1\u00a0k\u00a0€', '€1k'],
    [1050, '1,1\u00a0k\u00a0€', '€1.1k'],
    [1500, '1,5\u00a0k\u00a0€', '€1.5k'],
    [2000, '2\u00a0k\u00a0€', '€2k'],
    [12500, '12,5\u00a0k\u00a0€', '€12.5k'],
    [99999, '100\u00a0k\u00a0€', '€100k'],
    [999949, '999,9\u00a0k\u00a0€', '€999.9k'],
    [-1500, '-1,5\u00a0k\u00a0€', '-€1.5k'],
  ];

  it('writes an axis amount below a million as Chromium’s Intl does, without building a formatter', () => {
    const built = vi.spyOn(Intl, 'NumberFormat');
    for (const [value, fr, en] of CHROMIUM) {
      expect(formatCompactMoney(value, 'fr'), String(value)).toBe(fr);
      expect(formatCompactMoney(value, 'en'), String(value)).toBe(en);
    }
    expect(built).not.toHaveBeenCalled();
  });

  it('rounds half up on the amount as written (1.15 k is 1.2 k, as Chromium), and leaves a million and more and "-0" to Intl', () => {
    expect([1150, 1149.99, 0.05, 2450, 1250, 0.04].map((v) => formatCompactMoney(v, 'en'))).toEqual([
      '€1.2k',
      '€1.1k',
      '€0.1',
      '€2.5k',
      '€1.3k',
      '€0',
    ]);
    const compact = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', notation: 'compact', maximumFractionDigits: 1 });
    for (const value of [999999, 2.5e6, -0.04]) expect(formatCompactMoney(value, 'fr')).toBe(compact.format(value));
  });
});

describe('file sizes', () => {
  afterEach(() => vi.restoreAllMocks());

  // the formatter the app used for every size (Node's ICU writes these as Chromium's does: 1 234,5 ko, 1,234.5 kB)
  const intl = (bytes: number, lang: 'fr' | 'en') => {
    const mega = bytes >= 1024 * 1024;
    const unit = mega ? 'megabyte' : 'kilobyte';
    const format = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { style: 'unit', unit, maximumFractionDigits: 1 });
    return format.format(mega ? bytes / (1024 * 1024) : Math.max(0.1, bytes / 1024));
  };
  /** Sizes of every magnitude, the edges of each rounding (…x.x5 exactly) and of each unit. */
  function sizes(): number[] {
    const out = [0, 1, 51, 52, 102, 512, 1023, 1024, 1075, 1076, 10_188, 1024 * 1024 - 1, 1024 * 1024, 1024 * 1024 + 52_428, 5 * 2 ** 20];
    out.push(1024 ** 3, 1024 ** 4 + 3, 2 ** 49, Math.floor(Number.MAX_SAFE_INTEGER / 10));
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 4000; i++) out.push(Math.floor(next() * 10 ** Math.floor(next() * 13)));
    return out;
  }

  it('writes every whole number of bytes as Intl does in both languages, without building a formatter', () => {
    const expected = sizes().map((bytes) => [intl(bytes, 'fr'), intl(bytes, 'en')]);
    // counts the formatters built (each still a real one, so a formatter the code keeps stays usable)
    const Real = Intl.NumberFormat;
    const built = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args: ConstructorParameters<typeof Real>) {
      return new Real(...args);
    } as typeof Real);
    sizes().forEach((bytes, i) => {
      expect(formatFileSize(bytes, 'fr'), String(bytes)).toBe(expected[i]?.[0]);
      expect(formatFileSize(bytes, 'en'), String(bytes)).toBe(expected[i]?.[1]);
    });
    expect(built).not.toHaveBeenCalled();
    expect([formatFileSize(1075, 'fr'), formatFileSize(1076, 'en'), formatFileSize(1234 * 1024 ** 2, 'fr')]).toEqual([
      '1\u202fko',
      '1.1 kB',
      '1\u202f234\u202fMo',
    ]);
  });

  it('leaves to Intl what it would not write exactly (a fraction of a byte, a negative or unsafe size), with the same result', () => {
    for (const bytes of [0.5, 1536.7, -2048, 2 ** 60, Number.NaN]) {
      expect(plainFileSize(bytes, 'fr')).toBeNull();
      expect(formatFileSize(bytes, 'fr')).toBe(intl(bytes, 'fr'));
      expect(formatFileSize(bytes, 'en')).toBe(intl(bytes, 'en'));
    }
  });
});

describe('counts', () => {
  afterEach(() => vi.restoreAllMocks());

  const intlCount = {
    fr: new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }),
    en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }),
  } as const;

  /** Whole numbers of every length up to 2^53 - 1, both signs. */
  function counts(): number[] {
    const out = [0, 1, -1, 9, 10, 99, 100, 999, 1000, -1000, 9999, 10000, 123456, 1234567, 2 ** 31, 2 ** 53 - 1, -(2 ** 53 - 1)];
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 4000; i++) out.push((next() < 0.2 ? -1 : 1) * Math.floor(next() * 10 ** Math.floor(next() * 16)));
    return out.filter((v) => !Object.is(v, -0));
  }

  it('writes every whole number up to 2^53 as Intl writes a count in both languages, without building a formatter', () => {
    const built = vi.spyOn(Intl, 'NumberFormat');
    for (const value of counts()) {
      expect(formatCount(value, 'fr'), String(value)).toBe(intlCount.fr.format(value));
      expect(formatCount(value, 'en'), String(value)).toBe(intlCount.en.format(value));
    }
    expect(built).not.toHaveBeenCalled();
  });

  it('leaves to Intl what is not a safe whole number (a fraction, -0, 2^53, 1e21, NaN), with the same result', () => {
    for (const value of [1.5, 2.5, -0.4, 999.9, -0, 2 ** 53, 1e21, -1e21, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(plainCount(value, 'fr'), String(value)).toBeNull();
      expect(formatCount(value, 'fr')).toBe(intlCount.fr.format(value));
      expect(formatCount(value, 'en')).toBe(intlCount.en.format(value));
    }
  });
});
