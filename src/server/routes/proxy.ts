import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { matchOperation, type Operation, type OperationId } from '../../contract/paths.js';
import { OPERATION_ANSWERS } from '../../contract/responses.js';
import { WRITE_ID_HEADER } from '../../contract/headers.js';
import { IDEMPOTENCY_HEADER } from '../../contract/session.js';
import type { WritesInFlight } from '../events/causes.js';
import { isAuditedWrite, WRITE_TRACES, type WriteInput } from '../audit/extract.js';
import { checkCsrf, noStore, requireUser } from '../auth/plugin.js';
import { HttpError, fromZod } from '../http-error.js';
import { BODY_SCHEMAS } from '../upstream/bodies.js';
import { checkAnswer, type CheckedAnswer } from '../upstream/answers.js';
import type { Upstream, UpstreamAnswer } from '../upstream/client.js';
import { IDEMPOTENCY_KEY, type IdempotencyStore, type StoredAnswer } from '../upstream/idempotency.js';
import type { TodayProvider } from '../upstream/today.js';
import type { ProjectScope } from '../access/scope.js';
import type { AccessNeed } from '../access/plugin.js';
import { may, operationAction, operationProject } from '../../contract/access.js';
import { ZodError } from 'zod';
import { spoolUpload, type SpooledUpload } from '../upstream/upload.js';

export interface ProxyOptions {
  upstream: Upstream;
  scope: ProjectScope;
  idempotency: IdempotencyStore;
  today: TodayProvider;
  /** A tenant payment as the partner has it, before it is changed or deleted (the audit trail says which it was). */
  paymentBefore?: (claimId: string, paymentId: string, requestId: string) => Promise<unknown>;
  /** The lease's start that a claim's creation or a tenant payment is checked against (null: unknown). */
  leaseStart?: (op: OperationId, params: readonly string[], requestId: string) => Promise<string | null>;
  publicOrigin: string | null;
  /** Where uploads are spooled (DATA_DIR/spool). */
  spoolDir: string;
  /** Told of every write the partner accepted (the other replicas hear of it through the bus). */
  inbox: { onWrite: (op: Pick<Operation, 'id' | 'method' | 'area'>, params: readonly string[]) => void };
  /** A file the partner accepted for a claim (the server lists them: the partner API does not). */
  onClaimFileSent: (claimId: string, sent: SpooledUpload['sent'], by: { email: string; name: string }) => void | Promise<void>;
  /** Notes each write while it is at the partner, so the events that report its result are said to be its author's (events/causes.ts). */
  writes?: WritesInFlight;
  /** Then the read model re-reads what the write touched (the partner's answer, parsed, names a creation's id). */
  onWritten?: (op: Operation, params: string[], answer: unknown) => Promise<void>;
  /** A tenant payment the partner recorded, changed or deleted (its answer, parsed): where it was put. */
  onPaymentWritten?: (
    op: 'addPayment' | 'updatePayment' | 'deletePayment',
    params: string[],
    answer: unknown,
    requestId: string,
  ) => Promise<void>;
}

const PAYMENT_WRITES = new Set(['addPayment', 'updatePayment', 'deletePayment']);

/** Path tricks that must never reach the allow-list: encoded separators, dot segments, doubled slashes. */
const SUSPICIOUS = /%2f|%5c|%2e|\\|\/\/|\/\.\.?(\/|$)/i;
const SAFE_QUERY = /^[A-Za-z0-9_\-.~%+=&]*$/;

/** Splits /api/v3/... into the upstream path and query, refusing anything that is not one of the 27 operations. */
export function resolveOperation(method: string, rawUrl: string): { op: Operation; path: string; query: string; params: string[] } {
  const [rawPath = '', query = ''] = rawUrl.split('?', 2) as [string, string?];
  if (!rawPath.startsWith('/api/') || SUSPICIOUS.test(rawPath) || !SAFE_QUERY.test(query))
    throw new HttpError('NOT_FOUND', 'No such operation.');
  const path = rawPath.slice(4);
  const match = matchOperation(method, path);
  if (!match) throw new HttpError('NOT_FOUND', `No such operation: ${method} ${path}.`);
  return { op: match.op, path, query, params: match.params };
}

