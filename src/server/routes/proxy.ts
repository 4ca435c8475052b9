import { buffer, text } from 'node:stream/consumers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchOperation, type Operation } from '../../contract/paths.js';
import { IDEMPOTENCY_HEADER } from '../../contract/session.js';
import { checkCsrf, noStore, requireUser } from '../auth/plugin.js';
import { roleAllows } from '../auth/roles.js';
import { HttpError, fromZod } from '../http-error.js';
import { BODY_SCHEMAS } from '../upstream/bodies.js';
import type { Upstream, UpstreamAnswer } from '../upstream/client.js';
import { IDEMPOTENCY_KEY, type IdempotencyStore, type StoredAnswer } from '../upstream/idempotency.js';
import type { TodayProvider } from '../upstream/today.js';
import type { IntermediaryScope } from './intermediary-scope.js';
import { ZodError } from 'zod';
import { spoolUpload, type SpooledUpload } from '../upstream/upload.js';

export interface ProxyOptions {
  upstream: Upstream;
  scope: IntermediaryScope;
  idempotency: IdempotencyStore;
  today: TodayProvider;
  publicOrigin: string | null;
  /** A file the partner accepted for a claim (the server lists them: the partner API does not). */
  onClaimFileSent: (claimId: string, sent: SpooledUpload['sent'], by: { email: string; name: string }) => void;
}

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

/**
 * Sends the partner's answer with its status and content headers: JSON answers (small) in one
 * write with a Content-Length, binary ones (the certificate PDF) streamed.
 */
async function send(reply: FastifyReply, res: UpstreamAnswer): Promise<FastifyReply> {
  void reply.code(res.status);
  for (const h of ['content-type', 'content-disposition']) {
    const v = res.header(h);
    if (v) void reply.header(h, v);
  }
  if ((res.header('content-type') ?? '').includes('json')) return reply.send(await buffer(res.body));
  return reply.send(res.body);
}

export async function proxyRoutes(app: FastifyInstance, o: ProxyOptions): Promise<void> {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const user = requireUser(req);
    const { op, path, query, params } = resolveOperation(req.method, req.raw.url ?? '');
    if (!roleAllows(user.role, op)) throw new HttpError('FORBIDDEN_ROLE', `The ${user.role} role cannot ${op.id}.`);
    checkCsrf(req, o.publicOrigin, true);
    noStore(reply);
    const requestId = String(req.id);
    if (user.role === 'intermediary') {
      if (op.id === 'listProjects') {
        try {
          return await o.scope.list(query, requestId);
        } catch (err) {
          throw err instanceof ZodError ? fromZod(err) : err;
        }
      }
      await o.scope.check(op, params, requestId);
    }
    if (op.id === 'createClaim') o.scope.invalidate();
    const target = query ? `${path}?${query}` : path;

    if (op.upload) {
      const upload = await spoolUpload(req);
      try {
        const res = await o.upstream.upload(target, requestId, upload);
        if (op.id === 'addClaimDocument' && res.status >= 200 && res.status < 300) o.onClaimFileSent(params[0] ?? '', upload.sent, user);
        return await send(reply, res);
      } finally {
        await upload.cleanup();
      }
    }

    let body: string | undefined;
    const schema = BODY_SCHEMAS[op.id as keyof typeof BODY_SCHEMAS];
    if (schema) {
      const parsed = schema(await o.today.today(requestId)).safeParse(req.body);
      if (!parsed.success) throw fromZod(parsed.error);
      body = JSON.stringify(req.body);
    }
    const forward = () =>
      o.upstream.request({
        method: op.method,
        path: target,
        requestId,
        body,
        contentType: body ? 'application/json' : undefined,
        idempotent: op.method === 'GET',
      });
    const key = req.headers[IDEMPOTENCY_HEADER];
    if (!op.creates || typeof key !== 'string') return send(reply, await forward());
    if (!IDEMPOTENCY_KEY.test(key)) throw new HttpError('INVALID_REQUEST', 'Idempotency-Key must be 8 to 128 letters, digits, - or _.');
    const answer = await o.idempotency.run(key, user.email, op.id, async (): Promise<StoredAnswer> => {
      const res = await forward();
      return { status: res.status, contentType: res.header('content-type'), body: await text(res.body) };
    });
    if (answer.replayed) void reply.header('idempotent-replayed', 'true');
    void reply.code(answer.status);
    if (answer.contentType) void reply.type(answer.contentType);
    return reply.send(answer.body);
  };
  for (const prefix of ['/api/v1/*', '/api/v3/*']) {
    app.route({ method: ['GET', 'POST', 'PUT', 'DELETE'], url: prefix, handler });
  }
}
