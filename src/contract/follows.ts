import { z } from 'zod';
import { AssignedKindSchema, type AssignedKind } from './assignments.js';
import { GuidSchema, TimestampSchema } from './common.js';
import { ruleError } from './rules.js';

/**
 * Following a file and being told what changes on it. A person follows a
 * project or a claim she may see; each change on it made by someone else (a colleague through the
 * dashboard, known from the audit trail; or the partner, known from its events for what did not
 * pass through the dashboard) becomes one notification per follower, shown in the app (the bell)
 * and, as each person chooses, by e-mail. The sentences are in `notification-words.ts` (the app
 * and the e-mails say the same words). Their words call it watching a file ("Surveiller" /
 * "Watch"), never following: "Suivi par" and its "Ne plus suivre" are who looks after a file
 * (assignments), a different thing on the same page.
 */

/** What can be followed: the same two kinds of file as "Suivi par". */
export const FollowedKindSchema = AssignedKindSchema;
export type FollowedKind = AssignedKind;

export const FollowParamsSchema = z.object({ kind: FollowedKindSchema, id: GuidSchema });
export type FollowParams = z.infer<typeof FollowParamsSchema>;

/**
 * Why a person follows a file: she pressed "Surveiller" / "Watch" (`manual`), she created it through the
 * dashboard (`created`), it was assigned to her (`assigned`), or it is a claim opened on a project
 * she follows (`project`).
 */
export const FOLLOW_REASONS = ['manual', 'created', 'assigned', 'project'] as const;
export const FollowReasonSchema = z.enum(FOLLOW_REASONS, { error: ruleError });
export type FollowReason = z.infer<typeof FollowReasonSchema>;

/** A followed file in the account page's list. */
export const FollowedFileSchema = z.object({
  kind: FollowedKindSchema,
  id: GuidSchema,
  /** The tenant's name as the read model knows it ("" when the file is not kept yet). */
  label: z.string(),
  reason: FollowReasonSchema,
  followedAt: TimestampSchema,
});
export type FollowedFile = z.infer<typeof FollowedFileSchema>;

/** Cursor paging, newest first: `cursor` is the last item's `nextCursor` of the page before. */
export const CursorQuerySchema = z.object({
  cursor: z.string({ error: ruleError }).max(64, { error: ruleError }).optional(),
  limit: z.coerce
    .number({ error: ruleError })
    .int({ error: ruleError })
    .min(1, { error: ruleError })
    .max(100, { error: ruleError })
    .default(20),
});
export type CursorQuery = z.infer<typeof CursorQuerySchema>;

