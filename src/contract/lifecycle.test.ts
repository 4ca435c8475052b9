import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, PROJECT_STATUSES, RENTAL_DEBT_STATUSES } from './enums.js';
import {
  canDeclareMonth,
  canGuarantorPay,
  canRecordPayment,
  claimAcceptsDocuments,
  claimAwaits,
  claimAwaitsDocuments,
  claimAwaitsValidation,
  inIntermediaryScope,
  isClaimOpen,
  isMonthBlocked,
  isMonthSettled,
  isMonthToDeclare,
  PROJECT_LIFECYCLE,
  projectActor,
  projectAwaitsAgency,
  projectAwaitsRentalInformation,
  projectHasCertificate,
  projectIsActive,
  projectTakesDocuments,
  reminderRecipient,
} from './lifecycle.js';

/** The names of the statuses (of one enum) for which a rule holds, over every status of the spec. */
function holdsFor<E extends { code: number; name: string }>(entries: readonly E[], rule: (code: E['code']) => boolean): string[] {
  return entries.filter((e) => rule(e.code)).map((e) => e.name);
}

const OPEN_CLAIM = CLAIM_STATUSES.map((s) => s.name).filter((n) => !['Closed', 'Cancelled', 'Denied'].includes(n));

describe('claim rules', () => {
  it('a claim is open unless closed, cancelled or denied', () => {
    expect(holdsFor(CLAIM_STATUSES, isClaimOpen)).toEqual(OPEN_CLAIM);
  });
  it('documents are gathered (and the claim can be applied) before apply only', () => {
    expect(holdsFor(CLAIM_STATUSES, claimAwaitsDocuments)).toEqual(['None', 'SimpleReminder', 'AwaitingDocuments']);
  });
  it('the claim awaits validation in ClaimToBeValidated only', () => {
    expect(holdsFor(CLAIM_STATUSES, claimAwaitsValidation)).toEqual(['ClaimToBeValidated']);
  });
  it('documents, months and payments are accepted while the claim is open, never after', () => {
    for (const rule of [claimAcceptsDocuments, canDeclareMonth, canRecordPayment])
      expect(holdsFor(CLAIM_STATUSES, rule)).toEqual(OPEN_CLAIM);
  });
  it('says what a claim waits for in each status', () => {
    const byAwait = (a: string) => holdsFor(CLAIM_STATUSES, (s) => claimAwaits(s) === a);
    expect(byAwait('documents')).toEqual(['None', 'SimpleReminder', 'AwaitingDocuments']);
    expect(byAwait('validation')).toEqual(['ClaimToBeValidated']);
    expect(byAwait('declarations')).toEqual(['Validated']);
    expect(byAwait('none')).toEqual(['Closed', 'Cancelled', 'Denied']);
    expect(byAwait('procedure')).toEqual(
      OPEN_CLAIM.filter((n) => !['None', 'SimpleReminder', 'AwaitingDocuments', 'ClaimToBeValidated', 'Validated'].includes(n)),
    );
  });
});

describe('month (rental debt) rules', () => {
  it('a month is to declare while virtual, within or past the deadline', () => {
    expect(holdsFor(RENTAL_DEBT_STATUSES, isMonthToDeclare)).toEqual(['Virtual', 'VirtualPostLimitDate']);
  });
  it('a month is blocked in Blocked and BlockedLateDeclaration', () => {
    expect(holdsFor(RENTAL_DEBT_STATUSES, isMonthBlocked)).toEqual(['Blocked', 'BlockedLateDeclaration']);
  });
  it('the guarantor pays a month awaiting payment or partly paid, no other', () => {
    expect(holdsFor(RENTAL_DEBT_STATUSES, canGuarantorPay)).toEqual(['PendingPayment', 'PartiallyPaid']);
  });
  it('a paid, partly paid, overpaid or no-action month is settled', () => {
    expect(holdsFor(RENTAL_DEBT_STATUSES, isMonthSettled)).toEqual(['Paid', 'PartiallyPaid', 'OverPaid', 'NoActionRequired']);
  });
});

describe('project rules', () => {
  it('documents are taken only while pending', () => {
    expect(holdsFor(PROJECT_STATUSES, projectTakesDocuments)).toEqual(['DocumentsPending']);
  });
  it('rental information is awaited after the documents are validated', () => {
    expect(holdsFor(PROJECT_STATUSES, projectAwaitsRentalInformation)).toEqual(['AwaitingRentalInformation']);
  });
  it('a claim can be opened only on an active project', () => {
    expect(holdsFor(PROJECT_STATUSES, projectIsActive)).toEqual(['Active']);
  });
  it('every project but a non-eligible one has a certificate', () => {
    expect(holdsFor(PROJECT_STATUSES, projectHasCertificate)).toEqual(
      PROJECT_STATUSES.map((s) => s.name).filter((n) => n !== 'NotEligible'),
    );
  });
  it('the agency acts on pending documents, rental information and a suspended file', () => {
    expect(holdsFor(PROJECT_STATUSES, projectAwaitsAgency)).toEqual(['DocumentsPending', 'AwaitingRentalInformation', 'Suspended']);
    expect(holdsFor(PROJECT_STATUSES, (s) => projectActor(s) === 'manager')).toEqual(['DocumentsInValidation', 'RentalInValidation']);
  });
  it('reminders go to the tenant for the payment and their signature, to the owner for theirs, else to nobody', () => {
    expect(holdsFor(PROJECT_STATUSES, (s) => reminderRecipient(s) === 'tenant')).toEqual(['AwaitingPayment', 'AwaitingTenantSignature']);
    expect(holdsFor(PROJECT_STATUSES, (s) => reminderRecipient(s) === 'owner')).toEqual(['AwaitingOwnerSignature']);
    expect(holdsFor(PROJECT_STATUSES, (s) => reminderRecipient(s) === null)).not.toContain('AwaitingPayment');
  });
  it('the main path runs from pending documents to the active contract, in the order of the spec', () => {
    const name = (code: number) => PROJECT_STATUSES.find((s) => s.code === code)?.name;
    expect(PROJECT_LIFECYCLE.map(name)).toEqual([
      'DocumentsPending',
      'DocumentsInValidation',
      'AwaitingRentalInformation',
      'RentalInValidation',
      'AwaitingPayment',
      'AwaitingTenantSignature',
      'AwaitingOwnerSignature',
      'Active',
    ]);
  });
});

describe("the intermediary's scope", () => {
  it('holds an active contract, and any project with a claim whatever its status', () => {
    expect(holdsFor(PROJECT_STATUSES, (status) => inIntermediaryScope({ status, hasClaim: false }))).toEqual(['Active']);
    expect(holdsFor(PROJECT_STATUSES, (status) => inIntermediaryScope({ status, hasClaim: true }))).toEqual(
      PROJECT_STATUSES.map((s) => s.name),
    );
    expect(inIntermediaryScope({ hasClaim: true })).toBe(true);
    expect(inIntermediaryScope({ hasClaim: false })).toBe(false);
  });
});
