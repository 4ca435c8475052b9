import { describe, expect, it } from 'vitest';
import { makeClaimCreateBodySchema, makeRentalDebtCreateBodySchema } from './claims.js';
import { makeProjectCreateBodySchema, makeRentalInfoBodySchema } from './projects.js';
import { legalInfo, profile, rent } from './test-bodies.js';

/** Every field refused, by path: what a form shows after one submit. */
const refused = (r: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  [...new Set((r.error?.issues ?? []).map((i) => i.path.join('.')))].sort();

// a rule across fields (a date required once money was received, a referent for a student) is
// checked in the same pass as a field left empty elsewhere: a form shows both at its first submit
describe('every mistake of a body is told at once', () => {
  const TODAY = '2026-06-15';

  it('a claim: an empty name beside a received amount without its date', () => {
    const body = {
      rentAmount: 800,
      rentAmountReceived: 100,
      rentDueDate: '2026-05-05',
      mainOwnerEmail: 'o@p.fr',
      legalInfo: { ...legalInfo, lastName: undefined },
    };
    expect(refused(makeClaimCreateBodySchema(TODAY).safeParse(body))).toEqual(['legalInfo.lastName', 'rentAmountReceivedDate']);
  });

  it('a claim: a month before the lease beside a malformed owner e-mail and a missing rent', () => {
    const body = { rentAmountReceived: 0, rentDueDate: '2026-04-05', mainOwnerEmail: 'o@', legalInfo };
    expect(refused(makeClaimCreateBodySchema(TODAY, '2026-05-01').safeParse(body))).toEqual([
      'mainOwnerEmail',
      'rentAmount',
      'rentDueDate',
    ]);
  });

  it('a month: a future due date beside a missing rent', () => {
    expect(refused(makeRentalDebtCreateBodySchema(TODAY).safeParse({ rentDueDate: '2026-07-05' }))).toEqual(['rentAmount', 'rentDueDate']);
  });

  it('a project: a student without a referent beside an empty name', () => {
    const body = { profile: { ...profile, lastName: undefined }, finance: { status: 12, monthlyIncome: 0 } };
    expect(refused(makeProjectCreateBodySchema(TODAY).safeParse(body))).toEqual(['profile.lastName', 'referent', 'referentFinance']);
  });

  it('a lease: an agency owner without its name beside an empty owner name', () => {
    const body = { ...rent, ownerType: 1, startLease: '2026-07-01', owner: { ...rent.owner, lastName: undefined } };
    expect(refused(makeRentalInfoBodySchema(TODAY).safeParse(body))).toEqual(['owner.lastName', 'ownerOrganizationName']);
  });

  it('a rule is not run on a field already refused (no second message on it)', () => {
    const body = {
      rentAmount: 800,
      rentAmountReceived: 100,
      rentAmountReceivedDate: '2026-02-30',
      rentDueDate: '2026-05-05',
      mainOwnerEmail: 'o@p.fr',
      legalInfo,
    };
    const issues = makeClaimCreateBodySchema(TODAY).safeParse(body).error?.issues ?? [];
    expect(issues.map((i) => i.path.join('.'))).toEqual(['rentAmountReceivedDate']);
  });
});
