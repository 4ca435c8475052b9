import type { z } from 'zod';
import { CSRF_HEADER, IDEMPOTENCY_HEADER } from '../../contract/session.js';
import { ApiError } from './api-error.js';

let csrfToken = '';
/** The session's CSRF token, sent on every state-changing call. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}
export const getCsrfToken = (): string => csrfToken;

type Listener = () => void;
const unauthenticatedListeners = new Set<Listener>();
/**
 * Called when any call answers UNAUTHENTICATED (not signed in, session expired): the app goes to
 * sign-in. Mapped by code, never by status: the partner refusing our token (UPSTREAM_AUTH) is not
 * the user's session and shows as an inline error.
 */
export function onUnauthenticated(fn: Listener): () => void {
  unauthenticatedListeners.add(fn);
  return () => unauthenticatedListeners.delete(fn);
}

export interface CallOptions {
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** The one fetch wrapper: every call names its response schema; failures throw ApiError. */
export async function apiCall<S extends z.ZodType>(
  method: string,
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers[CSRF_HEADER] = csrfToken;
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body, credentials: 'same-origin', signal: options.signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', null);
  }
  if (!res.ok) {
    const error = await ApiError.from(res);
    if (error.code === 'UNAUTHENTICATED' && path !== '/api/login') unauthenticatedListeners.forEach((fn) => fn());
    throw error;
  }
  const data: unknown = res.status === 204 ? null : await res.json();
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(res.status, 'UNKNOWN', res.headers.get('x-request-id'), [], 'Unexpected answer from the server');
  return parsed.data;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
