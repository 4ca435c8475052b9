import { z } from 'zod';
import { GuidSchema, IsoDateSchema, TimestampSchema } from './common.js';
import { ProjectStatusSchema } from './enums.js';
import { ClaimViewSchema } from './assignments.js';
import { AssigneeFilterSchema, AssigneeSchema } from './assignees.js';
import { reminderRecipient } from './lifecycle.js';
import type { Project } from './projects.js';

/**
 * The work inbox (GET /api/inbox): what awaits the signed-in user, one line per claim or project,
 * each saying everything due there and linking to the oldest thing to do. The server gathers,
 * filters, sorts and pages it; the browser only renders it. The answer is bounded whatever the
 * data: one line per claim (not one per month) and at most INBOX_PAGE_MAX lines per page.
 */

/** Days a project may wait on payment or a signature before the inbox raises it. */
export const WAITING_TOO_LONG_DAYS = 7;
export const INBOX_PAGE_MAX = 100;
export const INBOX_PAGE_DEFAULT = 50;

/** The groups of the inbox, in the order they are shown: what a line is mainly about. */
export const INBOX_KINDS = [
  'claim.months',
  'claim.receipts',
  'claim.documents',
  'project.documents',
  'project.rent',
  'project.waiting',
  'project.ending',
] as const;
export const InboxKindSchema = z.enum(INBOX_KINDS);
export type InboxKind = z.infer<typeof InboxKindSchema>;
export const CLAIM_INBOX_KINDS = ['claim.months', 'claim.receipts', 'claim.documents'] as const;
export const PROJECT_INBOX_KINDS = ['project.documents', 'project.rent', 'project.waiting', 'project.ending'] as const;

/** urgency: the longest wait first; recent: the newest first; tenant: by name. */
export const INBOX_SORTS = ['urgency', 'recent', 'tenant'] as const;
export const InboxSortSchema = z.enum(INBOX_SORTS);
export type InboxSort = z.infer<typeof InboxSortSchema>;

const TenantSchema = z.object({ firstName: z.string().max(100), lastName: z.string().max(100) });

/** Who a waiting project's reminder goes to: the tenant (payment, their signature) or the owner. */
export const InboxReminderSchema = z.object({
  to: z.enum(['tenant', 'owner']),
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  email: z.string().max(254),
  /** The tenant's journey (the project's publicUrl), http(s) only; never sent to the owner. */
  publicUrl: z.string().max(2000).nullable(),
});
export type InboxReminder = z.infer<typeof InboxReminderSchema>;

/** Partner data is bounded before it is answered or shown (names and links are free text there). */
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const nameOf = (t: { firstName: string; lastName: string }) => ({ firstName: clip(t.firstName, 100), lastName: clip(t.lastName, 100) });
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) && url.length <= 2000 ? url : null);

/**
 * Who to remind about a project waiting on someone else: the tenant for the payment and their
 * signature (with the link of their journey), the owner for theirs (without it: that link is the
 * tenant's own). One rule for the work queue (server) and the project page (web).
 */
export function reminderFor(project: Pick<Project, 'status' | 'profile' | 'rent' | 'publicUrl'>): InboxReminder | null {
  const to = reminderRecipient(project.status);
  if (to === 'tenant') {
    const p = project.profile;
    return { to: 'tenant', ...nameOf(p), email: p.email, publicUrl: safeUrl(project.publicUrl) };
  }
  if (to === 'owner' && project.rent) {
    const o = project.rent.owner;
    return { to: 'owner', ...nameOf(o), email: o.email, publicUrl: null };
  }
  return null;
}

const LineBase = {
  tenant: TenantSchema,
  /** When the line's main task became due, and how many days ago (its urgency). */
  since: IsoDateSchema,
  days: z.number().int(),
  /** Who looks after the file (assignments.ts; null: nobody). */
  assignee: AssigneeSchema.nullable(),
};

