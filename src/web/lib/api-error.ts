import { ERROR_CATALOGUE, isErrorCode, type ErrorCode } from '../../contract/error-codes.js';
import type { ErrorDetail } from '../../contract/errors.js';

/**
 * The error envelope's schema (contract/errors.ts), loaded with zod when a first error answers: the
 * app's first load holds the catalogue (plain data), not zod, which most sessions never need.
 */
const envelopeSchema = async () => (await import('../../contract/errors.js')).ErrorEnvelopeSchema;

/** A failed call: status, the catalogue code, the field it concerns and the request id to quote. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK' | 'UNKNOWN',
    readonly requestId: string | null,
    readonly details: ErrorDetail[] = [],
    message: string = code,
  ) {
    super(message);
  }

  static async from(res: Response): Promise<ApiError> {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      // a non-JSON error body still becomes an ApiError with the status
    }
    const parsed = await envelopeSchema().then(
      (schema) => schema.safeParse(body),
      () => ({ success: false as const }),
    );
    if (!parsed.success) return new ApiError(res.status, 'UNKNOWN', res.headers.get('x-request-id'));
    return new ApiError(
      res.status,
      isErrorCode(parsed.data.code) ? parsed.data.code : 'UNKNOWN',
      parsed.data.requestId,
      parsed.data.details ?? [],
      parsed.data.message,
    );
  }

  get retryable(): boolean {
    return this.code === 'NETWORK' || this.status >= 500;
  }
}

/**
 * Whether asking again may answer otherwise: a network failure, a 5xx, a code the catalogue calls
 * retryable. A refusal (a role, a missing project, a rule) would only be refused again.
 */
export function retryHelps(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.retryable) return true;
  return error.code !== 'NETWORK' && error.code !== 'UNKNOWN' && ERROR_CATALOGUE[error.code].retryable;
}
