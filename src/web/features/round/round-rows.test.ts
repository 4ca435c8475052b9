import { describe, expect, it } from 'vitest';
import { validationMessage } from '../../lib/validation-messages.js';
import { bodyFor, monthRules } from './round-rows.js';

const TODAY = '2026-06-15';
const row = (rent: string, received = '0') => ({ rent, received, receivedDate: '' });
const rentError = (rent: string, lang: 'fr' | 'en') => {
  const r = bodyFor(row(rent), '2026-05-05', monthRules(TODAY), lang);
  return r.ok ? null : validationMessage(r.errors.rentAmount ?? '', lang);
};

describe('a round row’s amounts are read as every amount field of the app reads them', () => {
  it('"1e300" and "4e2" are no amounts: the round says so as the claim and payment forms do', () => {
    expect(rentError('1e300', 'fr')).toBe('Saisissez un montant en chiffres, par exemple 1 200,50.');
    expect(rentError('4e2', 'fr')).toBe('Saisissez un montant en chiffres, par exemple 1 200,50.');
  });

  it('spaces, a decimal comma in French, thousands commas in English', () => {
    const rent = (text: string, lang: 'fr' | 'en') => {
      const r = bodyFor(row(text), '2026-05-05', monthRules(TODAY), lang);
      return r.ok ? r.body.rentAmount : null;
    };
    expect(rent('1 234,5', 'fr')).toBe(1234.5);
    expect(rent('1,234.50', 'en')).toBe(1234.5);
    expect(rent('650', 'en')).toBe(650);
  });
});
