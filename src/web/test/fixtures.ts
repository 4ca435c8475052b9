import { ClaimSchema, type Claim, type RentalDebt } from '../../contract/claims.js';
import { INBOX_KINDS, type Inbox } from '../../contract/inbox.js';
import { ProjectSchema, type Project } from '../../contract/projects.js';

export const PROJECT_ID = '2b7e1f40-8c3a-4d5e-9f6a-1b2c3d4e5f60';
export const CLAIM_ID = '6f1c8a52-3d0e-4b7a-9c1e-2a5d7b9e0c11';
export const phone = { phoneContryCode: 'FR', phoneFormated: '+33145678910' };
export const declarant = { firstName: 'Sophie', lastName: 'Lambert', email: 'sophie@agence.fr', phone };

/** A claim as the partner answers it, checked against the contract (a fixture that drifts fails here). */
export function claimFixture(over: Partial<Claim> = {}): Claim {
  return ClaimSchema.parse({
    id: CLAIM_ID,
    projectId: PROJECT_ID,
    status: 10,
    createdAt: '2026-06-15T09:00:00.000Z',
    updatedAt: '2026-06-15T09:00:00.000Z',
    rentDueDate: '2026-05-05',
    rentAmount: 800,
    rentAmountReceived: 0,
    rentAmountReceivedDate: null,
    legalInfo: declarant,
    mainOwnerEmail: 'paul@exemple.fr',
    ownerEmailsBcc: [],
    metadata: {},
    tenant: { firstName: 'Léa', lastName: 'Martin', email: 'lea@exemple.fr' },
    property: null,
    amountOutstanding: 800,
    ...over,
  });
}

/** A month of a claim as the partner lists it before it is declared (a Virtual month: no id, nothing owed yet). */
export function monthFixture(over: Partial<RentalDebt> = {}): RentalDebt {
  return {
    id: null,
    claimId: CLAIM_ID,
    status: 10,
    rentDueDate: '2026-05-05',
    rentAmount: null,
    rentAmountReceived: 0,
    rentAmountReceivedDate: null,
    tenantPaidAmount: 0,
    guarantorPaidAmount: 0,
    amountDue: 0,
    receiptStatus: null,
    receiptSignedAt: null,
    createdAt: null,
    ...over,
  };
}

/** A project as the partner answers it (awaiting its rental information), checked against the contract. */
export function projectFixture(over: Partial<Project> = {}): Project {
  return ProjectSchema.parse({
    id: PROJECT_ID,
    userId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    status: 2,
    createDate: '2026-06-01T09:00:00.000Z',
    updatedAt: '2026-06-10T09:00:00.000Z',
    score: 900,
    publicUrl: 'https://partner.example/r/abc',
    profile: { gender: 2, firstName: 'Léa', lastName: 'Martin', email: 'lea@exemple.fr', dateOfBirth: '1991-03-04', phone },
    finance: { status: 4, monthlyIncome: 3200 },
    referent: null,
    referentFinance: null,
    metadata: {},
    rent: null,
    rejectionReason: null,
    ...over,
  });
}

/** The work queue's answer with no line (before the first sync: asOf null). */
export function inboxFixture(over: Partial<Inbox> = {}): Inbox {
  return {
    generatedAt: '2026-06-15T09:00:00.000Z',
    today: '2026-06-15',
    asOf: null,
    lines: [],
    page: 1,
    pageSize: 5,
    total: 0,
    counts: Object.fromEntries(INBOX_KINDS.map((k) => [k, 0])) as Inbox['counts'],
    areas: { claims: 0, projects: 0 },
    ...over,
  };
}
