import { z } from 'zod';
import type { Claim } from '../../contract/claims.js';
import { addDays, daysBetween } from '../../contract/dates.js';
import { ProjectStatus, ReceiptStatus } from '../../contract/enums.js';
import {
  ClaimInboxLineSchema,
  ProjectInboxLineSchema,
  WAITING_TOO_LONG_DAYS,
  reminderFor,
  type ClaimInboxLine,
  type InboxKind,
  type InboxLine,
  type ProjectInboxLine,
} from '../../contract/inbox.js';
import {
  claimAwaitsDocuments,
  isClaimOpen,
  projectAwaitsRentalInformation,
  projectTakesDocuments,
  reminderRecipient,
} from '../../contract/lifecycle.js';
import type { Project, RequiredDocument } from '../../contract/projects.js';
import { daysPastDue, declarableFrom, isToDeclare } from '../../contract/months.js';
import { foldForSearch } from '../../contract/search.js';

/**
 * The work queue's rules, in two halves: what of a line does not depend on "today" is worked out
 * when the read model keeps a row (inboxOfClaim / inboxOfProject, stored in its inbox_* columns),
 * what does (the kind, since when, how many days) when the queue is read (kindOn here, the same
 * rule in SQL in reads.ts; lineOf). Bump INBOX_VERSION when a rule changes: the sync recomputes
 * the rows kept under an older one from what they hold, without asking the partner.
 */
export const INBOX_VERSION = 1;

/** Partner data is bounded before it is answered (names, reasons, links are free text there). */
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const tenantOf = (t: { firstName: string; lastName: string }) => ({ firstName: clip(t.firstName, 100), lastName: clip(t.lastName, 100) });
const missingOf = (required: readonly RequiredDocument[] | null) =>
  (required ?? [])
    .filter((r) => !r.provided)
    .map((r) => r.documentType)
    .slice(0, 50);

/** The line's parts that stay as they are until the row changes (inbox_line, JSON). */
export const LineFixedSchema = z.discriminatedUnion('area', [
  ClaimInboxLineSchema.pick({ area: true, claimId: true, projectId: true, tenant: true, receipts: true, documents: true }),
  ProjectInboxLineSchema.pick({
    area: true,
    projectId: true,
    tenant: true,
    status: true,
    missing: true,
    rejectionReason: true,
    reminder: true,
  }),
]);
export type LineFixed = z.infer<typeof LineFixedSchema>;

/** What a row keeps for the work queue (null when it can have no line, whatever the day). */
export interface InboxParts {
  /** The line's kind unless a month is due (claims); a project's only kind (project.waiting: once it has waited too long). */
  kind: InboxKind | null;
  since: string | null;
  /** Claims: the due date of the oldest undeclared month; from that day on, the line is about months. */
  monthsFrom: string | null;
  fixed: LineFixed;
}

/**
 * The tenant filter's column: first+last and last+first, folded (accents, case, punctuation
 * ignored), apart, so "lea mart" and "martin lea" are found by "contains".
 */
export const tenantFolded = (t: { firstName: string; lastName: string }): string => {
  const first = foldForSearch(t.firstName);
  const last = foldForSearch(t.lastName);
  return `${first}${last} ${last}${first}`;
};
/** The name orders' column: last name then first, folded. */
export const sortName = (t: { firstName: string; lastName: string }): string =>
  `${foldForSearch(t.lastName)} ${foldForSearch(t.firstName)}`;

/** What of a month the rules read (a row of rm_debts has it as well as the partner's answer). */
type Month = { id: string | null; status: number; rentDueDate: string; receiptStatus: number | null };

/**
 * A claim's parts, from its months in one pass (a claim may have thousands): the day its oldest
 * undeclared month is to declare from (declarableFrom, contract/months.ts), its receipts awaiting
 * signature, its documents missing before apply.
 * The line is about its most pressing part: months once due, then receipts, then documents.
 */
