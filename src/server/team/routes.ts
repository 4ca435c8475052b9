import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ResultSchema } from '../../contract/common.js';
import { newPasswordSchema } from '../../contract/passwords.js';
import {
  InviteBodySchema,
  LinkBodySchema,
  LinkInfoSchema,
  RoleChangeBodySchema,
  TEAM_PATHS,
  TeamLinkSchema,
  TeamMemberSchema,
  TeamSchema,
  UseLinkBodySchema,
  UserParamsSchema,
} from '../../contract/team.js';
import { noteOf } from '../audit/plugin.js';
import type { SessionCookie } from '../auth/cookie.js';
import { checkCsrf, noStore, requireUser } from '../auth/plugin.js';
import { isCommonPassword } from '../auth/common-passwords.js';
import type { SessionStore } from '../auth/sessions.js';
import type { SignInThrottle } from '../auth/throttle.js';
import type { DirectoryUser, UserDirectory } from '../auth/users.js';
import { fromZod, HttpError } from '../http-error.js';
import type { Mailer } from '../mail/mailer.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { LinkKind } from './links.js';
import { linkMail } from './mail.js';
import { toMember, type TeamService } from './service.js';

const tags = ['Team'];

export interface TeamRouteOptions {
  team: TeamService;
  users: UserDirectory;
  sessions: SessionStore;
  throttle: SignInThrottle;
  mailer: Mailer;
  publicOrigin: string | null;
  /** The session cookie (the sign-in's), for the sign-in a link ends with. */
  cookie: SessionCookie;
  /** The links' per-address limit (sign-in's), counted in the shared database when given. */
  linkRateLimit?: { max: number; timeWindow: number };
  rateLimitStore?: FastifyRateLimitStoreCtor;
  /** false (LOCAL_PASSWORDS=off): a link cannot set a password. */
  localPasswords?: boolean;
}

/**
 * The team, for managers (read, invite, resend, revoke, change a role, deactivate, reactivate, a
 * reset link), and the links' two public routes (what a link is for; set the password with it).
 * Role and CSRF are checked before the body is read; every change is in the audit trail.
 */
