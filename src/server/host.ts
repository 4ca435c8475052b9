import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

/** Probes of an orchestrator and Prometheus (bearer token) use whatever address they reach the server at. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** The host name of a Host header, lower case and without its port ("[::1]:3000" → "[::1]"). */
export function hostName(host: string | undefined): string {
  const h = (host ?? '').trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0] ?? '';
}

/**
 * Answers only requests addressed to a known host name (loopback, PUBLIC_ORIGIN's, ALLOWED_HOSTS):
 * a page on another site whose name resolves to this server (DNS rebinding) is refused, and the
 * Origin expected by the CSRF check, when PUBLIC_ORIGIN is not set, comes only from a known Host.
 */
export function checkHost(req: FastifyRequest, allowed: readonly string[]): void {
  if (PROBES.has(req.url.split('?')[0] ?? '')) return;
  // the Host the browser used: X-Forwarded-Host from a trusted proxy (TRUST_PROXY), else Host
  const name = hostName(req.host);
  if (!allowed.includes(name))
    throw new HttpError(
      'INVALID_REQUEST',
      `Unknown Host "${name.slice(0, 100)}": this server answers at ${allowed.join(', ')} (set PUBLIC_ORIGIN or ALLOWED_HOSTS).`,
    );
}
