import { z } from 'zod';
import { GuidSchema, IsoDateSchema, TimestampSchema } from './common.js';
import { ProjectStatusSchema } from './enums.js';

/**
 * The work inbox (GET /api/inbox): what awaits the signed-in user across every project and claim
 * of the organization. The server gathers it; the browser only renders it. Each item names the
 * exact place where it is done (the month in the timeline, the document drop zone).
 */

const Tenant = z.object({ firstName: z.string(), lastName: z.string() });
const ClaimRef = { claimId: GuidSchema, tenant: Tenant };
const ProjectRef = { projectId: GuidSchema, tenant: Tenant };

/** Days a project may wait on payment or a signature before the inbox raises it. */
export const WAITING_TOO_LONG_DAYS = 7;

export const InboxItemSchema = z.discriminatedUnion('kind', [
  /** A Virtual month whose due date has passed; `next` when it is the one to declare now (months go in order). */
  z.object({ kind: z.literal('claim.month'), ...ClaimRef, month: IsoDateSchema, daysLate: z.number().int(), next: z.boolean() }),
  /** Required documents missing before the claim can be applied (document types). */
  z.object({ kind: z.literal('claim.documents'), ...ClaimRef, missing: z.array(z.number().int()) }),
  /** A subrogation receipt awaiting signature. */
  z.object({ kind: z.literal('claim.receipt'), ...ClaimRef, month: IsoDateSchema }),
  /** Status 0: documents to upload, or to replace after a rejection. */
  z.object({
    kind: z.literal('project.documents'),
    ...ProjectRef,
    missing: z.array(z.number().int()),
    rejectionReason: z.string().nullable(),
  }),
  /** Status 2: the rental information is to be added. */
  z.object({ kind: z.literal('project.rent'), ...ProjectRef }),
  /** Status 4, 5 or 6 for more than WAITING_TOO_LONG_DAYS: payment, tenant or owner signature. */
  z.object({
    kind: z.literal('project.waiting'),
    ...ProjectRef,
    status: z.union([z.literal(4), z.literal(5), z.literal(6)]),
    since: IsoDateSchema,
    days: z.number().int(),
  }),
  /** Status 12: the contract will end. */
  z.object({ kind: z.literal('project.ending'), ...ProjectRef, status: ProjectStatusSchema, since: IsoDateSchema }),
]);
export type InboxItem = z.infer<typeof InboxItemSchema>;
export type InboxKind = InboxItem['kind'];

export const InboxSchema = z.object({
  generatedAt: TimestampSchema,
  today: IsoDateSchema,
  claims: z.array(InboxItemSchema),
  projects: z.array(InboxItemSchema),
});
export type Inbox = z.infer<typeof InboxSchema>;

/** Where an item is done, in the app (the same for the server's tests and the browser's links). */
export function inboxHref(item: InboxItem): string {
  switch (item.kind) {
    case 'claim.month':
      return `/claims/${item.claimId}#month-${item.month.slice(0, 7)}`;
    case 'claim.documents':
      return `/claims/${item.claimId}#documents`;
    case 'claim.receipt':
      return `/claims/${item.claimId}#receipts`;
    case 'project.documents':
      return `/projects/${item.projectId}#documents`;
    case 'project.rent':
      return `/projects/${item.projectId}#rent`;
    case 'project.waiting':
    case 'project.ending':
      return `/projects/${item.projectId}`;
  }
}

/** A stable key per item (React keys, tests). */
export function inboxKey(item: InboxItem): string {
  const ref = 'claimId' in item ? item.claimId : item.projectId;
  return 'month' in item ? `${item.kind}:${ref}:${item.month}` : `${item.kind}:${ref}`;
}
