import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CSRF_HEADER, LoginBodySchema, SessionSchema, type Role } from '../../contract/session.js';
import type { EventHub } from '../events/hub.js';
import type { StreamRegistry } from '../events/streams.js';
import { HttpError } from '../http-error.js';
import type { TodayProvider } from '../upstream/today.js';
import { verifyPassword } from './passwords.js';
import { hashId, type SessionStore } from './sessions.js';
import { FREE_FAILURES, SignInThrottle } from './throttle.js';
import type { User, UserDirectory } from './users.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; `session` is the session's key (the hash of its id). */
    user: { email: string; name: string; role: Role; csrf: string; session: string } | null;
  }
}

export const SESSION_COOKIE = 'pd_session';
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export interface AuthOptions {
  users: UserDirectory;
  sessions: SessionStore;
  today: TodayProvider;
  mode: 'sandbox' | 'live';
  cookieSecure: 'auto' | boolean;
  publicOrigin: string | null;
  sessionIdleMs: number;
  loginRateLimit?: { max: number; timeWindow: number };
  /** Where a throttled sign-in is noted for managers (the event log). */
  hub: EventHub;
  /** The open event streams, closed at sign-out. */
  streams: StreamRegistry;
  now?: () => number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this server is reached at, from the configuration or the Host the browser used. */
function expectedOrigin(req: FastifyRequest, publicOrigin: string | null): string {
  return publicOrigin ?? `${req.protocol}://${req.headers.host ?? ''}`;
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

export async function authPlugin(app: FastifyInstance, o: AuthOptions): Promise<void> {
  const throttle = new SignInThrottle(o.now);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('user', null);

  const cookieOptions = (req: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    signed: true,
    secure: o.cookieSecure === 'auto' ? req.protocol === 'https' : o.cookieSecure,
    maxAge: Math.floor(o.sessionIdleMs / 1000),
  });

  /** Resolves the signed session cookie into request.user on every request. */
  app.addHook('onRequest', async (req) => {
    const raw = req.cookies[SESSION_COOKIE];
    if (!raw) return;
    const unsigned = req.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return;
    const s = o.sessions.touch(unsigned.value);
    const u = s ? o.users.find(s.email) : undefined;
    if (s && u) req.user = { email: u.email, name: u.name, role: u.role, csrf: s.csrf, session: s.key };
  });

  // answers of /api (the session and its CSRF token, the partner's data) are never cached
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/api/')) void reply.header('cache-control', 'no-store');
  });

  await app.register(rateLimit, { global: false });

  typed.post(
    '/api/login',
    {
      schema: { body: LoginBodySchema },
      config: { rateLimit: { max: o.loginRateLimit?.max ?? 10, timeWindow: o.loginRateLimit?.timeWindow ?? 60_000 } },
    },
    async (req, reply) => {
      checkCsrf(req, o.publicOrigin, false);
      const email = req.body.email.toLowerCase();
      const address = req.ip;
      const wait = throttle.wait(email, address);
      if (wait > 0) {
        void reply.header('retry-after', String(Math.ceil(wait / 1000)));
        throw new HttpError(
          'SIGN_IN_DELAYED',
          `Too many wrong passwords for this account from this address: wait ${Math.ceil(wait / 1000)} s.`,
        );
      }
      const user: User | undefined = o.users.find(email);
      // Same work whether or not the account exists, so the answer never tells.
      const ok = await verifyPassword(req.body.password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !ok) {
        const failures = throttle.failed(email, address);
        // the owner's managers read it in the event log; the operator in the server log
        if (user && failures === FREE_FAILURES + 1) {
          o.hub.note('security.sign_in_throttled', { email: user.email, address, failures });
          req.log.warn({ email: user.email, address, failures }, 'sign-in throttled: repeated wrong passwords');
        }
        throw new HttpError('INVALID_CREDENTIALS');
      }
      throttle.succeeded(email, address);
      const { id } = o.sessions.create(user.email);
      void reply.setCookie(SESSION_COOKIE, id, cookieOptions(req));
      return { success: true };
    },
  );

  app.post('/api/logout', async (req, reply) => {
    requireUser(req);
    checkCsrf(req, o.publicOrigin, true);
    const raw = req.cookies[SESSION_COOKIE];
    const unsigned = raw ? req.unsignCookie(raw) : null;
    if (unsigned?.valid && unsigned.value) {
      o.sessions.destroy(unsigned.value);
      o.streams.closeSession(hashId(unsigned.value)); // its open event streams end now
    }
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true };
  });

  /** Public: lets the sign-in page show the sandbox's demo accounts only in sandbox mode. */
  app.get('/api/mode', async () => ({ mode: o.mode }));

  typed.get('/api/session', { schema: { response: { 200: SessionSchema } } }, async (req) => {
    const user = requireUser(req);
    return {
      user: { email: user.email, name: user.name, role: user.role },
      mode: o.mode,
      today: await o.today.today(String(req.id)),
      csrfToken: user.csrf,
    };
  });
}

export function requireUser(req: FastifyRequest): NonNullable<FastifyRequest['user']> {
  if (!req.user) throw new HttpError('UNAUTHENTICATED');
  return req.user;
}

export function noStore(reply: FastifyReply): void {
  void reply.header('cache-control', 'no-store');
}
