import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z, ZodError } from 'zod';
import { fastifyErrorCode } from '../platform/fastify-errors.js';
import { ERROR_CATALOGUE, isErrorCode, type ErrorCode, type ErrorDetail, type ErrorEnvelope } from '../contract/errors.js';
import { ruleOf, type RuleRef } from '../contract/rules.js';

/** A refusal of a business rule: answered as the error envelope with the catalogue's status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  constructor(code: ErrorCode, message?: string, details?: ErrorDetail[]) {
    super(message ?? ERROR_CATALOGUE[code].en);
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return ERROR_CATALOGUE[this.code].status;
  }
}

interface IssueLike {
  path: string;
  message: string;
  rule: RuleRef;
  errorCode?: unknown;
}

/** Issues of a failed validation become the envelope; an issue carrying a spec code wins. */
export function errorFromIssues(issues: IssueLike[]): AppError {
  const coded = issues.find((i) => isErrorCode(i.errorCode));
  const details = issues.map((i) => ({ path: i.path, message: i.message, rule: i.rule }));
  if (coded && isErrorCode(coded.errorCode)) {
    return new AppError(coded.errorCode, `${coded.path}: ${coded.message}`, details);
  }
  return new AppError('INVALID_REQUEST', details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; '), details);
}

export function errorFromZod(error: ZodError, prefix = ''): AppError {
  return errorFromIssues(
    error.issues.map((i) => ({
      path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
      message: i.message,
      rule: ruleOf(i),
      errorCode: i.code === 'custom' ? (i.params as { errorCode?: unknown } | undefined)?.errorCode : undefined,
    })),
  );
}

/** The single error handler: every error leaves as the envelope; 5xx details are logged only. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let appError: AppError;
    if (err instanceof AppError) {
      appError = err;
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      appError = errorFromIssues(
        err.validation.map((v) => ({
          path: [where === 'body' ? '' : where, ...v.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.'),
          message: v.message ?? 'is invalid',
          // the zod issue, as fastify-type-provider-zod hands it over (its code as `keyword`, the rest in `params`)
          rule: ruleOf({ ...v.params, code: v.keyword } as unknown as z.core.$ZodIssue),
          errorCode: (v.params as { params?: { errorCode?: unknown } }).params?.errorCode,
        })),
      );
    } else if (fastifyErrorCode(err)) {
      const code = fastifyErrorCode(err) as ErrorCode;
      appError = new AppError(code, code === 'INVALID_REQUEST' ? `Malformed request: ${err.message}` : undefined);
    } else if (err.statusCode === 429) {
      appError = new AppError('RATE_LIMITED');
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      appError = new AppError('INVALID_REQUEST', err.message);
    } else {
      request.log.error({ err }, 'unhandled error');
      appError = new AppError('INTERNAL_ERROR');
    }
    const body: ErrorEnvelope = { code: appError.code, message: appError.message, requestId: String(request.id) };
    if (appError.details) body.details = appError.details;
    if (appError.status >= 500 && !(err instanceof AppError)) request.log.error({ code: appError.code }, 'answered 5xx');
    if (appError.code === 'REQUEST_TIMEOUT') void reply.header('connection', 'close');
    void reply.code(appError.status).type('application/json').send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const body: ErrorEnvelope = {
      code: 'NOT_FOUND',
      message: `No route ${request.method} ${request.url.split('?')[0] ?? ''}`,
      requestId: String(request.id),
    };
    void reply.code(404).send(body);
  });
}

/** Request ids: keep a safe incoming X-Request-Id, else make one; echo it on every answer. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
