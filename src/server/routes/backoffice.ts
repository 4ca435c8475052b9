import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GUID_PATTERN } from '../../contract/common.js';
import { checkCsrf, noStore, requireUser } from '../auth/plugin.js';
import { canUseBackOffice } from '../auth/roles.js';
import { HttpError } from '../http-error.js';
import { checkAnswer } from '../upstream/answers.js';
import type { Upstream } from '../upstream/client.js';
import type { TodayProvider } from '../upstream/today.js';

const G = GUID_PATTERN;
/** The sandbox back-office operations the app's sandbox panel may call (sandbox mode only). */
const ALLOWED: { method: string; re: RegExp }[] = [
  {
    method: 'POST',
    re: new RegExp(
      `^/sandbox/projects/${G}/(documents/validate|documents/reject|rent/validate|payment/complete|signatures/tenant|signatures/owner|status)$`,
    ),
  },
  { method: 'POST', re: new RegExp(`^/sandbox/claims/${G}/(validate|status)$`) },
  { method: 'POST', re: new RegExp(`^/sandbox/claims/${G}/rentaldebts/${G}/(pay|receipt/sign)$`) },
  { method: 'GET', re: /^\/sandbox\/clock$/ },
  { method: 'POST', re: /^\/sandbox\/clock$/ },
  { method: 'POST', re: /^\/sandbox\/reset$/ },
];

export async function backofficeProxy(
  app: FastifyInstance,
  upstream: Upstream,
  today: TodayProvider,
  publicOrigin: string | null,
): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/sandbox/*',
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const user = requireUser(req);
      const path = (req.raw.url ?? '').split('?')[0]?.slice(4) ?? '';
      if (!ALLOWED.some((a) => a.method === req.method && a.re.test(path)))
        throw new HttpError('NOT_FOUND', 'No such back-office operation.');
      if (!canUseBackOffice(user.role)) throw new HttpError('FORBIDDEN_ROLE', 'The sandbox back office is for managers and staff.');
      checkCsrf(req, publicOrigin, true);
      noStore(reply);
      const body = req.body === undefined || req.body === null ? undefined : JSON.stringify(req.body);
      const res = await upstream.request({
        method: req.method === 'GET' ? 'GET' : 'POST',
        path,
        requestId: String(req.id),
        body,
        contentType: body ? 'application/json' : undefined,
        idempotent: req.method === 'GET',
      });
      // the back office is the sandbox's own: its answers are JSON (any shape) or the error envelope
      const answer = await checkAnswer(res, z.unknown(), `${req.method} ${path}`);
      if (path.startsWith('/sandbox/clock') || path === '/sandbox/reset') today.invalidate();
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    },
  });
}
