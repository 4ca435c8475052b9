import { z } from 'zod';
import { TimestampSchema } from './common.js';
import { PasswordFieldSchema } from './passwords.js';
import { ruleError } from './rules.js';
import { RoleSchema } from './session.js';

/** One of the signed-in user's sessions (My account): where and when, this one marked. */
export const AccountSessionSchema = z.object({
  /** The session's key (the hash of its id: names it, is no credential). */
  key: z.string(),
  /** Browser and system, read from the User-Agent ("Chrome 131 · Linux"); null when unknown. */
  device: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: TimestampSchema,
  lastSeenAt: TimestampSchema,
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  /** The monthly round's reminders by e-mail go to this user. */
  remindersEnabled: z.boolean(),
  sessions: z.array(AccountSessionSchema),
});
export type Account = z.infer<typeof AccountSchema>;

/** A password change: the current one, then the new one (checked against the rules of passwords.ts). */
export const PasswordChangeBodySchema = z.object({ currentPassword: PasswordFieldSchema, newPassword: PasswordFieldSchema });
export type PasswordChangeBody = z.infer<typeof PasswordChangeBodySchema>;

export const RemindersBodySchema = z.object({ enabled: z.boolean({ error: ruleError }) });
export type RemindersBody = z.infer<typeof RemindersBodySchema>;

export const SessionKeyParamsSchema = z.object({ key: z.string().regex(/^[0-9a-f]{64}$/, { error: ruleError }) });

export const ACCOUNT_PATHS = {
  account: '/api/account',
  password: '/api/account/password',
  reminders: '/api/account/reminders',
  session: (key: string) => `/api/account/sessions/${key}`,
  others: '/api/account/sessions/end-others',
} as const;
