import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErrorCode } from '../../contract/errors.js';
import { isReturnPath } from '../../contract/session.js';
import { noteOf } from '../audit/plugin.js';
import { HttpError } from '../http-error.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { SessionCookie } from './cookie.js';
import type { SessionStore } from './sessions.js';
import { SSO_LOGIN_MS } from './sso-logins.js';
import { domainAllowed, type SsoClient } from './sso.js';
import type { UserDirectory } from './users.js';

const tags = ['Session'];
/** The browser's half of a sign-on begun: its state, signed, sent back only to the callback. */
export const SSO_COOKIE = 'pd_sso';
/** Where the browser goes back to once signed on (the page it was on when its session ended), signed like the state. */
export const SSO_NEXT_COOKIE = 'pd_sso_next';
const CALLBACK = '/api/sso/callback';

export interface SsoRouteOptions {
  sso: SsoClient;
  users: UserDirectory;
  sessions: SessionStore;
  publicOrigin: string | null;
  /** The session cookie (the password sign-in's). */
  cookie: SessionCookie;
  /** Whose e-mail domain gets an account at the first sign-on. */
  allowedDomains: readonly string[];
}

/**
 * Single sign-on (OpenID Connect): /api/sso/start sends the browser to the provider,
 * /api/sso/callback comes back with a code. A session is then made exactly as a password sign-in
 * makes it; a refusal goes back to the sign-in page with its reason (?sso=CODE), which the page
 * says in the user's language. Both outcomes are in the audit trail as a sign-in.
 */
export const ssoRoutes: FastifyPluginAsyncZod<SsoRouteOptions> = async (app, o) => {
  const originOf = (req: FastifyRequest) => o.publicOrigin ?? `${req.protocol}://${req.host}`;

  app.get(
    '/api/sso/start',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Single sign-on: to the identity provider (public); `next`: the page of this site to come back to',
        querystring: z.object({ next: z.string().max(2000).optional() }),
        response: { ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const { url, state } = await o.sso.begin(originOf(req) + CALLBACK).catch((err: unknown) => {
        req.log.error({ err }, 'single sign-on: the identity provider cannot be reached');
        throw new HttpError('SERVICE_UNAVAILABLE', 'The identity provider cannot be reached: try again in a moment.');
      });
      const kept = {
        path: CALLBACK,
        httpOnly: true,
        // the provider's redirect back is a top-level navigation: Lax cookies go with it
        sameSite: 'lax' as const,
        signed: true,
        secure: o.cookie.secure(req),
        maxAge: SSO_LOGIN_MS / 1000,
      };
      void reply.setCookie(SSO_COOKIE, state, kept);
      // a path of this site only: never a way to send someone elsewhere after signing in
      if (isReturnPath(req.query.next)) void reply.setCookie(SSO_NEXT_COOKIE, req.query.next, kept);
      else void reply.clearCookie(SSO_NEXT_COOKIE, { path: CALLBACK });
      return reply.redirect(url, 302);
    },
  );

  app.get(
    CALLBACK,
    {
      config: { access: 'public', audit: 'signIn' },
      schema: {
        tags,
        summary: 'Single sign-on: back from the identity provider; signs in, or back to the sign-in page with the reason (public)',
        querystring: z.object({}).catchall(z.string()),
        response: { ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const note = noteOf(req);
      note.details = { method: 'sso' };
      const raw = req.cookies[SSO_COOKIE];
      const unsigned = raw ? req.unsignCookie(raw) : null;
      const rawNext = req.cookies[SSO_NEXT_COOKIE];
      const signedNext = rawNext ? req.unsignCookie(rawNext) : null;
      const next = signedNext?.valid && isReturnPath(signedNext.value) ? signedNext.value : null;
      void reply.clearCookie(SSO_COOKIE, { path: CALLBACK });
      void reply.clearCookie(SSO_NEXT_COOKIE, { path: CALLBACK });
      const refuse = (code: ErrorCode) => {
        note.result = code;
        // back to the sign-in page with the reason, still knowing where to go once signed in
        return reply.redirect(`/sign-in?sso=${code}${next ? `&next=${encodeURIComponent(next)}` : ''}`, 302);
      };
      let identity;
      try {
        identity = await o.sso.finish(new URL(req.url, originOf(req)), unsigned?.valid ? unsigned.value : null);
      } catch (err) {
        req.log.warn({ err }, 'single sign-on refused');
        return refuse('SSO_FAILED');
      }
      note.actor = { id: identity.email, name: identity.name, role: identity.role };
      if (!identity.role) return refuse('SSO_NO_ROLE');
      let user = await o.users.find(identity.email);
      // a colleague the dashboard knows is recorded under the name the team page shows
      if (user) note.actor = { id: user.email, name: user.name, role: user.role };
      if (user?.state === 'deactivated') return refuse('ACCOUNT_DEACTIVATED');
      if (!user) {
        if (!domainAllowed(identity.email, o.allowedDomains)) return refuse('SSO_DOMAIN');
        const lang = /^en\b/i.test(req.headers['accept-language'] ?? '') ? 'en' : 'fr';
        user = await o.users.createSignedOn(identity.email, identity.name, identity.role, lang);
      } else if (user.state === 'invited') user = await o.users.activateInvited(user.id);
      if (!user || user.state !== 'active') return refuse('SSO_FAILED');
      note.actor = { id: user.email, name: user.name, role: user.role };
      const { id } = await o.sessions.create(user.email, { userAgent: req.headers['user-agent'] ?? null, address: req.ip });
      await o.users.noteSignIn(user.email);
      o.cookie.set(reply, req, id);
      // the page the person was on (a session that ended mid-task): the tab finds its draft there
      return reply.redirect(next ?? '/', 302);
    },
  );
};