export const FollowedPageSchema = z.object({
  items: z.array(FollowedFileSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type FollowedPage = z.infer<typeof FollowedPageSchema>;

/**
 * What a notification says happened. `urgent` kinds may be e-mailed at once (NOTIFICATION_URGENT).
 * - claim.created: a claim was opened on a followed project (or a followed claim's project)
 * - claim.status: the claim's status changed (params.status: the claim status code)
 * - claim.refused: the partner refused the claim
 * - months.declared: months declared (params.months: 'YYYY-MM' list, grouped per action)
 * - months.updated: months corrected or updated by the partner (params.months)
 * - receipt.pending: a receipt awaits the landlord's signature (params.months)
 * - receipt.signed: a receipt was signed (params.months)
 * - payment.recorded / payment.changed / payment.deleted: a tenant payment (params.amount in euros, params.date)
 * - document.added: a document was sent (params.documentType)
 * - document.refused: the partner refused a document, where it reports it (params.documentType)
 * - project.status: the project's status changed (params.status: the project status code)
 * - assigned: the file was assigned (params.assignee: the colleague's name, or null for nobody)
 */
export const NOTIFICATION_KINDS = [
  'claim.created',
  'claim.status',
  'claim.refused',
  'months.declared',
  'months.updated',
  'receipt.pending',
  'receipt.signed',
  'payment.recorded',
  'payment.changed',
  'payment.deleted',
  'document.added',
  'document.refused',
  'project.status',
  'assigned',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: ruleError });
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** The kinds an `urgent` e-mail preference sends at once (the rest waits for the digest). */
export const NOTIFICATION_URGENT: readonly NotificationKind[] = ['receipt.pending', 'document.refused', 'claim.refused'];

export const NotificationParamsSchema = z.object({
  months: z.array(z.string()).optional(),
  status: z.number().int().optional(),
  amount: z.number().optional(),
  date: z.string().optional(),
  documentType: z.string().optional(),
  assignee: z.string().nullable().optional(),
  /** How many changes this one notification groups (a flood of partner events is summed up). */
  count: z.number().int().optional(),
});
export type NotificationParams = z.infer<typeof NotificationParamsSchema>;

export const NotificationSchema = z.object({
  id: z.string(),
  kind: NotificationKindSchema,
  file: z.object({ kind: FollowedKindSchema, id: GuidSchema, label: z.string() }),
  params: NotificationParamsSchema,
  /** Who made the change: a colleague's name, or null for the partner. */
  actor: z.string().nullable(),
  createdAt: TimestampSchema,
  readAt: TimestampSchema.nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z.object({
  items: z.array(NotificationSchema),
  unread: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** One file as its page asks about it: whether the reader follows it, and what changed since she last opened it. */
export const FollowStateSchema = z.object({
  following: z.boolean(),
  reason: FollowReasonSchema.nullable(),
  /** When the reader last opened this file's page (null: never, or before she followed it). */
  lastVisitAt: TimestampSchema.nullable(),
  /** The notifications about this file since her last visit, newest first (at most 20). */
  sinceLastVisit: z.array(NotificationSchema),
});
export type FollowState = z.infer<typeof FollowStateSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/**
 * E-mail, per person: `none`; `digest`, one e-mail a day at the organization's hour of what she
 * has not read; `urgent`, the urgent kinds at once and the rest in the daily digest.
 */
export const EMAIL_CHOICES = ['none', 'digest', 'urgent'] as const;
export const EmailChoiceSchema = z.enum(EMAIL_CHOICES, { error: ruleError });
export type EmailChoice = z.infer<typeof EmailChoiceSchema>;

export const NotificationPreferencesSchema = z.object({ email: EmailChoiceSchema });
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** The organization's digest hour (0-23, in the partner's time zone), set by a manager in the settings. */
export const DigestHourSchema = z.object({
  hour: z.number({ error: ruleError }).int({ error: ruleError }).min(0, { error: ruleError }).max(23, { error: ruleError }),
});
export type DigestHour = z.infer<typeof DigestHourSchema>;

/** An unsubscribe link's answer: done now, or already done (a reused link), or not ours (forged or expired: 400). */
export const UnsubscribeResultSchema = z.object({
  result: z.enum(['unsubscribed', 'already']),
  /** What the link stopped, so the page can say it. */
  stopped: z.enum(['digest', 'urgent']),
});
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;

/**
 * The paths. The unsubscribe POST is public and authenticated by its signed token (RFC 8058: the
 * mail client posts `List-Unsubscribe=One-Click` without an Origin, so no CSRF check there); the
 * e-mail's link opens the SPA's page `/unsubscribe?t=…`, which shows a button that posts it.
 */
export const FOLLOW_PATHS = {
  follows: '/api/follows',
  follow: '/api/follows/:kind/:id',
  followOf: (kind: FollowedKind, id: string) => `/api/follows/${kind}/${id}`,
  visit: '/api/follows/:kind/:id/visit',
  visitOf: (kind: FollowedKind, id: string) => `/api/follows/${kind}/${id}/visit`,
  notifications: '/api/notifications',
  unread: '/api/notifications/unread',
  read: '/api/notifications/:id/read',
  readOf: (id: string) => `/api/notifications/${encodeURIComponent(id)}/read`,
  readAll: '/api/notifications/read-all',
  preferences: '/api/notifications/preferences',
  digestHour: '/api/settings/digest-hour',
  unsubscribe: '/api/unsubscribe',
  unsubscribePage: '/unsubscribe',
} as const;

/** The live stream's event that carries the reader's unread count (`event: notifications`). */
export const NOTIFICATIONS_EVENT = 'notifications';
