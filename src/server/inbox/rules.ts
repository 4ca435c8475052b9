import type { Claim, RentalDebt } from '../../contract/claims.js';
import { daysBetween, dueDateInMonth } from '../../contract/dates.js';
import { ProjectStatus, ReceiptStatus } from '../../contract/enums.js';
import { WAITING_TOO_LONG_DAYS, reminderFor, type ClaimInboxLine, type ProjectInboxLine } from '../../contract/inbox.js';
import {
  claimAwaitsDocuments,
  isClaimOpen,
  isMonthToDeclare,
  projectAwaitsRentalInformation,
  projectTakesDocuments,
  reminderRecipient,
} from '../../contract/lifecycle.js';
import type { Project, RequiredDocument } from '../../contract/projects.js';

/** Partner data is bounded before it is answered (names, reasons, links are free text there). */
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const tenantOf = (t: { firstName: string; lastName: string }) => ({ firstName: clip(t.firstName, 100), lastName: clip(t.lastName, 100) });
const missingOf = (required: readonly RequiredDocument[] | null) =>
  (required ?? [])
    .filter((r) => !r.provided)
    .map((r) => r.documentType)
    .slice(0, 50);

/** What a claim's months await, in a few numbers (a claim may have thousands of months). */
export interface DebtSummary {
  months: ClaimInboxLine['months'];
  receipts: ClaimInboxLine['receipts'];
}

/**
 * One pass over a claim's months: the undeclared months whose due date (on the claim's due day)
 * has passed (how many, the oldest, its delay) and the receipts awaiting signature (how many, the oldest).
 */
export function summarizeDebts(
  debts: readonly Pick<RentalDebt, 'id' | 'status' | 'rentDueDate' | 'receiptStatus'>[],
  today: string,
  firstDueDate?: string,
): DebtSummary {
  let months = { count: 0, oldest: '' };
  let receipts = { count: 0, oldest: '' };
  const older = (a: string, b: string) => (b === '' || a < b ? a : b);
  for (const d of debts) {
    const undeclared = d.id === null && isMonthToDeclare(d.status);
    // an undeclared month is due from the claim's day, that day included (the partner may date it
    // on the 1st): isMonthDue's rule (contract/round.ts), the round's and the menu badge's
    const due = firstDueDate ? dueDateInMonth(firstDueDate, d.rentDueDate) : d.rentDueDate;
    if (undeclared && due <= today) months = { count: months.count + 1, oldest: older(due, months.oldest) };
    if (d.receiptStatus === ReceiptStatus.PendingSignature)
      receipts = { count: receipts.count + 1, oldest: older(d.rentDueDate, receipts.oldest) };
  }
  return {
    months: months.count > 0 ? { ...months, daysLate: daysBetween(months.oldest, today) } : null,
    receipts: receipts.count > 0 ? receipts : null,
  };
}

/**
 * One line for a claim, or null when it awaits nothing: its months to declare, its receipts to
 * sign, and its required documents still missing before apply. The line is about its most
 * pressing part (months, then receipts, then documents) and links to the oldest of it.
 */
export function claimLine(
  claim: Claim,
  { months, receipts }: DebtSummary,
  required: readonly RequiredDocument[] | null,
  today: string,
): ClaimInboxLine | null {
  if (!isClaimOpen(claim.status)) return null;
  const missing = missingOf(required);
  const documents = claimAwaitsDocuments(claim.status) && missing.length > 0 ? { missing } : null;
  const ref = {
    area: 'claim' as const,
    claimId: claim.id,
    projectId: claim.projectId,
    tenant: tenantOf(claim.tenant),
    months,
    receipts,
    documents,
    assignee: null,
  };
  if (months) return { ...ref, kind: 'claim.months', since: months.oldest, days: months.daysLate };
  if (receipts) return { ...ref, kind: 'claim.receipts', since: receipts.oldest, days: daysBetween(receipts.oldest, today) };
  if (documents) {
    const since = claim.createdAt.slice(0, 10);
    return { ...ref, kind: 'claim.documents', since, days: daysBetween(since, today) };
  }
  return null;
}

/** Project statuses the inbox reads (the others await nobody in the agency). */
export const INBOX_PROJECT_STATUSES = [
  ProjectStatus.DocumentsPending,
  ProjectStatus.AwaitingRentalInformation,
  ProjectStatus.AwaitingPayment,
  ProjectStatus.AwaitingTenantSignature,
  ProjectStatus.AwaitingOwnerSignature,
  ProjectStatus.Ending,
] as const;

/**
 * One line for a project, or null: documents to upload or replace, rental information, payment
 * or a signature pending more than WAITING_TOO_LONG_DAYS (with a prepared reminder), a contract
 * ending. The date a project entered its status is its last update (nothing else changes in
 * those statuses).
 */
export function projectLine(project: Project, required: readonly RequiredDocument[] | null, today: string): ProjectInboxLine | null {
  const since = project.updatedAt.slice(0, 10);
  const days = daysBetween(since, today);
  const line = (kind: ProjectInboxLine['kind'], more: Partial<ProjectInboxLine> = {}): ProjectInboxLine => ({
    area: 'project',
    kind,
    projectId: project.id,
    tenant: tenantOf(project.profile),
    since,
    days,
    status: project.status,
    missing: [],
    rejectionReason: null,
    reminder: null,
    assignee: null,
    ...more,
  });
  if (projectTakesDocuments(project.status))
    return line('project.documents', {
      missing: missingOf(required),
      rejectionReason: project.rejectionReason === null ? null : clip(project.rejectionReason, 500),
    });
  if (projectAwaitsRentalInformation(project.status)) return line('project.rent');
  if (reminderRecipient(project.status) !== null)
    return days > WAITING_TOO_LONG_DAYS ? line('project.waiting', { reminder: reminderFor(project) }) : null;
  if (project.status === ProjectStatus.Ending) return line('project.ending');
  return null;
}
