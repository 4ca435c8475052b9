import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_PATHS,
  AccountSchema,
  PasswordChangeBodySchema,
  RemindersBodySchema,
  SessionKeyParamsSchema,
} from '../../contract/account.js';
import { ResultSchema } from '../../contract/common.js';
import { newPasswordSchema, normalizePassword } from '../../contract/passwords.js';
import { noteOf } from '../audit/plugin.js';
import { isCommonPassword } from '../auth/common-passwords.js';
import { hashPassword, passwordMatches } from '../auth/passwords.js';
import { checkCsrf, noStore, requireUser } from '../auth/plugin.js';
import type { SessionStore } from '../auth/sessions.js';
import type { UserDirectory } from '../auth/users.js';
import { fromZod, HttpError } from '../http-error.js';
import { ERROR_RESPONSES } from '../schemas.js';
import { deviceOf } from './device.js';

const tags = ['Account'];

export interface AccountRouteOptions {
  users: UserDirectory;
  sessions: SessionStore;
  publicOrigin: string | null;
  /** false (LOCAL_PASSWORDS=off): no password to change. */
  localPasswords?: boolean;
}

/** My account: who I am, my sessions (end one, or all the others), my password, my reminders. Every role. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (app, o) => {
  const csrf = async (req: Parameters<typeof requireUser>[0]) => checkCsrf(req, o.publicOrigin, true);

  app.get(
    ACCOUNT_PATHS.account,
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'My account and my sessions', response: { 200: AccountSchema, ...ERROR_RESPONSES } },
    },
    async (req, reply) => {
      const me = requireUser(req);
      noStore(reply);
      const user = await o.users.find(me.email);
      const sessions = await o.sessions.listOf(me.email);
      return {
        email: me.email,
        name: me.name,
        role: me.role,
        remindersEnabled: user?.remindersEnabled ?? true,
        sessions: sessions.map((s) => ({
          key: s.key,
          device: deviceOf(s.userAgent),
          address: s.address,
          createdAt: new Date(s.createdAt).toISOString(),
          lastSeenAt: new Date(s.lastSeen).toISOString(),
          current: s.key === me.session,
        })),
      };
    },
  );

  app.put(
    ACCOUNT_PATHS.password,
    {
      onRequest: csrf,
      config: { access: 'signedIn', audit: 'changePassword' },
      schema: {
        tags,
        summary: 'Change my password (the current one required); my other sessions end',
        body: PasswordChangeBodySchema,
        response: { 200: ResultSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const me = requireUser(req);
      if (o.localPasswords === false)
        throw new HttpError('PASSWORDS_OFF', 'Passwords are turned off on this dashboard: your provider keeps yours.');
      const user = await o.users.find(me.email);
      if (!user || !(await passwordMatches(req.body.currentPassword, user.passwordHash))) throw new HttpError('WRONG_PASSWORD');
      const checked = newPasswordSchema({ name: user.name, email: user.email, isCommon: isCommonPassword }).safeParse(req.body.newPassword);
      if (!checked.success) {
        const e = fromZod(checked.error);
        throw new HttpError(
          e.code,
          `newPassword: ${e.message}`,
          e.details?.map((d) => ({ ...d, path: 'newPassword' })),
        );
      }
      await o.users.setPassword(user.id, await hashPassword(normalizePassword(req.body.newPassword)));
      // (their event streams end on every replica as the revocations are heard: app.ts)
      await o.sessions.destroyAllOf(me.email, me.session);
      return { success: true as const };
    },
  );

  app.delete(
    ACCOUNT_PATHS.session(':key'),
    {
      onRequest: csrf,
      config: { access: 'signedIn', audit: 'endSession' },
      schema: {
        tags,
        summary: 'End one of my sessions',
        params: SessionKeyParamsSchema,
        response: { 200: ResultSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const me = requireUser(req);
      const mine = (await o.sessions.listOf(me.email)).some((s) => s.key === req.params.key);
      // another user's session is no different from one that does not exist
      if (!mine) throw new HttpError('NOT_FOUND', 'You have no session with this key.');
      await o.sessions.revoke([req.params.key]);
      noteOf(req).details = { sessions: 1 };
      return { success: true as const };
    },
  );

  app.post(
    ACCOUNT_PATHS.others,
    {
      onRequest: csrf,
      config: { access: 'signedIn', audit: 'endSession' },
      schema: { tags, summary: 'End all my other sessions', response: { 200: ResultSchema, ...ERROR_RESPONSES } },
    },
    async (req) => {
      const me = requireUser(req);
      const ended = await o.sessions.destroyAllOf(me.email, me.session);
      noteOf(req).details = { sessions: ended.length };
      return { success: true as const };
    },
  );

  app.put(
    ACCOUNT_PATHS.reminders,
    {
      onRequest: csrf,
      config: { access: 'signedIn', audit: 'setReminders' },
      schema: {
        tags,
        summary: 'My monthly reminders by e-mail, on or off',
        body: RemindersBodySchema,
        response: { 200: ResultSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const me = requireUser(req);
      await o.users.setReminders(me.id, req.body.enabled);
      noteOf(req).details = { enabled: req.body.enabled };
      return { success: true as const };
    },
  );
};
