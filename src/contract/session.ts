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

export { CSRF_HEADER, IDEMPOTENCY_HEADER } from './headers.js';

export const PartnerEventSchema = z.object({
  seq: z.number().int(),
  id: z.string(),
  type: z.string(),
  createdAt: z.string(),
  receivedAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type PartnerEvent = z.infer<typeof PartnerEventSchema>;
