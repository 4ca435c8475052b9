import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './plugin.js';

/** How every way of signing in hands the browser its session: one definition of the cookie. */
export interface SessionCookie {
  /** Sets the cookie of a session just made. */
  set(reply: FastifyReply, req: FastifyRequest, id: string): void;
  /** Removes it (sign-out). */
  clear(reply: FastifyReply): void;
  /** Whether this request's cookies are Secure (the single sign-on's own cookie follows it). */
  secure(req: FastifyRequest): boolean;
}

/**
 * The session cookie, the same whether the person signed in with a password, by single sign-on
 * or with an invitation's or a reset link: HttpOnly, signed, SameSite=Lax, Secure over HTTPS (or as
 * configured), and a Max-Age of the session's absolute limit.
 *
 * The server alone decides when a session ends (idle, absolute limit, revocation); the cookie must
 * only never end it first. A Max-Age of the idle limit did: set once at sign-in, the browser dropped
 * it that long after sign-in however active the person was. The absolute limit is the longest any
 * session can live, so the cookie is set once, never renewed (no Set-Cookie on every answer, no race
 * between tabs renewing it, nothing to do on a live stream), and the browser forgets it by itself
 * when the server would refuse it anyway. A cookie without Max-Age (a "session cookie") would end
 * with the browser instead, which browsers that restore their tabs do not honour: the idle limit is
 * what protects a shared computer, on the server.
 */
export function sessionCookie(cookieSecure: 'auto' | boolean, absoluteMs: number): SessionCookie {
  const secure = (req: FastifyRequest) => (cookieSecure === 'auto' ? req.protocol === 'https' : cookieSecure);
  return {
    set(reply, req, id) {
      void reply.setCookie(SESSION_COOKIE, id, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        signed: true,
        secure: secure(req),
        maxAge: Math.floor(absoluteMs / 1000),
      });
    },
    clear(reply) {
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
    secure,
  };
}
