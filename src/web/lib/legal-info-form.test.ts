import { describe, expect, it } from 'vitest';
import { LegalInfoSchema } from '../../contract/claims.js';
import { legalInfoDefaults, legalInfoInput } from './legal-info-form.js';

const person = {
  firstName: 'Sophie',
  lastName: 'Lambert',
  email: 's@a.fr',
  phone: { phoneContryCode: 'FR', phoneFormated: '+33145678910' },
};

describe('the company address of a legal-information form', () => {
  it('starts in France, and France alone is no address (the block stays optional)', () => {
    const start = legalInfoDefaults(null);
    expect(start.address).toEqual({ country: 'France' });
    expect(
      legalInfoDefaults({ ...person, address: { country: 'Belgique', address: '1 rue', zipCode: '1000', city: 'Bruxelles' } }).address
        ?.country,
    ).toBe('Belgique');
    expect(LegalInfoSchema.safeParse(legalInfoInput({ ...person, address: { country: 'France', address: ' ', city: '' } })).success).toBe(
      true,
    );
  });

  it('once a line is typed, every required part is asked', () => {
    const parsed = LegalInfoSchema.safeParse(legalInfoInput({ ...person, address: { country: 'France', address: '3 rue Verte' } }));
    expect(parsed.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['address.city', 'address.zipCode']);
  });

  it('a negative share capital is refused', () => {
    expect(LegalInfoSchema.safeParse(legalInfoInput({ ...person, shareCapital: '-10000' })).success).toBe(false);
    expect(LegalInfoSchema.safeParse(legalInfoInput({ ...person, shareCapital: '10 000' })).success).toBe(true);
  });
});
