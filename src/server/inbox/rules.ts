import type { Claim, RentalDebt } from '../../contract/claims.js';
import { daysBetween } from '../../contract/dates.js';
import { CLAIM_TERMINAL_STATUSES, ReceiptStatus, RentalDebtStatus, type ClaimStatus } from '../../contract/enums.js';
import { WAITING_TOO_LONG_DAYS, type InboxItem } from '../../contract/inbox.js';
import type { Project, RequiredDocument } from '../../contract/projects.js';

/** Claim statuses in which documents are still gathered and the claim can be applied. */
export const CLAIM_BEFORE_APPLY: readonly ClaimStatus[] = [0, 5, 10];
export const isOpenClaim = (c: Claim): boolean => !CLAIM_TERMINAL_STATUSES.includes(c.status);

const tenantOf = (t: { firstName: string; lastName: string }) => ({ firstName: t.firstName, lastName: t.lastName });

/**
 * What a claim awaits: every undeclared month whose due date has passed (oldest first, with its
 * delay in days), the required documents still missing before apply, and every receipt awaiting
 * signature. A closed, cancelled or denied claim awaits nothing.
 */
export function claimItems(
  claim: Claim,
  debts: readonly RentalDebt[],
  required: readonly RequiredDocument[] | null,
  today: string,
): InboxItem[] {
  if (!isOpenClaim(claim)) return [];
  const ref = { claimId: claim.id, tenant: tenantOf(claim.tenant) };
  const items: InboxItem[] = [];
  const undeclared = debts.filter(
    (d) => d.id === null && (d.status === RentalDebtStatus.Virtual || d.status === RentalDebtStatus.VirtualPostLimitDate),
  );
  const next = undeclared.reduce<string | null>((min, d) => (min === null || d.rentDueDate < min ? d.rentDueDate : min), null);
  for (const d of undeclared) {
    if (d.rentDueDate < today) {
      const daysLate = daysBetween(d.rentDueDate, today);
      items.push({ kind: 'claim.month', ...ref, month: d.rentDueDate, daysLate, next: d.rentDueDate === next });
    }
  }
  const missing = (required ?? []).filter((r) => !r.provided).map((r) => r.documentType);
  if (CLAIM_BEFORE_APPLY.includes(claim.status) && missing.length > 0) items.push({ kind: 'claim.documents', ...ref, missing });
  for (const d of debts) {
    if (d.receiptStatus === ReceiptStatus.PendingSignature) items.push({ kind: 'claim.receipt', ...ref, month: d.rentDueDate });
  }
  return items;
}

/** Project statuses the inbox reads (the others await nobody in the agency). */
export const INBOX_PROJECT_STATUSES = [0, 2, 4, 5, 6, 12] as const;

/**
 * What a project awaits: documents to upload or replace (status 0), rental information (2),
 * payment or a signature pending more than WAITING_TOO_LONG_DAYS (4, 5, 6), a contract ending (12).
 * The date a project entered its status is its last update (nothing else changes in those statuses).
 */
export function projectItem(project: Project, required: readonly RequiredDocument[] | null, today: string): InboxItem | null {
  const ref = { projectId: project.id, tenant: tenantOf(project.profile) };
  const since = project.updatedAt.slice(0, 10);
  switch (project.status) {
    case 0:
      return {
        kind: 'project.documents',
        ...ref,
        missing: (required ?? []).filter((r) => !r.provided).map((r) => r.documentType),
        rejectionReason: project.rejectionReason,
      };
    case 2:
      return { kind: 'project.rent', ...ref };
    case 4:
    case 5:
    case 6: {
      const days = daysBetween(since, today);
      return days > WAITING_TOO_LONG_DAYS ? { kind: 'project.waiting', ...ref, status: project.status, since, days } : null;
    }
    case 12:
      return { kind: 'project.ending', ...ref, status: project.status, since };
    default:
      return null;
  }
}

/** Claims: months to declare (oldest first), then documents, then receipts (oldest first). */
export function sortClaimItems(items: InboxItem[]): InboxItem[] {
  const rank = { 'claim.month': 0, 'claim.documents': 1, 'claim.receipt': 2 } as Record<string, number>;
  const monthOf = (i: InboxItem) => ('month' in i ? i.month : '');
  return [...items].sort((a, b) => (rank[a.kind] ?? 9) - (rank[b.kind] ?? 9) || monthOf(a).localeCompare(monthOf(b)));
}

/** Projects: documents, rental information, the longest waits first, contracts ending. */
export function sortProjectItems(items: InboxItem[]): InboxItem[] {
  const rank = { 'project.documents': 0, 'project.rent': 1, 'project.waiting': 2, 'project.ending': 3 } as Record<string, number>;
  const days = (i: InboxItem) => (i.kind === 'project.waiting' ? i.days : 0);
  return [...items].sort((a, b) => (rank[a.kind] ?? 9) - (rank[b.kind] ?? 9) || days(b) - days(a));
}
