import type { z } from 'zod';
import { ClaimParamsSchema, makeClaimCreateBodySchema, makePaymentBodySchema, makeRentalDebtCreateBodySchema } from './claims.js';
import { PageQuerySchema } from './common.js';
import { makeProjectCreateBodySchema, makeRentalInfoBodySchema } from './projects.js';
import { newPasswordSchema } from './passwords.js';
import { LoginBodySchema } from './session.js';
import { legalInfo, profile, rent as lease } from './test-bodies.js';

/**
 * Bad input for every rule the contract's request schemas hold, parsed by the real schemas: what
 * the tests walk to prove that every issue names its rule, that its English is the rule's, and
 * that the web has copy for each (validation-messages.test.ts). Used by tests only.
 */
const TODAY = '2026-06-15';
const claim = { rentAmount: 700, rentAmountReceived: 0, rentDueDate: '2026-05-05', legalInfo, mainOwnerEmail: 'o@p.fr' };
const rent = { ...lease, startLease: '2026-07-01' };

const project = makeProjectCreateBodySchema(TODAY);
const rental = makeRentalInfoBodySchema(TODAY);
const claims = makeClaimCreateBodySchema(TODAY);
const debt = makeRentalDebtCreateBodySchema(TODAY);
const payment = makePaymentBodySchema(TODAY);

/** [what it shows, schema, input] */
export const RULE_SAMPLES: [string, z.ZodType, unknown][] = [
  ['missing, empty, wrong types, enums', project, { profile: { ...profile, firstName: '', lastName: 5, gender: 9 }, finance: {} }],
  [
    'too long, control characters, bad formats',
    project,
    { profile: { ...profile, firstName: 'x'.repeat(101), lastName: 'a\u0000' }, finance: { status: 4 } },
  ],
  [
    'e-mail, phone, country code',
    project,
    { profile: { ...profile, email: 'x', phone: { phoneContryCode: 'fr', phoneFormated: '0612' } }, finance: { status: 4 } },
  ],
  [
    'impossible and implausible dates',
    project,
    { profile: { ...profile, dateOfBirth: '2026-02-30' }, referent: { ...profile, dateOfBirth: '0100-01-01' }, finance: { status: 4 } },
  ],
  [
    'a minor, a date after 2199',
    project,
    { profile: { ...profile, dateOfBirth: '2010-01-01' }, referent: { ...profile, dateOfBirth: '2200-01-01' }, finance: { status: 4 } },
  ],
  ['finance rules', project, { profile, finance: { status: 5, monthlyIncome: 1.001 } }],
  ['retired, negative', project, { profile, finance: { status: 14, monthlyIncome: -1 } }],
  ['student without referent', project, { profile, finance: { status: 12 } }],
  ['too much', project, { profile, finance: { status: 4, monthlyIncome: 1e9 } }],
  ['referent student', project, { profile, finance: { status: 12 }, referent: profile, referentFinance: { status: 12 } }],
  [
    'metadata',
    project,
    {
      profile,
      finance: { status: 4 },
      metadata: { ['k'.repeat(51)]: 'v', ...Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) },
    },
  ],
  ['agency, shared rent, mobility', rental, { ...rent, ownerType: 1, rentAlone: 1, bailType: 4 }],
  [
    'shared rent above the rent, mobility too long',
    rental,
    { ...rent, rentAlone: 2, personalRentAmount: 800, bailType: 4, theoreticalEndLease: '2027-07-01' },
  ],
  ['end before start, lease in the past', rental, { ...rent, startLease: '2026-06-01', theoreticalEndLease: '2026-05-01' }],
  ['lease too long, start too far', rental, { ...rent, startLease: '2027-07-01', theoreticalEndLease: '2040-01-01' }],
  ['received above the rent, without its date', claims, { ...claim, rentAmountReceived: 800 }],
  [
    'too many copies, siren',
    claims,
    {
      ...claim,
      ownerEmailsBcc: Array.from({ length: 11 }, () => 'a@b.fr'),
      legalInfo: { ...legalInfo, siren: '123', shareCapital: '-10000' },
    },
  ],
  [
    'a date without anything received, due in the future',
    claims,
    { ...claim, rentAmountReceivedDate: '2026-05-06', rentDueDate: '2026-07-01' },
  ],
  ['no rent', claims, { ...claim, rentAmount: 0 }],
  ['a claim too old', claims, { ...claim, rentDueDate: '2023-01-01' }],
  ['a claim before its lease', makeClaimCreateBodySchema(TODAY, '2026-06-01'), claim],
  ['a claim before its lease has started', makeClaimCreateBodySchema(TODAY, '2026-06-16'), { ...claim, rentDueDate: '2026-06-05' }],
  ['a wrong-typed amount', claims, { ...claim, rentAmount: 'abc' }],
  ['a month too old', debt, { rentAmount: 700, rentDueDate: '2016-01-01' }],
  [
    'received after today',
    debt,
    { rentAmount: 700, rentDueDate: '2026-06-05', rentAmountReceived: 10, rentAmountReceivedDate: '2026-06-16' },
  ],
  ['payment dates', payment, { amount: 10, applyDate: '2016-01-01' }],
  ['payment dates ahead', payment, { amount: 10, applyDate: '2026-08-01' }],
  ['a GUID', ClaimParamsSchema, { claimId: 'x' }],
  ['pages', PageQuerySchema, { page: '1.5', pageSize: '1000' }],
  ['pages below one', PageQuerySchema, { page: '0', pageSize: 'abc' }],
  ['a password', LoginBodySchema, { email: 'a@b.fr', password: '' }],
  ['a new password too short', newPasswordSchema({}), 'court'],
  ['a new password too long', newPasswordSchema({}), 'x'.repeat(257)],
  ['a new password with the name', newPasswordSchema({ name: 'Nina Nouvelle' }), 'nina aime les tartines'],
  ['a common new password', newPasswordSchema({ isCommon: () => true }), 'une phrase assez longue'],
];

/** Every issue of the samples (parsed with their input, as the web's forms do). */
export function sampleIssues(): z.core.$ZodIssue[] {
  return RULE_SAMPLES.flatMap(([, schema, input]) => schema.safeParse(input, { reportInput: true }).error?.issues ?? []);
}
