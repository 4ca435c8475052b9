import { HttpError } from '../http-error.js';

export interface UpstreamOptions {
  baseUrl: string;
  /** The partner API token: this module is the only one that sends it. */
  token: string;
  timeoutMs: number;
}

export interface UpstreamRequest {
  method: string;
  /** Path and query, starting with /v1, /v3 or /sandbox. */
  path: string;
  requestId: string;
  contentType?: string;
  body?: BodyInit;
  /** GETs may be retried once after a connection failure or a 5xx. */
  idempotent?: boolean;
}

/** The only code that knows the partner URL and token. Failures become UPSTREAM_* errors. */
export class Upstream {
  constructor(private readonly options: UpstreamOptions) {}

  async request(req: UpstreamRequest): Promise<Response> {
    const attempts = req.idempotent ? 2 : 1;
    let last: HttpError = new HttpError('UPSTREAM_UNAVAILABLE');
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const res = await fetch(this.options.baseUrl + req.path, {
          method: req.method,
          headers: {
            authorization: `Bearer ${this.options.token}`,
            'x-request-id': req.requestId,
            accept: 'application/json, application/pdf',
            ...(req.contentType ? { 'content-type': req.contentType } : {}),
          },
          body: req.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        if (res.status >= 500) {
          await res.body?.cancel();
          last = new HttpError('UPSTREAM_UNAVAILABLE', `The partner service answered ${res.status}.`);
          continue;
        }
        return res;
      } catch (err) {
        if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
          throw new HttpError('UPSTREAM_TIMEOUT', `The partner service did not answer within ${this.options.timeoutMs} ms.`);
        }
        last = new HttpError('UPSTREAM_UNAVAILABLE', 'The partner service cannot be reached.');
      }
    }
    throw last;
  }

  /** Readiness: the partner service answers at all (any HTTP status counts). */
  async reachable(): Promise<boolean> {
    try {
      const res = await fetch(`${this.options.baseUrl}/v3/projects?pageSize=1`, { headers: { authorization: `Bearer ${this.options.token}` }, signal: AbortSignal.timeout(Math.min(this.options.timeoutMs, 3000)) });
      await res.body?.cancel();
      return res.status < 500;
    } catch {
      return false;
    }
  }
}
