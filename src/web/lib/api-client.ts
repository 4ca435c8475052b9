import type { z } from 'zod';
import { CSRF_HEADER, IDEMPOTENCY_HEADER, SESSION_ROLE_HEADER, WRITE_ID_HEADER } from '../../contract/headers.js';
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
 * Called when a call of the current session answers UNAUTHENTICATED (not signed in, session expired): the app goes to
 * sign-in. Mapped by code, never by status: the partner refusing our token (UPSTREAM_AUTH) is not
 * the user's session and shows as an inline error.
 */
export function onUnauthenticated(fn: Listener): () => void {
  unauthenticatedListeners.add(fn);
  return () => unauthenticatedListeners.delete(fn);
}

const roleListeners = new Set<(role: string) => void>();
/**
 * Called with the role the server read for each signed-in call (its SESSION_ROLE_HEADER): a
 * manager may have changed it since the session was read, and the page must follow at once.
 */
export function onRoleSeen(fn: (role: string) => void): () => void {
  roleListeners.add(fn);
  return () => roleListeners.delete(fn);
}

/**
 * Calls belong to a session epoch. A new one starts at sign-in and sign-out: every call still in
 * flight is cancelled, and a late 401 answering a call of an earlier epoch (sent before the user
 * signed in) no longer sends a user who has just signed in back to sign-in.
 */
let epoch = new AbortController();
export function newSessionEpoch(): void {
  epoch.abort();
  epoch = new AbortController();
}

export interface CallOptions {
  body?: unknown;
  idempotencyKey?: string;
  /** A write's id (useWrite's): the live events that report its result name it. */
  write?: string;
  signal?: AbortSignal;
}

/**
 * The one fetch wrapper: every call names its response schema; failures throw ApiError.
 * The answer is checked with one plain `safeParse` of that schema. Trusting our own server (which
 * checked it with the same schema) would also work, the answers' schemas having no transforms, but
 * would need a cast; the parse is one line, keeps data `unknown` until a schema reads it
 * (docs/conventions.md), and a mismatch (a tab running the app of an earlier release) fails here with a
 * clear error rather than inside a component. It costs well under a millisecond for a page of a list.
 */
export async function apiCall<S extends z.ZodType>(
  method: string,
  path: string,
  schema: S | Promise<S>,
  options: CallOptions = {},
): Promise<z.infer<S>> {
  return answer(send(method, path, options), path, schema);
}

/** A call on its way, with the session epoch it was sent in. */
type Sent = Promise<{ res: Response; mine: AbortController }>;

function send(method: string, path: string, options: CallOptions, accept = 'application/json'): Sent {
  const headers: Record<string, string> = { accept };
  if (method !== 'GET') headers[CSRF_HEADER] = csrfToken;
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  if (options.write) headers[WRITE_ID_HEADER] = options.write;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const mine = epoch;
  const signal = options.signal ? AbortSignal.any([options.signal, mine.signal]) : mine.signal;
  return fetch(path, { method, headers, body, credentials: 'same-origin', signal }).then(
    (res) => ({ res, mine }),
    (err: unknown) => {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiError(0, 'NETWORK', null);
    },
  );
}

/** The answer of a call, once its role and its failure (any answer but 2xx throws ApiError) are handled. */
async function checked(sent: Sent, path: string): Promise<Response> {
  const { res, mine } = await sent;
  const role = res.headers.get(SESSION_ROLE_HEADER);
  if (role && mine === epoch) roleListeners.forEach((fn) => fn(role));
  if (!res.ok) {
    const error = await ApiError.from(res);
    // a 401 to sign-in or sign-out itself is an answer to show, not a lost session
    const session = path !== '/api/login' && path !== '/api/logout';
    if (error.code === 'UNAUTHENTICATED' && session && mine === epoch) unauthenticatedListeners.forEach((fn) => fn());
    throw error;
  }
  return res;
}

/**
 * The schema may still be on its way (its code loading beside the call, see lib/operations.ts): the
 * call leaves at once and its answer waits for both. A schema whose code cannot be downloaded is a
 * network failure like the call's own.
 */
async function answer<S extends z.ZodType>(sent: Sent, path: string, schema: S | Promise<S>): Promise<z.infer<S>> {
  const [res, reader] = await Promise.all([
    checked(sent, path),
    Promise.resolve(schema).catch(() => {
      throw new ApiError(0, 'NETWORK', null);
    }),
  ]);
  const data: unknown = res.status === 204 ? null : await res.json();
  const parsed = reader.safeParse(data);
  if (!parsed.success) throw new ApiError(res.status, 'UNKNOWN', res.headers.get('x-request-id'), [], 'Unexpected answer from the server');
  return parsed.data;
}

/** A file the server builds, read whole, with the name its answer gives (a refusal throws ApiError like any call). */
export async function apiFile(path: string, options: CallOptions = {}): Promise<{ blob: Blob; name: string }> {
  const res = await checked(send('GET', path, options, '*/*'), path);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? path.split('?')[0]?.split('/').pop() ?? '';
  return { blob: await res.blob(), name };
}

export interface UploadOptions {
  /** The share of the body sent so far (0-1), as the browser reports it. */
  onProgress?: (fraction: number) => void;
  /** A write's id (useWrite's): the live events that report its result name it. */
  write?: string;
  signal?: AbortSignal;
}

/**
 * A multipart upload with progress: fetch cannot report how much of a body has left, so this one
 * call uses XMLHttpRequest, with everything `apiCall` does (CSRF token, session epoch, the role
 * seen, a 401 to sign-in, the answer checked with its schema, failures as ApiError). The
 * Content-Type is left to the browser so that it sets the multipart boundary.
 */
export function apiUpload<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S | Promise<S>,
  options: UploadOptions = {},
): Promise<z.infer<S>> {
  const mine = epoch;
  const signal = options.signal ? AbortSignal.any([options.signal, mine.signal]) : mine.signal;
  const sent: Sent = new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('Upload cancelled', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader(CSRF_HEADER, csrfToken);
    xhr.setRequestHeader('accept', 'application/json');
    if (options.write) xhr.setRequestHeader(WRITE_ID_HEADER, options.write);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', null));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      // a 204 or 205 answer has no body
      const body = xhr.status === 204 || xhr.status === 205 ? null : xhr.responseText;
      resolve({ res: new Response(body, { status: xhr.status, headers }), mine });
    };
    // settled at once, whether or not the request still fires its abort event
    signal.addEventListener(
      'abort',
      () => {
        xhr.abort();
        reject(new DOMException('Upload cancelled', 'AbortError'));
      },
      { once: true },
    );
    xhr.send(form);
  });
  return answer(sent, path, schema);
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
