import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CSRF_HEADER, LoginBodySchema, SessionSchema, type Role } from '../../contract/session.js';
import { HttpError } from '../http-error.js';
import type { TodayProvider } from '../upstream/today.js';
import { verifyPassword } from './passwords.js';
import type { SessionStore } from './sessions.js';
import type { User, UserDirectory } from './users.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: { email: string; name: string; role: Role; csrf: string } | null;
  }
}

export const SESSION_COOKIE = 'pd_session';
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
const ACCOUNT_MAX_FAILURES = 5;
const ACCOUNT_WINDOW_MS = 15 * 60_000;

export interface AuthOptions {
  users: UserDirectory;
  sessions: SessionStore;
  today: TodayProvider;
  mode: 'sandbox' | 'live';
  cookieSecure: 'auto' | boolean;
  publicOrigin: string | null;
  sessionIdleMs: number;
  loginRateLimit?: { max: number; timeWindow: number };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this server is reached at, from the configuration or the Host the browser used. */
function expectedOrigin(req: FastifyRequest, publicOrigin: string | null): string {
  return publicOrigin ?? `${req.protocol}://${req.headers.host ?? ''}`;
}

/** Cross-site request forgery: the Origin (or Referer) must be ours; with a session, the token too. */
export function checkCsrf(req: FastifyRequest, publicOrigin: string | null, needToken: boolean): void {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.origin ?? (typeof req.headers.referer === 'string' ? new URL(req.headers.referer).origin : undefined);
  if (origin !== expectedOrigin(req, publicOrigin))
    throw new HttpError('CSRF', 'Cross-site request refused: the Origin header does not match this site.');
  if (needToken && req.headers[CSRF_HEADER] !== req.user?.csrf) throw new HttpError('CSRF', 'Missing or wrong CSRF token.');
}

export async function authPlugin(app: FastifyInstance, o: AuthOptions): Promise<void> {
  const failures = new Map<string, number[]>();
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
    if (s && u) req.user = { email: u.email, name: u.name, role: u.role, csrf: s.csrf };
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
      const now = Date.now();
      const recent = (failures.get(email) ?? []).filter((t) => now - t < ACCOUNT_WINDOW_MS);
      if (recent.length >= ACCOUNT_MAX_FAILURES)
        throw new HttpError('RATE_LIMITED', 'Too many failed sign-ins for this account: wait 15 minutes.');
      const user: User | undefined = o.users.find(email);
      // Same work whether or not the account exists, so the answer never tells.
      const ok = await verifyPassword(req.body.password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !ok) {
        failures.set(email, [...recent, now]);
        throw new HttpError('INVALID_CREDENTIALS');
      }
      failures.delete(email);
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
    if (unsigned?.valid && unsigned.value) o.sessions.destroy(unsigned.value);
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
