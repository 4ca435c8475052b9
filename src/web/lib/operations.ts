import type { z } from 'zod';
import type { OPERATION_BODIES } from '../../contract/bodies.js';
import { buildPath, OPERATIONS, type OperationId } from '../../contract/paths.js';
import type { OPERATION_ANSWERS } from '../../contract/responses.js';
import { apiCall, apiUpload, newIdempotencyKey } from './api-client.js';

/**
 * The one typed client of the partner operations, built on the contract's operation list: a hook
 * names an operation id, never a URL. Path parameters are typed from the operation's path, the
 * body from the contract's body schema, the answer from its response schema (checked at run time).
 */

type Operations = (typeof OPERATIONS)[number];
type OperationOf<Id extends OperationId> = Extract<Operations, { id: Id }>;
type Answers = typeof OPERATION_ANSWERS;

/** The names of a path's parameters: '/v1/claims/:claimId/payments/:paymentId' → 'claimId' | 'paymentId'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type OperationParams<Id extends OperationId> = { readonly [K in ParamNames<OperationOf<Id>['path']>]: string };

/** Multipart uploads (sent with progress), and operations answering JSON (sent with fetch). */
export type UploadOperationId = Extract<Operations, { upload: true }>['id'];
export type JsonOperationId = Exclude<{ [Id in OperationId]: Answers[Id] extends z.ZodType ? Id : never }[OperationId], UploadOperationId>;

/** The response schema of every operation answering JSON (all but the certificate, a PDF). */
export type OperationAnswer<Id extends JsonOperationId | UploadOperationId> = z.infer<Answers[Id]>;
type JsonAnswers = { readonly [Id in JsonOperationId | UploadOperationId]: z.ZodType<OperationAnswer<Id>> };

/**
 * The answers' schemas (zod and the contract's), loaded beside a page's first call rather than
 * before it: a read leaves at once and its answer is checked once both are there.
 */
let answers: Promise<JsonAnswers> | undefined;
function answerSchema<Id extends JsonOperationId | UploadOperationId>(id: Id): Promise<z.ZodType<OperationAnswer<Id>>> {
  answers ??= import('../../contract/responses.js').then(
    (m) => m.OPERATION_ANSWERS satisfies JsonAnswers,
    (error: unknown) => {
      // a failed download is tried again by the next call
      answers = undefined;
      throw error;
    },
  );
  return answers.then((all) => all[id]);
}

type Bodies = typeof OPERATION_BODIES;
/** What an operation sends: its contract body (never for operations without a JSON body). */
export type OperationBody<Id extends OperationId> = Id extends keyof Bodies ? z.input<ReturnType<Bodies[Id]>> : never;

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface OperationOptions<Id extends OperationId> {
  body?: OperationBody<Id>;
  /** Query string (repeated for lists; empty values left out). */
  query?: Readonly<Record<string, QueryValue>>;
  /** Creating operations send one; one is made for each call when none is given (a form keeps its own). */
  idempotencyKey?: string;
  /** The id useWrite gave the write (the live events that report its result name it). */
  write?: string;
  signal?: AbortSignal;
}

/**
 * The page and statuses of a list query (typed as the contract schema's input, which also parses a
 * URL's strings; the hooks hold numbers): page 1 and 20 lines unless said.
 */
export function listPage(q: { page?: unknown; pageSize?: unknown; status?: unknown }): Record<'page' | 'pageSize' | 'status', QueryValue> {
  return { page: Number(q.page ?? 1), pageSize: Number(q.pageSize ?? 20), status: q.status as number[] | undefined };
}

/** Where the dashboard server forwards the partner operations. */
const PREFIX = '/api';
const BY_ID = new Map<string, Operations>(OPERATIONS.map((op) => [op.id, op]));

function operation(id: OperationId): Operations {
  const op = BY_ID.get(id);
  if (!op) throw new Error(`unknown operation ${id}`);
  return op;
}

function queryString(query: OperationOptions<OperationId>['query']): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    for (const x of Array.isArray(v) ? v : [v]) if (x !== undefined && x !== null && x !== '') p.append(k, String(x));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The URL of an operation, e.g. for a link that downloads (the certificate). */
export function operationUrl<Id extends OperationId>(id: Id, params: OperationParams<Id>, query?: OperationOptions<Id>['query']): string {
  return `${PREFIX}${buildPath(operation(id).path, params)}${queryString(query)}`;
}

/** Calls an operation answering JSON: `callOperation('getProject', { id }, { signal })`. */
export function callOperation<Id extends JsonOperationId>(
  id: Id,
  params: OperationParams<Id>,
  options: OperationOptions<Id> = {},
): Promise<OperationAnswer<Id>> {
  const op = operation(id);
  const idempotencyKey = options.idempotencyKey ?? ('creates' in op && op.creates ? newIdempotencyKey() : undefined);
  return apiCall(op.method, operationUrl(id, params, options.query), answerSchema(id), {
    body: options.body,
    idempotencyKey,
    write: options.write,
    signal: options.signal,
  });
}

/** Uploads a file to an operation taking multipart/form-data, reporting progress. */
export function uploadOperation<Id extends UploadOperationId>(
  id: Id,
  params: OperationParams<Id>,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  write?: string,
): Promise<OperationAnswer<Id>> {
  return apiUpload(operationUrl(id, params), form, answerSchema(id), { onProgress, signal, write });
}
