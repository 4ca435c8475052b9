import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z, ZodError } from 'zod';
import { fastifyErrorCode } from '../platform/fastify-errors.js';
import { ERROR_CATALOGUE, isErrorCode, type ErrorCode, type ErrorDetail, type ErrorEnvelope } from '../contract/errors.js';
import { ruleOf } from '../contract/rules.js';

/** An error answered as the envelope, with the catalogue's HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ErrorDetail[],
    /** What the log says about it (never sent): e.g. what the partner answered. */
    readonly log?: Record<string, unknown>,
  ) {
    super(message ?? ERROR_CATALOGUE[code].en);
  }
  get status(): number {
    return ERROR_CATALOGUE[this.code].status;
  }
}

/** Zod issues as the envelope; an issue that carries a spec code (E0201, E0212) answers with it. */
export function fromZod(error: ZodError): HttpError {
  const details = error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message, rule: ruleOf(i) }));
  const coded = error.issues
    .map((i) => (i.code === 'custom' ? (i.params as { errorCode?: unknown } | undefined)?.errorCode : undefined))
    .find(isErrorCode);
  return new HttpError(
    coded ?? 'INVALID_REQUEST',
    details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; '),
    details,
  );
}

/**
 * Seconds a client is told to wait (Retry-After) before trying again after a refusal that is not
 * its fault: the database out of reach comes back within moments (a restart, a failover); a full
 * disk needs someone to make room.
 */
export const RETRY_AFTER_SECONDS: Partial<Record<ErrorCode, number>> = { SERVICE_UNAVAILABLE: 5, STORAGE_FULL: 60 };

export function envelope(code: string, message: string, requestId: string, details?: ErrorDetail[]): ErrorEnvelope {
  return details ? { code, message, requestId, details } : { code, message, requestId };
}

/** One error handler: only the envelope leaves; 5xx causes are logged, never sent. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let e: HttpError;
    if (err instanceof HttpError) {
      e = err;
      if (e.log) request.log[e.status >= 500 ? 'error' : 'warn']({ code: e.code, ...e.log }, e.message);
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean).join('.'),
        message: v.message ?? 'is invalid',
        // the zod issue, as fastify-type-provider-zod hands it over (its code as `keyword`, the rest in `params`)
        rule: ruleOf({ ...v.params, code: v.keyword } as unknown as z.core.$ZodIssue),
      }));
      e = new HttpError('INVALID_REQUEST', details.map((d) => `${d.path}: ${d.message}`).join('; '), details);
    } else if (fastifyErrorCode(err)) e = new HttpError(fastifyErrorCode(err) as ErrorCode);
    else if (err.statusCode === 429) e = new HttpError('RATE_LIMITED');
    else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      e = new HttpError('INVALID_REQUEST', 'The request is malformed.');
    else {
      request.log.error({ err }, 'unhandled error');
      e = new HttpError('INTERNAL_ERROR');
    }
    if (e.code === 'REQUEST_TIMEOUT') void reply.header('connection', 'close');
    const retryAfter = RETRY_AFTER_SECONDS[e.code];
    if (retryAfter !== undefined && !reply.hasHeader('retry-after')) void reply.header('retry-after', String(retryAfter));
    void reply
      .code(e.status)
      .type('application/json')
      .send(envelope(e.code, e.message, String(request.id), e.details));
  });
}