export const teamRoutes: FastifyPluginAsyncZod<TeamRouteOptions> = async (app, o) => {
  // the links' routes carry the token that signs someone in: guessed no faster than a password
  await app.register(rateLimit, { global: false, ...(o.rateLimitStore ? { store: o.rateLimitStore } : {}) });
  const linkLimit = { rateLimit: { max: o.linkRateLimit?.max ?? 10, timeWindow: o.linkRateLimit?.timeWindow ?? 60_000 } };
  const managers = { access: { action: 'team.manage' } } as const;
  /** After the role (access/plugin.ts), before the body is read. */
  const csrf = async (req: FastifyRequest) => checkCsrf(req, o.publicOrigin, true);
  const by = (req: FastifyRequest) => {
    const u = requireUser(req);
    return { email: u.email, name: u.name };
  };
  const note = (req: FastifyRequest, u: Pick<DirectoryUser, 'email' | 'role'>, extra: Record<string, string> = {}) => {
    noteOf(req).details = { user: u.email, role: u.role, ...extra };
  };

  /** The link's address (its token in the fragment: never in a request line, never in a log) and, with SMTP, the mail. */
  const handOut = async (req: FastifyRequest, kind: LinkKind, made: { user: DirectoryUser; token: string; expiresAt: number }) => {
    const origin = o.publicOrigin ?? `${req.protocol}://${req.host}`;
    const link = `${origin}/set-password#${made.token}`;
    let mailed = false;
    if (o.mailer.enabled)
      mailed = await o.mailer.send(linkMail(kind, made.user, by(req).name, link, made.expiresAt)).then(
        () => true,
        (err: unknown) => {
          req.log.warn({ err, user: made.user.email }, 'could not mail a team link: shown to the manager only');
          return false;
        },
      );
    const pending = (await o.team.links.pending()).get(made.user.id);
    return { user: toMember(made.user, pending), link, expiresAt: new Date(made.expiresAt).toISOString(), mailed };
  };

  app.get(
    TEAM_PATHS.team,
    {
      onRequest: csrf,
      config: managers,
      schema: { tags, summary: 'The team (managers)', response: { 200: TeamSchema, ...ERROR_RESPONSES } },
    },
    async (_req, reply) => {
      noStore(reply);
      return { users: await o.team.list() };
    },
  );

  app.post(
    TEAM_PATHS.invitations,
    {
      onRequest: csrf,
      config: { ...managers, audit: 'inviteUser' },
      schema: {
        tags,
        summary: 'Invite a colleague (managers)',
        body: InviteBodySchema,
        response: { 200: TeamLinkSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      note(req, { email: req.body.email.toLowerCase(), role: req.body.role });
      return handOut(req, 'invite', await o.team.invite(req.body, by(req)));
    },
  );

  app.post(
    `${TEAM_PATHS.user(':id')}/invitation`,
    {
      onRequest: csrf,
      config: { ...managers, audit: 'resendInvitation' },
      schema: {
        tags,
        summary: 'Resend an invitation: a new link, the old one dies',
        params: UserParamsSchema,
        response: { 200: TeamLinkSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const made = await o.team.newLink(req.params.id, 'invite', by(req));
      note(req, made.user);
      return handOut(req, 'invite', made);
    },
  );

  app.delete(
    `${TEAM_PATHS.user(':id')}/invitation`,
    {
      onRequest: csrf,
      config: { ...managers, audit: 'revokeInvitation' },
      schema: {
        tags,
        summary: 'Revoke a pending invitation',
        params: UserParamsSchema,
        response: { 200: ResultSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      note(req, await o.team.revoke(req.params.id));
      return { success: true as const };
    },
  );

  app.patch(
    TEAM_PATHS.user(':id'),
    {
      onRequest: csrf,
      config: { ...managers, audit: 'changeRole' },
      schema: {
        tags,
        summary: 'Change a colleague’s role (effective at their next request)',
        params: UserParamsSchema,
        body: RoleChangeBodySchema,
        response: { 200: TeamMemberSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      note(req, { email: req.params.id, role: req.body.role });
      const { before, after } = await o.team.changeRole(req.params.id, req.body.role, by(req));
      note(req, after, { from: before.role });
      return o.team.member(after.id);
    },
  );

  for (const [path, op, summary] of [
    [TEAM_PATHS.deactivate(':id'), 'deactivateUser', 'Deactivate a colleague: their sessions end at once'],
    [TEAM_PATHS.reactivate(':id'), 'reactivateUser', 'Reactivate a colleague'],
  ] as const)
    app.post(
      path,
      {
        onRequest: csrf,
        config: { ...managers, audit: op },
        schema: { tags, summary, params: UserParamsSchema, response: { 200: TeamMemberSchema, ...ERROR_RESPONSES } },
      },
      async (req) => {
        const u = op === 'deactivateUser' ? await o.team.deactivate(req.params.id, by(req)) : await o.team.reactivate(req.params.id);
        note(req, u);
        return o.team.member(u.id);
      },
    );

  app.post(
    TEAM_PATHS.reset(':id'),
    {
      onRequest: csrf,
      config: { ...managers, audit: 'sendPasswordReset' },
      schema: {
        tags,
        summary: 'A password reset link for a colleague',
        params: UserParamsSchema,
        response: { 200: TeamLinkSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const made = await o.team.newLink(req.params.id, 'reset', by(req));
      note(req, made.user);
      return handOut(req, 'reset', made);
    },
  );

  // The links' pages (public: the token is the credential; the per-address sign-in limit applies).
  app.post(
    TEAM_PATHS.linkInfo,
    {
      config: { access: 'public', ...linkLimit },
      schema: { tags, summary: 'What a link is for (public)', body: LinkBodySchema, response: { 200: LinkInfoSchema, ...ERROR_RESPONSES } },
    },
    async (req, reply) => {
      checkCsrf(req, o.publicOrigin, false);
      noStore(reply);
      const { user, kind, expiresAt } = await o.team.inspect(req.body.token);
      return { kind, email: user.email, name: user.name, lang: user.lang, expiresAt: new Date(expiresAt).toISOString() };
    },
  );

  app.post(
    TEAM_PATHS.useLink,
    {
      config: { access: 'public', audit: 'acceptInvitation', ...linkLimit },
      schema: {
        tags,
        summary: 'Choose a password with a link, and be signed in (public)',
        body: UseLinkBodySchema,
        response: { 200: ResultSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      checkCsrf(req, o.publicOrigin, false);
      if (o.localPasswords === false)
        throw new HttpError('PASSWORDS_OFF', 'Passwords are turned off on this dashboard: sign in with single sign-on.');
      const { user, kind } = await o.team.inspect(req.body.token);
      const n = noteOf(req);
      n.actor = { id: user.email, name: user.name, role: user.role };
      if (kind === 'reset') n.operation = 'resetPassword';
      const checked = newPasswordSchema({ name: user.name, email: user.email, isCommon: isCommonPassword }).safeParse(req.body.password);
      if (!checked.success) {
        const e = fromZod(checked.error);
        throw new HttpError(
          e.code,
          `password: ${e.message}`,
          e.details?.map((d) => ({ ...d, path: 'password' })),
        );
      }
      await o.team.useLink(req.body.token, req.body.password);
      // a locked account (100 wrong passwords in a row) is open again once its password is set by a link
      await o.throttle.unlock(user.email);
      const { id } = await o.sessions.create(user.email, { userAgent: req.headers['user-agent'] ?? null, address: req.ip });
      await o.users.noteSignIn(user.email);
      o.cookie.set(reply, req, id);
      return { success: true as const };
    },
  );
};
