import { z } from 'zod';
import { EmailSchema, TimestampSchema } from './common.js';
import { PasswordFieldSchema } from './passwords.js';
import { ruleError } from './rules.js';
import { RoleSchema } from './session.js';

/**
 * The team: the dashboard's users, managed in the browser by managers. A user is
 * invited (a link not yet used), active, or deactivated (cannot sign in; their name stays on what
 * they did). Invitation and password-reset links are single-use, valid INVITE_DAYS, and stored
 * only as the SHA-256 of their random token.
 */
export const USER_STATES = ['invited', 'active', 'deactivated'] as const;
export const UserStateSchema = z.enum(USER_STATES);
export type UserState = z.infer<typeof UserStateSchema>;
export const LINK_DAYS = 7;
export const LANGS = ['fr', 'en'] as const;

export const UserIdSchema = z.uuid({ error: ruleError });

export const TeamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  state: UserStateSchema,
  lang: z.enum(LANGS),
  lastSignInAt: TimestampSchema.nullable(),
  /** The pending link (invitation or password reset): until when it works; null when none. */
  link: z.object({ kind: z.enum(['invite', 'reset']), expiresAt: TimestampSchema }).nullable(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;
export const TeamSchema = z.object({ users: z.array(TeamMemberSchema) });
export type Team = z.infer<typeof TeamSchema>;

const NameSchema = z
  .string({ error: ruleError })
  .trim()
  .min(1, { error: ruleError })
  .max(100, { error: ruleError })
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]*$/, { error: ruleError });

export const InviteBodySchema = z.object({
  email: EmailSchema,
  name: NameSchema,
  role: RoleSchema,
  /** The language of the invitation's e-mail and of the invitee's first pages. */
  lang: z.enum(LANGS),
});
export type InviteBody = z.infer<typeof InviteBodySchema>;

export const RoleChangeBodySchema = z.object({ role: RoleSchema });
export type RoleChangeBody = z.infer<typeof RoleChangeBodySchema>;

export const UserParamsSchema = z.object({ id: UserIdSchema });

/** A link just made (invitation, resend, reset): shown once to the manager, never stored as such. */
export const TeamLinkSchema = z.object({
  user: TeamMemberSchema,
  link: z.string(),
  expiresAt: TimestampSchema,
  /** Whether it was also e-mailed (SMTP configured and the relay accepted it). */
  mailed: z.boolean(),
});
export type TeamLink = z.infer<typeof TeamLinkSchema>;

/** The link's token, from the page's address (its fragment: never sent in a URL, never logged). */
export const LinkTokenSchema = z.string({ error: ruleError }).regex(/^[A-Za-z0-9_-]{40,64}$/, { error: ruleError });
export const LinkBodySchema = z.object({ token: LinkTokenSchema });
export const LinkInfoSchema = z.object({
  kind: z.enum(['invite', 'reset']),
  email: z.string(),
  name: z.string(),
  lang: z.enum(LANGS),
  expiresAt: TimestampSchema,
});
export type LinkInfo = z.infer<typeof LinkInfoSchema>;
export const UseLinkBodySchema = z.object({ token: LinkTokenSchema, password: PasswordFieldSchema });
export type UseLinkBody = z.infer<typeof UseLinkBodySchema>;

/** The team's paths (the server's routes, the app's calls). */
export const TEAM_PATHS = {
  team: '/api/team',
  invitations: '/api/team/invitations',
  user: (id: string) => `/api/team/users/${id}`,
  invitation: (id: string) => `/api/team/users/${id}/invitation`,
  deactivate: (id: string) => `/api/team/users/${id}/deactivate`,
  reactivate: (id: string) => `/api/team/users/${id}/reactivate`,
  reset: (id: string) => `/api/team/users/${id}/password-reset`,
  linkInfo: '/api/links/inspect',
  useLink: '/api/links/use',
} as const;
