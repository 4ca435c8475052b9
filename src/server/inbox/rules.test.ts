import { describe, expect, it } from 'vitest';
import type { Claim, RentalDebt } from '../../contract/claims.js';
import type { ClaimStatus, ProjectStatus, RentalDebtStatus } from '../../contract/enums.js';
import { inboxHref } from '../../contract/inbox.js';
import type { Project } from '../../contract/projects.js';
import { claimLine, projectLine } from './rules.js';

const CLAIM_ID = '11111111-1111-4111-8111-111111111111';
const PROJECT_ID = '22222222-2222-4222-8222-222222222222';
const TODAY = '2026-06-15';

const claim = (status: ClaimStatus, rentDueDate = '2026-03-01', createdAt = '2026-03-10T08:00:00.000Z'): Claim =>
  ({
    id: CLAIM_ID,
    projectId: PROJECT_ID,
    status,
    rentDueDate,
    createdAt,
    tenant: { firstName: 'Léa', lastName: 'Martin', email: 'l@x.fr' },
  }) as Claim;

const month = (rentDueDate: string, over: Partial<RentalDebt> = {}): RentalDebt =>
  ({ id: null, claimId: CLAIM_ID, status: 10 as RentalDebtStatus, rentDueDate, receiptStatus: null, ...over }) as RentalDebt;

const declared = (rentDueDate: string, over: Partial<RentalDebt> = {}) =>
  month(rentDueDate, { id: '33333333-3333-4333-8333-333333333333', status: 20, ...over });

/** A claim's line today; its months due on the claim's day (`rentDueDate`'s, the 1st unless said). */
const line = (status: ClaimStatus, debts: RentalDebt[], required: Parameters<typeof claimLine>[2] = null, rentDueDate?: string) =>
  claimLine(claim(status, rentDueDate), debts, required, TODAY);

const project = (status: ProjectStatus, updatedAt = '2026-06-01T09:00:00.000Z', over: Partial<Project> = {}): Project =>
  ({
    id: PROJECT_ID,
    status,
    updatedAt,
    rejectionReason: null,
    publicUrl: 'https://partner.example/resume/abc',
    profile: { firstName: 'Paul', lastName: 'Durand', email: 'paul@exemple.fr' },
    rent: { owner: { firstName: 'Odile', lastName: 'Proprio', email: 'odile@exemple.fr' } },
    ...over,
  }) as Project;

const required = [
  { documentType: 1, name: 'Bail', provided: true },
  { documentType: 2, name: 'Relevé', provided: false },
  { documentType: 3, name: 'Mise en demeure', provided: false },
];

describe('months to declare', () => {
  it("counts the delay from the claim's due day, even when the partner dates an undeclared month on the 1st", () => {
    const months = [declared('2026-03-05'), month('2026-04-01'), month('2026-05-01'), month('2026-06-01')];
    // April is due on 05/04 (71 days before 15/06), June's 05/06 has passed too
    expect(line(30, months, null, '2026-03-05')?.months).toEqual({ count: 3, oldest: '2026-04-05', daysLate: 71 });
    expect(claimLine(claim(30, '2026-03-05'), [month('2026-06-01')], null, '2026-06-03')).toBeNull();
  });
});

