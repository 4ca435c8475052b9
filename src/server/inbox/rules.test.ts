import { describe, expect, it } from 'vitest';
import type { Claim, RentalDebt } from '../../contract/claims.js';
import type { ClaimStatus, ProjectStatus, RentalDebtStatus } from '../../contract/enums.js';
import { inboxHref, inboxKey, type InboxItem } from '../../contract/inbox.js';
import type { Project } from '../../contract/projects.js';
import { claimItems, projectItem, sortClaimItems, sortProjectItems } from './rules.js';

const CLAIM_ID = '11111111-1111-4111-8111-111111111111';
const PROJECT_ID = '22222222-2222-4222-8222-222222222222';
const TODAY = '2026-06-15';

const claim = (status: ClaimStatus): Claim =>
  ({ id: CLAIM_ID, projectId: PROJECT_ID, status, tenant: { firstName: 'Léa', lastName: 'Martin', email: 'l@x.fr' } }) as Claim;

const month = (rentDueDate: string, over: Partial<RentalDebt> = {}): RentalDebt =>
  ({ id: null, claimId: CLAIM_ID, status: 10 as RentalDebtStatus, rentDueDate, receiptStatus: null, ...over }) as RentalDebt;

const declared = (rentDueDate: string, over: Partial<RentalDebt> = {}) =>
  month(rentDueDate, { id: '33333333-3333-4333-8333-333333333333', status: 20, ...over });

const project = (status: ProjectStatus, updatedAt = '2026-06-01T09:00:00.000Z', rejectionReason: string | null = null): Project =>
  ({ id: PROJECT_ID, status, updatedAt, rejectionReason, profile: { firstName: 'Paul', lastName: 'Durand' } }) as Project;

const kinds = (items: InboxItem[]) => items.map((i) => i.kind);

describe('claim items', () => {
  it('lists each undeclared month whose due date has passed, with its delay in days', () => {
    const items = claimItems(
      claim(30),
      [declared('2026-03-05'), month('2026-04-01'), month('2026-05-01'), month('2026-06-01')],
      null,
      TODAY,
    );
    expect(items).toEqual([
      expect.objectContaining({ kind: 'claim.month', month: '2026-04-01', daysLate: 75, next: true }),
      expect.objectContaining({ kind: 'claim.month', month: '2026-05-01', daysLate: 45, next: false }),
      expect.objectContaining({ kind: 'claim.month', month: '2026-06-01', daysLate: 14, next: false }),
    ]);
  });

  it('does not list a month due today, a declared month, or a Virtual month after the deadline twice', () => {
    expect(claimItems(claim(30), [month('2026-06-15')], null, TODAY)).toEqual([]);
    expect(claimItems(claim(30), [declared('2026-05-05')], null, TODAY)).toEqual([]);
    expect(kinds(claimItems(claim(30), [month('2026-05-01', { status: 60 })], null, TODAY))).toEqual(['claim.month']);
  });

  it('lists missing required documents only before apply', () => {
    const required = [
      { documentType: 1, name: 'Bail', provided: true },
      { documentType: 2, name: 'Relevé', provided: false },
      { documentType: 3, name: 'Mise en demeure', provided: false },
    ];
    for (const status of [0, 5, 10] as const) {
      expect(claimItems(claim(status), [], required, TODAY)).toEqual([
        expect.objectContaining({ kind: 'claim.documents', missing: [2, 3] }),
      ]);
    }
    expect(claimItems(claim(20), [], required, TODAY)).toEqual([]);
    expect(
      claimItems(
        claim(10),
        [],
        required.map((r) => ({ ...r, provided: true })),
        TODAY,
      ),
    ).toEqual([]);
  });

  it('lists receipts awaiting signature, not signed ones', () => {
    const items = claimItems(
      claim(30),
      [declared('2026-03-05', { status: 40, receiptStatus: 1 }), declared('2026-04-05', { status: 40, receiptStatus: 2 })],
      null,
      TODAY,
    );
    expect(items).toEqual([expect.objectContaining({ kind: 'claim.receipt', month: '2026-03-05' })]);
  });

  it('a closed, cancelled or denied claim awaits nothing', () => {
    for (const status of [140, 150, 160] as const) {
      expect(claimItems(claim(status), [month('2026-01-01'), declared('2026-02-05', { receiptStatus: 1 })], [], TODAY)).toEqual([]);
    }
  });
});

