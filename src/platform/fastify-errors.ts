import type { ErrorCode } from '../contract/errors.js';

/**
 * What the errors Fastify and @fastify/multipart raise are answered as, in the contract's codes:
 * one table for the sandbox and the dashboard server, so the same mistake gets the same code on
 * both sides (a request that is not multipart where a file is expected is E0142, "missing file").
 */
export const FASTIFY_ERROR_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'E0142',
  FST_REQ_FILE_TOO_LARGE: 'E0145',
  FST_PARTS_LIMIT: 'INVALID_REQUEST',
  FST_FILES_LIMIT: 'INVALID_REQUEST',
  FST_FIELDS_LIMIT: 'INVALID_REQUEST',
};

/** The contract code of a Fastify error, or undefined when the table does not name it. */
export function fastifyErrorCode(err: { code?: unknown }): ErrorCode | undefined {
  return typeof err.code === 'string' ? FASTIFY_ERROR_CODES[err.code] : undefined;
}

/**
 * Whether an error raised while reading a multipart form means the form itself is unreadable (no
 * or a wrong boundary, a truncated or garbage body: a 400 the caller words), rather than a limit
 * or a mistake the table maps, or a body cut for arriving too slowly (408).
 */
export function isMalformedMultipart(err: unknown): boolean {
  if (!(err instanceof Error)) return true;
  if (fastifyErrorCode(err as { code?: unknown })) return false;
  return !('statusCode' in err && err.statusCode === 408);
}
