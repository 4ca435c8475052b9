import type { AuditRecord } from './audit.js';

/** Valid request bodies and parts of them, for tests to start from (a test changes what it checks). */
export const phone = { phoneContryCode: 'FR', phoneFormated: '+33612345678' };
export const address = { country: 'France', address: '1 rue A', zipCode: '75001', city: 'Paris' };
export const profile = { gender: 1, firstName: 'A', lastName: 'B', email: 'a@b.fr', dateOfBirth: '1990-01-01', phone };
export const legalInfo = { firstName: 'A', lastName: 'B', email: 'a@b.fr', phone };
/** Rental information of a classic lease, all but its start. */
export const rent = {
  owner: { firstName: 'O', lastName: 'P', email: 'o@p.fr', phone },
  ownerType: 0,
  ownerAddress: address,
  addressInformation: address,
  rentAmount: 700,
  rentAlone: 0,
  bailType: 0,
};

/** A line of the audit trail: a manager's successful sign-in, changed by `over`. */
export const auditRecord = (over: Partial<AuditRecord>): AuditRecord => ({
  seq: 1,
  at: '2026-11-20T09:00:00.000Z',
  actorId: 'manager@demo-agency.fr',
  actorName: 'Marion Manager',
  actorRole: 'manager',
  operation: 'signIn',
  projectId: null,
  claimId: null,
  tenant: null,
  details: {},
  result: 'success',
  status: 200,
  requestId: 'r1',
  address: '127.0.0.1',
  ...over,
});
