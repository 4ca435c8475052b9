import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ResultSchema } from '../../contract/common.js';
import { LoginBodySchema, ModeSchema, SESSION_PATHS, SessionExpirySchema, SessionSchema } from '../../contract/session.js';
import type { StreamRegistry } from '../events/streams.js';
import { HttpError } from '../http-error.js';
import { noteOf } from '../audit/plugin.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { TodayProvider } from '../upstream/today.js';
import { passwordMatches } from './passwords.js';
import type { SessionCookie } from './cookie.js';
import { SESSION_COOKIE, checkCsrf, requireUser } from './plugin.js';
import { hashId, type SessionStore } from './sessions.js';
import { FREE_FAILURES, normalizedEmail, type SignInThrottle } from './throttle.js';
import type { UserDirectory } from './users.js';

const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
const tags = ['Session'];

export interface SessionRouteOptions {
  users: UserDirectory;
  sessions: SessionStore;
  /** Wrong passwords per account and address (shared by the replicas). */
  throttle: SignInThrottle;
  today: TodayProvider;
  mode: 'sandbox' | 'live';
  /** The session cookie (the one definition every way of signing in uses). */
  cookie: SessionCookie;
  publicOrigin: string | null;
  loginRateLimit?: { max: number; timeWindow: number };
  /** Where the per-address counts live (the shared database); default: this process's memory. */
  rateLimitStore?: FastifyRateLimitStoreCtor;
  /** The open event streams, closed at sign-out. */
  streams: StreamRegistry;
  /** Single sign-on's button name, or null when not configured. */
  ssoName?: string | null;
  /** false (LOCAL_PASSWORDS=off): password sign-in refused, the page shows only single sign-on. */
  localPasswords?: boolean;
}

