import { describe, expect, it } from 'vitest';
import { MoneySchema } from './common.js';
import { hasAtMostTwoDecimals, roundEuros, sumEuros, toCents, toEuros } from './money.js';

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
});
