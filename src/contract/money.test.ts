import { describe, expect, it } from 'vitest';
import { MoneySchema } from './common.js';
import { hasAtMostTwoDecimals, readAmount, roundEuros, sumEuros, toCents, toEuros } from './money.js';

describe('money: euros and cents in one place', () => {
  it('converts euros to whole cents and back, rounding to the nearest cent', () => {
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005 * 1000)).toBe(100500);
    expect(toEuros(1235)).toBe(12.35);
    expect(roundEuros(3.14159)).toBe(3.14);
    expect(roundEuros(800 * 12 * 0.035)).toBe(336);
  });

  it('adds amounts as cents, so that no float drift shows in a total', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumEuros([0.1, 0.2])).toBe(0.3);
    expect(sumEuros(Array.from({ length: 240 }, () => 812.37))).toBe(194968.8);
    expect(sumEuros([])).toBe(0);
  });

  it('tells a whole number of cents from a third decimal, and the schemas use it', () => {
    expect(hasAtMostTwoDecimals(0.1 * 3)).toBe(true);
    expect(hasAtMostTwoDecimals(12.34)).toBe(true);
    expect(hasAtMostTwoDecimals(12.345)).toBe(false);
    expect(MoneySchema.safeParse(12.34).success).toBe(true);
    expect(MoneySchema.safeParse(12.345).error?.issues[0]?.message).toBe('at most two decimals');
  });

  it('reads an amount as typed or pasted in either language, whatever space groups its digits', () => {
    for (const lang of ['fr', 'en'] as const) {
      for (const typed of ['1 200,50', '1200.50', '1200,5', '1\u202f200,50', '1\u00a0200,50', ' 1 200,50 € ', '1.200,50'])
        expect(readAmount(typed, lang)).toBe(1200.5);
      expect(readAmount('1 200', lang)).toBe(1200);
      expect(readAmount('1,200.50', lang)).toBe(1200.5);
      expect(readAmount('', lang)).toBeNull();
      expect(readAmount('  ', lang)).toBeNull();
      expect(readAmount('-50', lang)).toBe(-50);
      for (const wrong of ['12abc', '1e300', '0x10', 'Infinity', '1,2,3', '12 00', '1 200.000,50', '.'])
        expect(readAmount(wrong, lang)).toBeNaN();
    }
    // a comma followed by three digits groups thousands in English, is a decimal point in French
    expect(readAmount('1,200', 'en')).toBe(1200);
    expect(readAmount('1,200', 'fr')).toBe(1.2);
    // what Intl writes reads back as the same amount
    for (const value of [0.5, 800, 1200.5, 1234567.89])
      for (const [lang, locale] of [
        ['fr', 'fr-FR'],
        ['en', 'en-GB'],
      ] as const)
        expect(readAmount(new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(value), lang)).toBe(value);
  });
});