describe('a claim is one line', () => {
  it('its months to declare: how many, the oldest and its delay; the line links to the oldest', () => {
    const l = line(30, [declared('2026-03-05'), month('2026-04-01'), month('2026-05-01'), month('2026-06-01'), month('2026-06-15')]);
    expect(l).toMatchObject({
      kind: 'claim.months',
      // the month due today counts: it may be declared today (the round and the menu badge count it too)
      months: { count: 4, oldest: '2026-04-01', daysLate: 75 },
      since: '2026-04-01',
      days: 75,
    });
    expect(l && inboxHref(l)).toBe(`/claims/${CLAIM_ID}#month-2026-04`);
  });

  it('a month due tomorrow, or declared, is not to declare; one due today is, as is a Virtual month after the deadline', () => {
    expect(line(30, [month('2026-06-16'), declared('2026-05-16')], null, '2026-03-16')).toBeNull();
    expect(line(30, [month('2026-06-15'), declared('2026-05-15')], null, '2026-03-15')?.months).toMatchObject({
      count: 1,
      oldest: '2026-06-15',
      daysLate: 0,
    });
    expect(line(30, [month('2026-05-01', { status: 60 })])?.months).toMatchObject({ count: 1 });
  });

  it('also carries its receipts to sign and its missing documents, whichever it is mainly about', () => {
    const all = line(
      10,
      [declared('2026-02-05', { receiptStatus: 1 }), declared('2026-03-05', { receiptStatus: 1 }), month('2026-05-01')],
      required,
    );
    expect(all).toMatchObject({
      kind: 'claim.months',
      receipts: { count: 2, oldest: '2026-02-05' },
      documents: { missing: [2, 3] },
    });
    const receipts = line(30, [declared('2026-03-05', { receiptStatus: 1 }), declared('2026-04-05', { receiptStatus: 2 })]);
    expect(receipts).toMatchObject({ kind: 'claim.receipts', receipts: { count: 1, oldest: '2026-03-05' }, days: 102 });
    expect(receipts && inboxHref(receipts)).toBe(`/claims/${CLAIM_ID}#receipts`);
    const documents = line(10, [], required);
    expect(documents).toMatchObject({ kind: 'claim.documents', since: '2026-03-10', days: 97, months: null, receipts: null });
    expect(documents && inboxHref(documents)).toBe(`/claims/${CLAIM_ID}#documents`);
  });

  it('missing documents count only before apply; a claim with nothing due, closed, cancelled or denied has no line', () => {
    for (const status of [0, 5, 10] as const) expect(line(status, [], required)?.kind).toBe('claim.documents');
    expect(line(20, [], required)).toBeNull();
    expect(
      line(
        10,
        [],
        required.map((r) => ({ ...r, provided: true })),
      ),
    ).toBeNull();
    for (const status of [140, 150, 160] as const) expect(line(status, [month('2026-01-01')], required)).toBeNull();
  });

  it('thousands of months make one line, summarised in one pass', () => {
    const many = Array.from({ length: 23_000 }, (_, i) =>
      month(`${String(100 + Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}-01`),
    );
    const l = line(30, many);
    expect(l).toMatchObject({ kind: 'claim.months', months: { count: 23_000, oldest: '0100-01-01' } });
    expect(JSON.stringify(l).length).toBeLessThan(1000);
  });
});

describe('a project is one line', () => {
  it('documents to upload (status 0), with what is missing and why they were refused', () => {
    const l = projectLine(project(0, undefined, { rejectionReason: 'Illisible' }), required, TODAY);
    expect(l).toMatchObject({ kind: 'project.documents', missing: [2, 3], rejectionReason: 'Illisible' });
    expect(l && inboxHref(l)).toBe(`/projects/${PROJECT_ID}#documents`);
  });

  it('rental information to add (status 2), since its last update; contracts ending (status 12)', () => {
    const rent = projectLine(project(2), null, TODAY);
    expect(rent).toMatchObject({ kind: 'project.rent', since: '2026-06-01', days: 14 });
    expect(rent && inboxHref(rent)).toBe(`/projects/${PROJECT_ID}#rent`);
    expect(projectLine(project(12), null, TODAY)).toMatchObject({ kind: 'project.ending', since: '2026-06-01' });
  });

  it('payment or signatures pending more than 7 days, not 7 days or less', () => {
    for (const status of [4, 5, 6] as const) {
      expect(projectLine(project(status, '2026-06-07T23:00:00.000Z'), null, TODAY)).toMatchObject({
        kind: 'project.waiting',
        status,
        days: 8,
      });
      expect(projectLine(project(status, '2026-06-08T08:00:00.000Z'), null, TODAY)).toBeNull();
    }
  });

  it('a reminder goes to the tenant with the link of their journey, or to the owner without it', () => {
    for (const status of [4, 5] as const) {
      expect(projectLine(project(status, '2026-05-01T00:00:00Z'), null, TODAY)?.reminder).toEqual({
        to: 'tenant',
        firstName: 'Paul',
        lastName: 'Durand',
        email: 'paul@exemple.fr',
        publicUrl: 'https://partner.example/resume/abc',
      });
    }
    expect(projectLine(project(6, '2026-05-01T00:00:00Z'), null, TODAY)?.reminder).toEqual({
      to: 'owner',
      firstName: 'Odile',
      lastName: 'Proprio',
      email: 'odile@exemple.fr',
      publicUrl: null,
    });
    // a link that is not http(s) is not offered
    expect(
      projectLine(project(5, '2026-05-01T00:00:00Z', { publicUrl: 'javascript:alert(1)' }), null, TODAY)?.reminder?.publicUrl,
    ).toBeNull();
  });

  it('partner text is bounded before it is answered', () => {
    const long = projectLine(
      project(0, undefined, {
        rejectionReason: 'x'.repeat(5000),
        profile: { firstName: 'P'.repeat(300), lastName: 'D' } as Project['profile'],
      }),
      null,
      TODAY,
    );
    expect(long?.rejectionReason?.length).toBeLessThanOrEqual(500);
    expect(long?.tenant.firstName.length).toBeLessThanOrEqual(100);
  });

  it('nothing for the statuses that await nobody in the agency', () => {
    for (const status of [1, 3, 7, 9, 13, 14] as const)
      expect(projectLine(project(status, '2026-01-01T00:00:00Z'), null, TODAY)).toBeNull();
  });
});
