import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER, type Role } from '../../contract/session.js';
import { SESSION_ROLE_HEADER } from '../../contract/headers.js';
import { HttpError } from '../http-error.js';
import type { SessionStore } from './sessions.js';
import type { UserDirectory } from './users.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; `session` is the session's key (the hash of its id). */
    user: {
      id: string;
      email: string;
      name: string;
      role: Role;
      csrf: string;
      session: string;
      /** The session's last activity and start (this request's activity included), for what is left of it. */
      times: { lastSeen: number; createdAt: number };
    } | null;
  }
}

export const SESSION_COOKIE = 'pd_session';

export interface AuthOptions {
  users: UserDirectory;
  sessions: SessionStore;
}

/**
 * Session cookies whose signature was already checked, per server (its session store): the raw
 * cookie and the session id it carries. A browser sends the same cookie with every request, and
 * its HMAC was checked again each time (~3% of a forwarded request's CPU). Only cookies with a
 * valid signature are kept (the same bytes always get the same verdict), at most VERIFIED_COOKIES;
 * a full memo starts again. Whether the session is live is still asked every time (touch).
 */
export const VERIFIED_COOKIES = 10_000;
const verifiedCookies = new WeakMap<SessionStore, Map<string, string>>();

function sessionIdOf(req: FastifyRequest, raw: string, sessions: SessionStore): string | null {
  let verified = verifiedCookies.get(sessions);
  const known = verified?.get(raw);
  if (known !== undefined) return known;
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  if (!verified || verified.size >= VERIFIED_COOKIES) {
    verified = new Map();
    verifiedCookies.set(sessions, verified);
  }
  verified.set(raw, unsigned.value);
  return unsigned.value;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request is the person's activity: a write of /api (the browser's activity reports are
 * writes too). A read is not: the app reads in the background (polling, a refetch when the window
 * gets the focus, the live stream), and an open page must not keep its session alive for ever.
 */
export const isActivity = (req: FastifyRequest): boolean => !SAFE_METHODS.has(req.method) && req.url.startsWith('/api/');

/** The user of the request's signed session cookie, if the session is live (its activity noted when the request is activity). */
export async function sessionUser(req: FastifyRequest, o: AuthOptions): Promise<FastifyRequest['user']> {
  const raw = req.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const id = sessionIdOf(req, raw, o.sessions);
  if (!id) return null;
  const s = await (isActivity(req) ? o.sessions.touch(id) : o.sessions.read(id));
  const u = s ? await o.users.current(s.email) : undefined;
  return s && u
    ? {
        id: u.id,
        email: u.email,
        name: u.name,
        role: u.role,
        csrf: s.csrf,
        session: s.key,
        times: { lastSeen: s.lastSeen, createdAt: s.createdAt },
      }
    : null;
}

/**
 * The origin this server is reached at, from the configuration or the Host the browser used.
 * Behind a trusted proxy (TRUST_PROXY) Fastify's protocol and host are X-Forwarded-Proto and
 * X-Forwarded-Host; from anyone else those headers are ignored.
 */
function expectedOrigin(req: FastifyRequest, publicOrigin: string | null): string {
  return publicOrigin ?? `${req.protocol}://${req.host}`;
}

/** The origin of a Referer header; undefined when it is not a URL (never an exception). */
function refererOrigin(referer: string | undefined): string | undefined {
  if (typeof referer !== 'string') return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/** Cross-site request forgery: the Origin (or Referer) must be ours; with a session, the token too. */
export function checkCsrf(req: FastifyRequest, publicOrigin: string | null, needToken: boolean): void {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
  if (origin !== expectedOrigin(req, publicOrigin))
    throw new HttpError('CSRF', 'Cross-site request refused: the Origin header does not match this site.');
  if (needToken && req.headers[CSRF_HEADER] !== req.user?.csrf) throw new HttpError('CSRF', 'Missing or wrong CSRF token.');
}

/**
 * Resolves the signed session cookie into `request.user` on every request, and marks every answer
 * of /api as never cached. The routes that sign in and out are auth/routes.ts.
 */
export const authPlugin = fp<AuthOptions>(
  async (app, o) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (req) => {
      req.user = await sessionUser(req, o);
    });

    // answers of /api (the session and its CSRF token, the partner's data) are never cached
    app.addHook('onRequest', async (req, reply) => {
      if (!req.url.startsWith('/api/')) return;
      void reply.header('cache-control', 'no-store');
      // the role read for this request: a tab showing another one (a manager changed it) reads its session again
      if (req.user) void reply.header(SESSION_ROLE_HEADER, req.user.role);
    });
  },
  // fastify-plugin: request.user and these hooks must reach the sibling route plugins of /api
  { name: 'auth', fastify: '5.x', dependencies: ['security'] },
);

export function requireUser(req: FastifyRequest): NonNullable<FastifyRequest['user']> {
  if (!req.user) throw new HttpError('UNAUTHENTICATED');
  return req.user;
}

export function noStore(reply: FastifyReply): void {
  void reply.header('cache-control', 'no-store');
}