/** The partner's answer, checked against the operation's contract schema (or as a PDF) before anything is forwarded. */
function checked(op: Operation, path: string, res: UpstreamAnswer): Promise<CheckedAnswer> {
  return checkAnswer(res, OPERATION_ANSWERS[op.id as OperationId], `${op.method} ${path}`);
}

/** Sends a checked answer: its status, its (normalised) content type, the PDF's file name. */
function send(reply: FastifyReply, res: CheckedAnswer, disposition?: string | null): FastifyReply {
  void reply.code(res.status).type(res.contentType);
  if (disposition && res.contentType === 'application/pdf') void reply.header('content-disposition', disposition);
  return reply.send(res.body);
}

/**
 * /api/v1/* and /api/v3/*: exactly the 27 operations of the contract's allow-list, forwarded with
 * the server's token after the role and the project's scope (access/plugin.ts), CSRF and the body
 * (contract schema) are checked; the answer is checked before it is forwarded. No Fastify schema here: the
 * body schemas need the partner's "today", and this is the hot path (the OpenAPI description lists
 * the operations from the contract, see plugins/openapi.ts).
 */
export const proxyRoutes: FastifyPluginAsync<ProxyOptions> = async (app, o) => {
  /** A write the partner accepted: told to the other replicas. */
  const wrote = async (op: Operation, params: string[], status: number, body: Buffer | string, requestId: string) => {
    if (op.method === 'GET' || status >= 400) return;
    o.inbox.onWrite(op, params);
    if (o.onWritten) {
      let answer: unknown = null;
      try {
        answer = op.creates ? JSON.parse(body.toString()) : null;
      } catch {
        // not JSON: a creation without its id (checked against its schema already)
      }
      await o.onWritten(op, params, answer);
    }
    if (o.onPaymentWritten && PAYMENT_WRITES.has(op.id) && status < 300) {
      let answer: unknown = null;
      try {
        answer = op.id === 'deletePayment' ? null : JSON.parse(body.toString());
      } catch {
        // not JSON: nothing to remember (the answer was checked against its schema already)
      }
      await o.onPaymentWritten(op.id as 'addPayment' | 'updatePayment' | 'deletePayment', params, answer, requestId);
    }
  };
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const user = requireUser(req);
    const { op, path, query, params } = resolveOperation(req.method, req.raw.url ?? '');
    // every write of the spec is recorded in the audit trail, refusals included (audit/plugin.ts;
    // its note started with the access check); what identifies it is filled in as it is known
    // (the body once checked, the file once read)
    const audited = isAuditedWrite(op.id) ? op.id : null;
    const trace = (input: Omit<WriteInput, 'params'>) => {
      if (audited) req.audit = { operation: audited, ...WRITE_TRACES[audited]({ params, ...input }) };
    };
    // a write is recorded as attempted before it leaves: a trail that cannot take the record
    // (a full disk, the database away) refuses the write here, with nothing sent to the partner
    const beforeSending = () => (audited ? req.auditBeforeSending() : Promise.resolve());
    checkCsrf(req, o.publicOrigin, true);
    noStore(reply);
    const requestId = String(req.id);
    // a role that reads its scope only lists it from the read model (the partner's list has no such filter)
    if (op.id === 'listProjects' && !may(user.role, 'project.readAll')) {
      try {
        return await o.scope.list(user.role, query);
      } catch (err) {
        throw err instanceof ZodError ? fromZod(err) : err;
      }
    }
    const target = query ? `${path}?${query}` : path;
    /**
     * A write on a claim or a project (its path's first id) is noted from before it leaves until
     * the read model has re-read what it touched: what is read about it meanwhile, a webhook that
     * comes before the answer included, is this person's (events/causes.ts).
     */
    const noted = async <T>(run: () => Promise<T>): Promise<T> => {
      const resource = op.method === 'GET' ? undefined : params[0];
      if (!resource || !o.writes) return run();
      const header = req.headers[WRITE_ID_HEADER];
      const end = await o.writes.begin(resource, user.email, typeof header === 'string' ? header : null);
      try {
        return await run();
      } finally {
        await end().catch((err: unknown) => req.log.warn({ err }, 'could not end the note of a write in flight (it lapses)'));
      }
    };
    // a payment changed or deleted: which one it was, for the audit trail
    const before =
      (op.id === 'updatePayment' || op.id === 'deletePayment') && o.paymentBefore
        ? await o.paymentBefore(params[0] ?? '', params[1] ?? '', requestId)
        : undefined;
    if (before !== undefined) trace({ body: undefined, before });

    if (op.upload) {
      const upload = await spoolUpload(req, o.spoolDir);
      trace({ body: undefined, upload: upload.sent });
      try {
        const answer = await noted(async () => {
          await beforeSending();
          const a = await checked(op, path, await o.upstream.upload(target, requestId, upload));
          if (op.id === 'addClaimDocument' && a.status >= 200 && a.status < 300)
            await o.onClaimFileSent(params[0] ?? '', upload.sent, user);
          await wrote(op, params, a.status, a.body, requestId);
          return a;
        });
        return send(reply, answer);
      } finally {
        await upload.cleanup();
      }
    }

    let body: string | undefined;
    const schema = BODY_SCHEMAS[op.id as keyof typeof BODY_SCHEMAS];
    if (schema) {
      const today = await o.today.today(requestId);
      let parsed = schema(today).safeParse(req.body);
      // a body bound to a lease is checked against its start once it is otherwise valid: a body
      // refused anyway never makes the server read the lease (nor the partner be asked for it)
      const lease = parsed.success && o.leaseStart ? await o.leaseStart(op.id as OperationId, params, requestId) : null;
      if (lease) parsed = schema(today, lease).safeParse(req.body);
      if (!parsed.success) throw fromZod(parsed.error);
      trace({ body: parsed.data, before });
      // what the contract read: a SIREN typed in groups goes as its digits, a name without stray spaces
      body = JSON.stringify(parsed.data);
    }
    const forward = async () => {
      const res = await o.upstream.request({
        method: op.method,
        path: target,
        requestId,
        body,
        contentType: body ? 'application/json' : undefined,
        idempotent: op.method === 'GET',
      });
      return { answer: await checked(op, path, res), disposition: res.header('content-disposition') };
    };
    const key = req.headers[IDEMPOTENCY_HEADER];
    if (!op.creates || typeof key !== 'string') {
      const { answer, disposition } = await noted(async () => {
        await beforeSending();
        const forwarded = await forward();
        await wrote(op, params, forwarded.answer.status, forwarded.answer.body, requestId);
        return forwarded;
      });
      return send(reply, answer, disposition);
    }
    if (!IDEMPOTENCY_KEY.test(key)) throw new HttpError('INVALID_REQUEST', 'Idempotency-Key must be 8 to 128 letters, digits, - or _.');
    const print = { operation: op.id, path, body: req.body ?? null };
    const answer = await noted(async () => {
      const a = await o.idempotency.run(key, user.email, print, async (): Promise<StoredAnswer> => {
        // (a repeat answered from the first's answer sends nothing: no attempt of its own)
        await beforeSending();
        const { answer: res } = await forward();
        return { status: res.status, contentType: res.contentType, body: res.body.toString('utf8') };
      });
      await wrote(op, params, a.status, a.body, requestId);
      return a;
    });
    if (answer.replayed) void reply.header('idempotent-replayed', 'true');
    void reply.code(answer.status);
    if (answer.contentType) void reply.type(answer.contentType);
    return reply.send(answer.body);
  };
  /**
   * What the forwarded operation asks of the role, and the project it reads (access/plugin.ts). Its
   * audit note starts here, before the role is checked: a refused write is recorded too.
   */
  const operationAccess = (req: FastifyRequest): AccessNeed => {
    const { op, params } = resolveOperation(req.method, req.raw.url ?? '');
    req.operation = op.id;
    if (isAuditedWrite(op.id)) req.audit = { operation: op.id, ...WRITE_TRACES[op.id]({ params, body: undefined }) };
    return { action: operationAction(op), project: operationProject(op, params) };
  };
  for (const prefix of ['/api/v1/*', '/api/v3/*']) {
    app.route({
      method: ['GET', 'POST', 'PUT', 'DELETE'],
      url: prefix,
      schema: { hide: true },
      config: { access: { by: operationAccess } },
      handler,
    });
  }
};