describe('project items', () => {
  it('documents to upload (status 0), with what is missing and why they were rejected', () => {
    const required = [
      { documentType: 1, name: 'Identité', provided: true },
      { documentType: 2, name: 'Avis', provided: false },
    ];
    expect(projectItem(project(0, undefined, 'Illisible'), required, TODAY)).toMatchObject({
      kind: 'project.documents',
      missing: [2],
      rejectionReason: 'Illisible',
    });
  });

  it('rental information to add (status 2) and contracts ending (status 12)', () => {
    expect(projectItem(project(2), null, TODAY)?.kind).toBe('project.rent');
    expect(projectItem(project(12), null, TODAY)).toMatchObject({ kind: 'project.ending', since: '2026-06-01' });
  });

  it('payment or signatures pending more than 7 days, not 7 days or less', () => {
    for (const status of [4, 5, 6] as const) {
      expect(projectItem(project(status, '2026-06-07T23:00:00.000Z'), null, TODAY)).toMatchObject({
        kind: 'project.waiting',
        status,
        days: 8,
      });
      expect(projectItem(project(status, '2026-06-08T08:00:00.000Z'), null, TODAY)).toBeNull();
    }
  });

  it('nothing for the statuses that await nobody in the agency', () => {
    for (const status of [1, 3, 7, 9, 13, 14] as const)
      expect(projectItem(project(status, '2026-01-01T00:00:00Z'), null, TODAY)).toBeNull();
  });
});

describe('order, links and keys', () => {
  it('months to declare first (oldest first), then documents, then receipts; projects by urgency', () => {
    const c = claimItems(
      claim(10),
      [month('2026-04-01'), month('2026-03-01'), declared('2026-02-05', { receiptStatus: 1 })],
      [{ documentType: 1, name: 'Bail', provided: false }],
      TODAY,
    );
    expect(sortClaimItems([...c].reverse()).map(inboxKey)).toEqual([
      `claim.month:${CLAIM_ID}:2026-03-01`,
      `claim.month:${CLAIM_ID}:2026-04-01`,
      `claim.documents:${CLAIM_ID}`,
      `claim.receipt:${CLAIM_ID}:2026-02-05`,
    ]);
    const long = projectItem(project(5, '2026-05-01T00:00:00Z'), null, TODAY);
    const short = projectItem(project(6, '2026-06-01T00:00:00Z'), null, TODAY);
    const rent = projectItem(project(2), null, TODAY);
    expect(sortProjectItems([short, rent, long].filter((i) => i !== null)).map((i) => i.kind)).toEqual([
      'project.rent',
      'project.waiting',
      'project.waiting',
    ]);
    expect(sortProjectItems([short, long].filter((i) => i !== null)).map((i) => (i.kind === 'project.waiting' ? i.days : 0))).toEqual([
      45, 14,
    ]);
  });

  it('each item links to the exact place where it is done', () => {
    const [m] = claimItems(claim(30), [month('2026-05-01')], null, TODAY);
    expect(m && inboxHref(m)).toBe(`/claims/${CLAIM_ID}#month-2026-05`);
    const d = projectItem(project(0), [], TODAY);
    expect(d && inboxHref(d)).toBe(`/projects/${PROJECT_ID}#documents`);
    const r = projectItem(project(2), [], TODAY);
    expect(r && inboxHref(r)).toBe(`/projects/${PROJECT_ID}#rent`);
  });
});