export const ClaimInboxLineSchema = z.object({
  area: z.literal('claim'),
  kind: z.enum(CLAIM_INBOX_KINDS),
  claimId: GuidSchema,
  projectId: GuidSchema,
  ...LineBase,
  /** Undeclared months whose due date has passed (declared in order: the oldest is next). */
  months: z.object({ count: z.number().int(), oldest: IsoDateSchema, daysLate: z.number().int() }).nullable(),
  /** Subrogation receipts awaiting signature. */
  receipts: z.object({ count: z.number().int(), oldest: IsoDateSchema }).nullable(),
  /** Required documents missing before the claim can be submitted (document types). */
  documents: z.object({ missing: z.array(z.number().int()).max(50) }).nullable(),
});
export type ClaimInboxLine = z.infer<typeof ClaimInboxLineSchema>;

export const ProjectInboxLineSchema = z.object({
  area: z.literal('project'),
  kind: z.enum(PROJECT_INBOX_KINDS),
  projectId: GuidSchema,
  ...LineBase,
  status: ProjectStatusSchema,
  /** project.documents: what is missing, and why the last ones were refused. */
  missing: z.array(z.number().int()).max(50),
  rejectionReason: z.string().max(500).nullable(),
  /** project.waiting: the prepared reminder. */
  reminder: InboxReminderSchema.nullable(),
});
export type ProjectInboxLine = z.infer<typeof ProjectInboxLineSchema>;

export const InboxLineSchema = z.discriminatedUnion('area', [ClaimInboxLineSchema, ProjectInboxLineSchema]);
export type InboxLine = z.infer<typeof InboxLineSchema>;

export const InboxQuerySchema = z.object({
  /** Repeatable (?kind=a&kind=b): none means every kind. */
  kind: z
    .union([InboxKindSchema, z.array(InboxKindSchema).max(INBOX_KINDS.length)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
  tenant: z.string().trim().max(100).optional(),
  sort: InboxSortSchema.default('urgency'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(INBOX_PAGE_MAX).default(INBOX_PAGE_DEFAULT),
  /** `me` or a colleague's users.id: only the files they look after. */
  assignee: AssigneeFilterSchema.optional(),
  /** `mine`: only the files the reader opened or looks after (an intermediary's default). */
  view: ClaimViewSchema.optional(),
});
export type InboxQuery = z.input<typeof InboxQuerySchema>;

export const InboxSchema = z.object({
  generatedAt: TimestampSchema,
  today: IsoDateSchema,
  /** When the oldest row behind the answer was read from the partner (ms since epoch; null: nothing read yet). */
  asOf: z.number().nullable(),
  /** This page's lines, grouped by kind (INBOX_KINDS order), sorted within a group. */
  lines: z.array(InboxLineSchema).max(INBOX_PAGE_MAX),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Lines matching the filters, over every page. */
  total: z.number().int(),
  /** Lines per kind matching the tenant filter (whatever the kind filter): the groups' counts. */
  counts: z.record(InboxKindSchema, z.number().int()),
  /** Lines per area, unfiltered: the navigation's badges. */
  areas: z.object({ claims: z.number().int(), projects: z.number().int() }),
});
export type Inbox = z.infer<typeof InboxSchema>;

/** Where a line's oldest thing to do is done, in the app (the same for the server's tests and the browser's links). */
export function inboxHref(line: InboxLine): string {
  if (line.area === 'claim') {
    if (line.kind === 'claim.months' && line.months) return `/claims/${line.claimId}#month-${line.months.oldest.slice(0, 7)}`;
    if (line.kind === 'claim.receipts') return `/claims/${line.claimId}#receipts`;
    return `/claims/${line.claimId}#documents`;
  }
  if (line.kind === 'project.documents') return `/projects/${line.projectId}#documents`;
  if (line.kind === 'project.rent') return `/projects/${line.projectId}#rent`;
  return `/projects/${line.projectId}`;
}

/** A stable key per line (React keys, tests): one line per claim or project. */
export const inboxKey = (line: InboxLine): string => (line.area === 'claim' ? `claim:${line.claimId}` : `project:${line.projectId}`);