export function inboxOfClaim(claim: Claim, debts: readonly Month[], required: readonly RequiredDocument[] | null): InboxParts | null {
  if (!isClaimOpen(claim.status)) return null;
  let monthsFrom: string | null = null;
  let pending = 0;
  let oldestPending = '';
  for (const d of debts) {
    const from = declarableFrom(claim.rentDueDate, d);
    if (from !== null && (monthsFrom === null || from < monthsFrom)) monthsFrom = from;
    if (d.receiptStatus === ReceiptStatus.PendingSignature) {
      pending++;
      if (oldestPending === '' || d.rentDueDate < oldestPending) oldestPending = d.rentDueDate;
    }
  }
  const receipts = pending > 0 ? { count: pending, oldest: oldestPending } : null;
  const missing = missingOf(required);
  const documents = claimAwaitsDocuments(claim.status) && missing.length > 0 ? { missing } : null;
  const fixed: LineFixed = {
    area: 'claim',
    claimId: claim.id,
    projectId: claim.projectId,
    tenant: tenantOf(claim.tenant),
    receipts,
    documents,
  };
  const then: Pick<InboxParts, 'kind' | 'since'> = receipts
    ? { kind: 'claim.receipts', since: receipts.oldest }
    : documents
      ? { kind: 'claim.documents', since: claim.createdAt.slice(0, 10) }
      : { kind: null, since: null };
  return then.kind === null && monthsFrom === null ? null : { ...then, monthsFrom, fixed };
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
 * A project's parts: documents to upload or replace, rental information, payment or a signature
 * pending (with a prepared reminder; a line once pending more than WAITING_TOO_LONG_DAYS), a
 * contract ending. The date a project entered its status is its last update (nothing else changes
 * in those statuses).
 */
export function inboxOfProject(project: Project, required: readonly RequiredDocument[] | null): InboxParts | null {
  const since = project.updatedAt.slice(0, 10);
  const parts = (kind: InboxKind, more: Partial<Extract<LineFixed, { area: 'project' }>> = {}): InboxParts => ({
    kind,
    since,
    monthsFrom: null,
    fixed: {
      area: 'project',
      projectId: project.id,
      tenant: tenantOf(project.profile),
      status: project.status,
      missing: [],
      rejectionReason: null,
      reminder: null,
      ...more,
    },
  });
  if (projectTakesDocuments(project.status))
    return parts('project.documents', {
      missing: missingOf(required),
      rejectionReason: project.rejectionReason === null ? null : clip(project.rejectionReason, 500),
    });
  if (projectAwaitsRentalInformation(project.status)) return parts('project.rent');
  if (reminderRecipient(project.status) !== null) return parts('project.waiting', { reminder: reminderFor(project) });
  if (project.status === ProjectStatus.Ending) return parts('project.ending');
  return null;
}

/** A project waits too long once it entered its status before this day (more than WAITING_TOO_LONG_DAYS ago). */
export const waitingBefore = (today: string): string => addDays(today, -WAITING_TOO_LONG_DAYS);

/**
 * What a row's line is about today, and since when (null: no line today). reads.ts says the same
 * in SQL (a CASE on the same columns), so the database sorts, filters and counts by it.
 */
export function kindOn(p: Pick<InboxParts, 'kind' | 'since' | 'monthsFrom'>, today: string): { kind: InboxKind; since: string } | null {
  if (p.monthsFrom !== null && p.monthsFrom <= today) return { kind: 'claim.months', since: p.monthsFrom };
  if (p.kind === null || p.since === null) return null;
  if (p.kind === 'project.waiting' && p.since >= waitingBefore(today)) return null;
  return { kind: p.kind, since: p.since };
}

type ClaimFixed = Extract<LineFixed, { area: 'claim' }>;
type ProjectFixed = Extract<LineFixed, { area: 'project' }>;
const isClaimKind = (k: InboxKind): k is ClaimInboxLine['kind'] => k.startsWith('claim.');

/**
 * The line as answered: its fixed part, what it is about today, its delay in days; a line about
 * months says how many are due today (`monthsDue`: the undeclared months due by today). Null when
 * the kind is not of the fixed part's area (a row cannot be both).
 */
export function lineOf(fixed: LineFixed, at: { kind: InboxKind; since: string }, today: string, monthsDue: number): InboxLine | null {
  return fixed.area === 'claim' ? claimLineOf(fixed, at, today, monthsDue) : projectLineOf(fixed, at, today);
}

function claimLineOf(fixed: ClaimFixed, at: { kind: InboxKind; since: string }, today: string, monthsDue: number): ClaimInboxLine | null {
  if (!isClaimKind(at.kind)) return null;
  const days = daysBetween(at.since, today);
  const months = at.kind === 'claim.months' ? { count: monthsDue, oldest: at.since, daysLate: daysPastDue(at.since, today) } : null;
  return { ...fixed, kind: at.kind, since: at.since, days, months, assignee: null };
}

function projectLineOf(fixed: ProjectFixed, at: { kind: InboxKind; since: string }, today: string): ProjectInboxLine | null {
  if (isClaimKind(at.kind)) return null;
  return { ...fixed, kind: at.kind, since: at.since, days: daysBetween(at.since, today), assignee: null };
}

/** The months to declare today among `debts` (isToDeclare). */
export const monthsDueBy = (claim: Pick<Claim, 'rentDueDate'>, debts: readonly Month[], today: string): number =>
  debts.filter((d) => isToDeclare(claim.rentDueDate, d, today)).length;

/** A claim's line today from all it holds, or null when it awaits nothing (the rules in one call: tests, the reference gather). */
export function claimLine(
  claim: Claim,
  debts: readonly Month[],
  required: readonly RequiredDocument[] | null,
  today: string,
): ClaimInboxLine | null {
  const parts = inboxOfClaim(claim, debts, required);
  const at = parts && kindOn(parts, today);
  if (!parts || !at || parts.fixed.area !== 'claim') return null;
  return claimLineOf(parts.fixed, at, today, at.kind === 'claim.months' ? monthsDueBy(claim, debts, today) : 0);
}

/** A project's line today, or null. */
export function projectLine(project: Project, required: readonly RequiredDocument[] | null, today: string): ProjectInboxLine | null {
  const parts = inboxOfProject(project, required);
  const at = parts && kindOn(parts, today);
  return parts && at && parts.fixed.area === 'project' ? projectLineOf(parts.fixed, at, today) : null;
}
