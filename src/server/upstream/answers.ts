import { finished } from 'node:stream';
import type { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../contract/errors.js';
import { HttpError } from '../http-error.js';
import type { UpstreamAnswer } from './client.js';

/** What a partner answer must be on success: JSON matching a contract schema, or a PDF. */
export type Expected = z.ZodType | 'pdf';

/** A partner answer that passed every check: safe to use or to forward as is. */
export interface CheckedAnswer {
  status: number;
  contentType: string;
  body: Buffer;
  /** The parsed JSON (success answers: the schema's output; errors: the envelope; a PDF: null). */
  json: unknown;
}

/** Larger answers are refused: the biggest real ones (a page of 100 projects, a 20-year timeline) are far smaller. */
export const MAX_JSON_BYTES = 10 * 1024 * 1024;
export const MAX_PDF_BYTES = 20 * 1024 * 1024;

/** A JSON content type (application/json, or any +json). */
export const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * Reads at most `max` bytes of the body; more is refused (and the rest of the stream dropped).
 * Read with 'data' events, not an async iterator (a promise per chunk), and an answer that came in
 * one chunk (most pages) is used as it is, not copied.
 */
export function readCapped(res: UpstreamAnswer, max: number, what: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const body = res.body;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        body.destroy();
        reject(invalid(what, res, `answer larger than ${max} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    // an error or a premature close rejects as the async iterator did (a no-op after the cap's)
    finished(body, (err) => (err ? reject(err) : resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size))));
  });
}

function invalid(what: string, res: UpstreamAnswer, problem: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError('UPSTREAM_INVALID', `The partner service sent an answer the dashboard cannot use (${what}).`, undefined, {
    upstream: what,
    upstreamStatus: res.status,
    upstreamContentType: res.header('content-type'),
    problem,
    ...extra,
  });
}

/** The partner refuses our token (401, or a 403 that is not E0015 "another organization's file"). */
export function tokenRefused(what: string, status: number, code?: string): HttpError {
  return new HttpError(
    'UPSTREAM_AUTH',
    'The partner service refused the dashboard’s API token: the administrator must check PARTNER_API_TOKEN.',
    undefined,
    { upstream: what, upstreamStatus: status, upstreamCode: code, action: 'check PARTNER_API_TOKEN: wrong, expired or revoked' },
  );
}

function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

/**
 * Checks a partner answer before it is used or forwarded: its status, its content type and its
 * body (the operation's contract schema on success, with zod's `safeParse`; the error envelope
 * otherwise). A refused token becomes UPSTREAM_AUTH; anything else unexpected (HTML, garbage, a
 * wrong shape, a redirect) UPSTREAM_INVALID (502), logged with what came. 5xx answers never get
 * here (client.ts). `body` keeps the bytes as they came: the proxy forwards them unchanged.
 */
export async function checkAnswer(res: UpstreamAnswer, expected: Expected, what: string): Promise<CheckedAnswer> {
  const contentType = res.header('content-type') ?? '';
  if (res.status === 401) {
    res.body.resume();
    throw tokenRefused(what, res.status);
  }
  const success = res.status >= 200 && res.status < 300;
  const pdf = success && expected === 'pdf';
  const body = await readCapped(res, pdf ? MAX_PDF_BYTES : MAX_JSON_BYTES, what);
  if (pdf) {
    if (!/^application\/pdf\s*(;|$)/i.test(contentType) || body.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw invalid(what, res, 'not a PDF');
    return { status: res.status, contentType: 'application/pdf', body, json: null };
  }
  if (!(success || (res.status >= 400 && res.status < 500))) throw invalid(what, res, 'unexpected status');
  if (!JSON_TYPE.test(contentType)) throw invalid(what, res, 'not JSON', { start: body.subarray(0, 80).toString('utf8') });
  const schema = success ? (expected as z.ZodType) : null;
  const parsed = res.json === undefined ? parseJson(body) : { ok: true as const, value: res.json };
  if (!parsed.ok) throw invalid(what, res, 'malformed JSON', { start: body.subarray(0, 80).toString('utf8') });
  if (schema) {
    const checked = schema.safeParse(parsed.value);
    if (!checked.success)
      throw invalid(what, res, 'does not match the contract', {
        issues: checked.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`),
      });
    return { status: res.status, contentType: 'application/json; charset=utf-8', body, json: checked.data };
  }
  const envelope = ErrorEnvelopeSchema.safeParse(parsed.value);
  if (!envelope.success) throw invalid(what, res, 'error answer without the error envelope');
  if (res.status === 403 && envelope.data.code !== 'E0015') throw tokenRefused(what, res.status, envelope.data.code);
  return { status: res.status, contentType: 'application/json; charset=utf-8', body, json: envelope.data };
}