/** Sign-in (throttled per account and address, rate-limited per address), sign-out, the mode, the session. */
export const sessionRoutes: FastifyPluginAsyncZod<SessionRouteOptions> = async (app, o) => {
  const { throttle } = o;

  await app.register(rateLimit, { global: false, ...(o.rateLimitStore ? { store: o.rateLimitStore } : {}) });

  app.post(
    '/api/login',
    {
      schema: {
        tags,
        summary: 'Sign in: sets the HttpOnly session cookie',
        body: LoginBodySchema,
        response: { 200: ResultSchema, ...ERROR_RESPONSES },
      },
      config: {
        rateLimit: { max: o.loginRateLimit?.max ?? 10, timeWindow: o.loginRateLimit?.timeWindow ?? 60_000 },
        access: 'public',
        audit: 'signIn',
      },
    },
    async (req, reply) => {
      const email = normalizedEmail(req.body.email);
      // recorded under the account tried, whether or not it exists (the audit trail sees attempts)
      const note = noteOf(req);
      note.actor = { id: email, name: null, role: null };
      checkCsrf(req, o.publicOrigin, false);
      if (o.localPasswords === false)
        throw new HttpError('PASSWORDS_OFF', 'Password sign-in is turned off on this dashboard: use single sign-on.');
      const address = req.ip;
      // The same queries, answers and work whether or not the e-mail has an account, so none of
      // them tells (it only decides whether the count outlives a pause of 15 minutes).
      const found = await o.users.find(email);
      const known = found !== undefined;
      const account = await throttle.account(email, known);
      if (account.locked)
        throw new HttpError(
          'SIGN_IN_LOCKED',
          'Too many wrong passwords on this account: only a reset link from a manager signs it in now.',
        );
      const wait = Math.max(await throttle.wait(email, address), account.wait);
      if (wait > 0) {
        void reply.header('retry-after', String(Math.ceil(wait / 1000)));
        throw new HttpError('SIGN_IN_DELAYED', `Too many wrong passwords for this account: wait ${Math.ceil(wait / 1000)} s.`);
      }
      // An invited user has no password yet: checked against the dummy hash, as an unknown e-mail is.
      // A deactivated one keeps theirs, so the same work is done for a right or a wrong one.
      const holder = found && found.state !== 'invited' && found.passwordHash ? found : undefined;
      const ok = await passwordMatches(req.body.password, holder?.passwordHash || DUMMY_HASH);
      if (found) note.actor = { id: found.email, name: found.name, role: found.role };
      // the right password of a deactivated account: they are told why (and their manager reads it in
      // the audit trail); a wrong one answers as for anyone else, so the account's state is never told
      // to someone who does not know its password
      if (holder && ok && holder.state === 'deactivated')
        throw new HttpError('ACCOUNT_DEACTIVATED', 'This account is deactivated: a manager can reactivate it.');
      const user = holder?.state === 'active' ? holder : undefined;
      if (!user || !ok) {
        const failures = await throttle.failed(email, address);
        await throttle.failedAccount(email, known);
        // managers read every attempt in the audit trail (SIGN_IN_DELAYED once slowed down); the
        // operator reads it in the server log
        if (user && failures === FREE_FAILURES + 1)
          req.log.warn({ email: user.email, address, failures }, 'sign-in throttled: repeated wrong passwords');
        throw new HttpError('INVALID_CREDENTIALS');
      }
      await throttle.succeeded(email, address);
      const { id } = await o.sessions.create(user.email, { userAgent: req.headers['user-agent'] ?? null, address });
      await o.users.noteSignIn(user.email);
      o.cookie.set(reply, req, id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/logout',
    {
      config: { access: 'signedIn', audit: 'signOut' },
      schema: { tags, summary: 'Sign out: ends the session and its event streams', response: { 200: ResultSchema, ...ERROR_RESPONSES } },
    },
    async (req, reply) => {
      requireUser(req);
      checkCsrf(req, o.publicOrigin, true);
      const raw = req.cookies[SESSION_COOKIE];
      const unsigned = raw ? req.unsignCookie(raw) : null;
      if (unsigned?.valid && unsigned.value) {
        await o.sessions.destroy(unsigned.value);
        o.streams.closeSession(hashId(unsigned.value)); // its open event streams end now
      }
      o.cookie.clear(reply);
      return { success: true as const };
    },
  );

  /** Public: lets the sign-in page show the sandbox's demo accounts only in sandbox mode. */
  app.get(
    '/api/mode',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sandbox or live, and how people sign in (public)',
        response: { 200: ModeSchema, ...ERROR_RESPONSES },
      },
    },
    async () => ({ mode: o.mode, sso: o.ssoName ? { name: o.ssoName } : null, localPasswords: o.localPasswords !== false }),
  );

  app.get(
    '/api/session',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Who is signed in, the mode, the partner’s today and the CSRF token',
        response: { 200: SessionSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const user = requireUser(req);
      return {
        user: { email: user.email, name: user.name, role: user.role },
        mode: o.mode,
        today: await o.today.today(String(req.id)),
        csrfToken: user.csrf,
      };
    },
  );

  // The session's limits. A read (GET) does not count as activity: the browser reads them to
  // schedule its warning, and again when its countdown ends, without keeping the session alive.
  app.get(
    SESSION_PATHS.expiry,
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'What is left of the session: until its idle limit and its absolute limit (a read: not activity)',
        response: { 200: SessionExpirySchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => expiryOf(requireUser(req), o.sessions),
  );

  // What the person does in the browser (a navigation, typing, a tap), reported at most once a
  // minute: as a write, it is activity (auth/plugin.ts). Not in the audit trail: it changes nothing.
  app.post(
    SESSION_PATHS.activity,
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The person is active: the idle limit starts again; answers what is left of the session',
        response: { 200: SessionExpirySchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const user = requireUser(req);
      checkCsrf(req, o.publicOrigin, true);
      return expiryOf(user, o.sessions);
    },
  );
};

function expiryOf(user: NonNullable<FastifyRequest['user']>, sessions: SessionStore) {
  const limits = sessions.limitsMs;
  return { ...sessions.remaining(user.times), idleLimit: limits.idleMs, maxLimit: limits.absoluteMs };
}
