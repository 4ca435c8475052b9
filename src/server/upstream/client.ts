import type { Readable } from 'node:stream';
import { Agent, request, type FormData } from 'undici';
import { HttpError } from '../http-error.js';

export interface UpstreamOptions {
  baseUrl: string;
  /** The partner API token: this module is the only one that sends it. */
  token: string;
  timeoutMs: number;
}

export interface UpstreamRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query, starting with /v1, /v3 or /sandbox. */
  path: string;
  requestId: string;
  contentType?: string;
  body?: string;
  /** GETs may be retried once after a connection failure or a 5xx. */
  idempotent?: boolean;
}

export interface UpstreamAnswer {
  status: number;
  header: (name: string) => string | null;
  body: Readable;
  /** The body as JSON, when a layer in front already read it so (the agency copy): checked without parsing it again. */
  json?: unknown;
}

/** Connection failures that happen before a byte of the request is sent: nothing reached the partner. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function headerOf(headers: Record<string, string | string[] | undefined>) {
  return (name: string): string | null => {
    const v = headers[name];
    return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
  };
}

/**
 * The only code that knows the partner URL and token. Uses undici's request API over a keep-alive
 * pool (fetch costs about a millisecond more per call). Failures become UPSTREAM_* errors.
 */
export class Upstream {
  private readonly agent: Agent;

  constructor(private readonly options: UpstreamOptions) {
    this.agent = new Agent({
      keepAliveTimeout: 30_000,
      connections: 128,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  private headers(requestId: string, contentType?: string): Record<string, string> {
    return {
      authorization: `Bearer ${this.options.token}`,
      'x-request-id': requestId,
      accept: 'application/json, application/pdf',
      ...(contentType ? { 'content-type': contentType } : {}),
    };
  }

  async request(req: UpstreamRequest): Promise<UpstreamAnswer> {
    const attempts = req.idempotent ? 2 : 1;
    let lastStatus = 0;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const res = await request(this.options.baseUrl + req.path, {
          method: req.method,
          headers: this.headers(req.requestId, req.contentType),
          body: req.body,
          // the agent's headersTimeout and bodyTimeout bound the wait (UPSTREAM_TIMEOUT): a timer
          // and an AbortSignal per request on top cost the hot path for nothing
          dispatcher: this.agent,
        });
        if (res.statusCode >= 500) {
          res.body.resume();
          lastStatus = res.statusCode;
          continue;
        }
        return { status: res.statusCode, header: headerOf(res.headers), body: res.body };
      } catch (err) {
        throw this.failure(err, req.method !== 'GET');
      }
    }
    throw new HttpError('UPSTREAM_UNAVAILABLE', `The partner service answered ${lastStatus}.`);
  }

  /** A multipart upload (undici sets its boundary and length), its file read from the spool as it is sent; never retried. */
  async upload(path: string, requestId: string, upload: { form: () => Promise<FormData> }): Promise<UpstreamAnswer> {
    try {
      const res = await request(this.options.baseUrl + path, {
        method: 'POST',
        headers: this.headers(requestId),
        body: await upload.form(),
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (res.statusCode >= 500) {
        res.body.resume();
        throw new HttpError('UPSTREAM_UNAVAILABLE', `The partner service answered ${res.statusCode}.`);
      }
      return { status: res.statusCode, header: headerOf(res.headers), body: res.body };
    } catch (err) {
      throw this.failure(err, true);
    }
  }

  /**
   * A write whose connection failed once it may have left (reset, hang-up, closed by the other side)
   * has an unknown outcome: the partner may have carried it out (UPSTREAM_OUTCOME_UNKNOWN, never a
   * plain failure that invites a blind resend). Only a request that never left is UPSTREAM_UNAVAILABLE.
   */
  private failure(err: unknown, write: boolean): HttpError {
    if (err instanceof HttpError) return err;
    const name = err instanceof Error ? err.name : '';
    const code = err instanceof Error && 'code' in err ? String((err as { code: unknown }).code) : '';
    if (name === 'TimeoutError' || name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      return new HttpError('UPSTREAM_TIMEOUT', `The partner service did not answer within ${this.options.timeoutMs} ms.`);
    }
    if (write && !NEVER_SENT.has(code))
      return new HttpError(
        'UPSTREAM_OUTCOME_UNKNOWN',
        `The connection to the partner service was cut after the request was sent (${code || name}): it may have been recorded: check the list.`,
      );
    return new HttpError('UPSTREAM_UNAVAILABLE', 'The partner service cannot be reached.');
  }

  /**
   * Readiness: the partner service answers, and accepts our token (a 401, or a 403 that is not
   * about another organization's file, means it refuses it: nothing will work).
   */
  async readiness(): Promise<'ready' | 'unreachable' | 'token refused'> {
    try {
      const res = await request(`${this.options.baseUrl}/v3/projects?pageSize=1`, {
        headers: this.headers('readyz'),
        dispatcher: this.agent,
        signal: AbortSignal.timeout(Math.min(this.options.timeoutMs, 3000)),
      });
      res.body.resume();
      if (res.statusCode === 401 || res.statusCode === 403) return 'token refused';
      return res.statusCode < 500 ? 'ready' : 'unreachable';
    } catch {
      return 'unreachable';
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
