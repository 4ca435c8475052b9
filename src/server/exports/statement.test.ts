import { describe, expect, it } from 'vitest';
import { ClaimSchema } from '../../contract/claims.js';
import { statementOf, statementReferences } from './statement.js';

const claim = ClaimSchema.parse({
  id: '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  projectId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  status: 30,
  createdAt: '2026-06-15T09:00:00.000Z',
  updatedAt: '2026-06-15T09:00:00.000Z',
  rentDueDate: '2026-05-05',
  rentAmount: 800,
  rentAmountReceived: 0,
  rentAmountReceivedDate: null,
  legalInfo: {
    firstName: 'Sophie',
    lastName: 'Lambert',
    email: 'sophie@agence.fr',
    phone: { phoneContryCode: 'FR', phoneFormated: '+33612345678' },
  },
  mainOwnerEmail: 'paul@exemple.fr',
  ownerEmailsBcc: [],
  metadata: {},
  tenant: { firstName: 'Léa', lastName: 'Martin', email: 'lea@exemple.fr' },
  property: { address: '12 rue des Lilas', additionalAddress: 'Bât. B, appt 34', zipCode: '67000', city: 'Strasbourg', country: 'France' },
  amountOutstanding: 800,
});

describe('a statement’s references', () => {
  it('name the owner (their e-mail beside) and give the whole address, flat included', () => {
    const refs = new Map(statementReferences(statementOf(claim, [], '2026-06-15T10:00:00Z', 'Paul Proprio'), 'fr'));
    expect(refs.get('Propriétaire')).toBe('Paul Proprio');
    expect(refs.get('E-mail du propriétaire')).toBe('paul@exemple.fr');
    expect(refs.get('Logement')).toBe('12 rue des Lilas, Bât. B, appt 34, 67000 Strasbourg');
  });

  it('without the lease’s owner, the e-mail the claim was declared with', () => {
    const refs = new Map(statementReferences(statementOf(claim, [], '2026-06-15T10:00:00Z', null), 'en'));
    expect(refs.get('Owner')).toBe('paul@exemple.fr');
  });
});
