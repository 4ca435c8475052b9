import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney, plainMoney } from './format.js';

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
