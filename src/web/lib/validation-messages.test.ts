// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeClaimCreateBodySchema, makePaymentBodySchema } from '../../contract/claims.js';
import { makeProjectCreateBodySchema } from '../../contract/projects.js';
import { validationMessage } from './validation-messages.js';

const phone = { phoneContryCode: 'FR', phoneFormated: '+33612345678' };
const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }, path: string) =>
  r.error?.issues.find((i) => i.path.join('.') === path)?.message ?? '';

describe('the contract’s limits, as the forms show them', () => {
  it('names the limit in French and in English, formatted for the language', () => {
    const claim = makeClaimCreateBodySchema('2026-06-15').safeParse({
      rentAmount: 1e15,
      rentAmountReceived: 0,
      rentDueDate: '0100-01-05',
      legalInfo: { firstName: 'A'.repeat(101), lastName: 'B', email: 'a@b.fr', phone },
      mainOwnerEmail: 'o@p.fr',
    });
    const amount = firstMessage(claim, 'rentAmount');
    expect(validationMessage(amount, 'fr')).toBe('Doit être inférieur ou égal à 1\u202f000\u202f000.');
    expect(validationMessage(amount, 'en')).toBe('Must be at most 1,000,000.');
    const date = firstMessage(claim, 'rentDueDate');
    expect(validationMessage(date, 'fr')).toBe('Doit être le 1 janvier 1900 ou après.');
    const name = firstMessage(claim, 'legalInfo.firstName');
    expect([validationMessage(name, 'fr'), validationMessage(name, 'en')]).toEqual(['100 caractères au plus.', 'At most 100 characters.']);
    const old = makeClaimCreateBodySchema('2026-06-15').safeParse({
      rentAmount: 700,
      rentAmountReceived: 0,
      rentDueDate: '2023-05-05',
      legalInfo: { firstName: 'A', lastName: 'B', email: 'a@b.fr', phone },
      mainOwnerEmail: 'o@p.fr',
    });
    const window = firstMessage(old, 'rentDueDate');
    expect(validationMessage(window, 'fr')).toBe('Doit être le 1 juin 2023 ou après : un sinistre remonte à 36 mois au plus.');
    expect(validationMessage(window, 'en')).toBe('Must be on or after 1 June 2023: a claim starts at most 36 months back.');
  });

  it('translates the birth date, payment date and control-character rules', () => {
    const profile = { gender: 1, firstName: 'A\u0000', lastName: 'B', email: 'a@b.fr', dateOfBirth: '2010-01-01', phone };
    const project = makeProjectCreateBodySchema('2026-06-15').safeParse({ profile, finance: { status: 4, monthlyIncome: 3000 } });
    expect(validationMessage(firstMessage(project, 'profile.dateOfBirth'), 'fr')).toBe(
      'Doit être le 15 juin 2008 ou avant : le locataire et le garant ont au moins 18 ans.',
    );
    expect(validationMessage(firstMessage(project, 'profile.firstName'), 'fr')).toBe('Ne doit pas contenir de caractères de contrôle.');
    const pay = makePaymentBodySchema('2026-06-15').safeParse({ amount: 10, applyDate: '2026-08-01' });
    expect(validationMessage(firstMessage(pay, 'applyDate'), 'en')).toBe(
      'Must be on or before 16 July 2026: from 10 years back to 31 days ahead.',
    );
  });
});
