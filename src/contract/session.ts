import { z } from 'zod';
import { EmailSchema, IsoDateSchema } from './common.js';
import { ruleError } from './rules.js';

export const ROLES = ['manager', 'staff', 'intermediary'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z.string({ error: ruleError }).min(1, { error: ruleError }).max(200, { error: ruleError }),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** GET /api/mode (public): sandbox or live, and how people sign in. */
export const ModeSchema = z.object({
  mode: z.enum(['sandbox', 'live']),
  /** Single sign-on's button ("Sign in with <name>"), or null when not configured. */
  sso: z.object({ name: z.string() }).nullable(),
  /** false: the page shows only the single sign-on button. */
  localPasswords: z.boolean(),
});
export type Mode = z.infer<typeof ModeSchema>;

/** GET /api/session: who is signed in, the mode, and "today" for the date rules of the forms. */
export const SessionSchema = z.object({
  user: z.object({ email: z.string(), name: z.string(), role: RoleSchema }),
  mode: z.enum(['sandbox', 'live']),
  today: IsoDateSchema,
  csrfToken: z.string(),
});
export type Session = z.infer<typeof SessionSchema>;

/**
 * The session's two limits as the server counts them, in milliseconds from the answer: the idle
 * one (moved by what the person does: a write, or the activity the browser reports) and the
 * absolute one (from sign-in, moved by nothing). The browser warns before the nearer of the two.
 */
export const SessionExpirySchema = z.object({
  /** Until the idle limit ends the session, unless the person does something. */
  idleEndsIn: z.number().int(),
  /** Until the absolute limit ends it, whatever happens. */
  endsIn: z.number().int(),
  /** The idle limit itself (SESSION_IDLE_MINUTES). */
  idleLimit: z.number().int().positive(),
  /** The absolute limit itself (SESSION_MAX_HOURS). */
  maxLimit: z.number().int().positive(),
});
export type SessionExpiry = z.infer<typeof SessionExpirySchema>;

export const SESSION_PATHS = {
  /** GET: the session's limits, read without counting as activity. */
  expiry: '/api/session/expiry',
  /** POST: the person did something (the browser reports it, at most once a minute): the idle limit starts again. */
  activity: '/api/session/activity',
} as const;

export { isReturnPath } from './return-path.js';
export { CSRF_HEADER, IDEMPOTENCY_HEADER } from './headers.js';

/**
 * The event stream's word that the partner's today moved (the sandbox's clock, moved or reset by
 * a manager): every date rule and every page's data are read again, in every open tab.
 */
export const TODAY_EVENT = 'today';

export const PartnerEventSchema = z.object({
  seq: z.number().int(),
  id: z.string(),
  type: z.string(),
  createdAt: z.string(),
  receivedAt: z.string(),
  data: z.record(z.string(), z.unknown()),
  /**
   * The state it reports was made by a write of the signed-in person through the dashboard (the
   * server notes its writes while they are at the partner: the webhooks carry no request id).
   * False for the partner's own changes (its back office included) and for other people's.
   */
  own: z.boolean(),
  /** When `own`: the id the browser gave that write (its tab refreshed after it), if one write made it. */
  write: z.string().nullable(),
});
export type PartnerEvent = z.infer<typeof PartnerEventSchema>;
