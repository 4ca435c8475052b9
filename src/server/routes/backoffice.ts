import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pathRegExp } from '../../contract/paths.js';
import type { AccessNeed } from '../access/plugin.js';
import { checkCsrf, noStore } from '../auth/plugin.js';
import { HttpError } from '../http-error.js';
import { checkAnswer } from '../upstream/answers.js';
import type { Upstream } from '../upstream/client.js';
import type { TodayProvider } from '../upstream/today.js';

/** A sandbox back-office step the app's sandbox panel may call; `changes`: what a success changes. */
export interface BackOfficeStep {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  changes: 'claims' | 'projects' | 'everything' | 'nothing';
}

const project = (step: string, summary: string): BackOfficeStep => ({
  method: 'POST',
  path: `/sandbox/projects/:projectId/${step}`,
  summary,
  changes: 'projects',
});

/** The sandbox back-office operations the app's sandbox panel may call (sandbox mode only); their bodies: the sandbox's OpenAPI. */
export const BACK_OFFICE_STEPS: readonly BackOfficeStep[] = [
  project('documents/validate', 'Validate the project’s documents'),
  project('documents/reject', 'Reject the project’s documents with a reason'),
  project('rent/validate', 'Validate the rental information'),
  project('payment/complete', 'Complete the guarantee payment'),
  project('signatures/tenant', 'The tenant signs'),
  project('signatures/owner', 'The owner signs'),
  project('status', 'Set the project’s status'),
  { method: 'POST', path: '/sandbox/claims/:claimId/validate', summary: 'Validate the claim', changes: 'claims' },
  { method: 'POST', path: '/sandbox/claims/:claimId/status', summary: 'Set the claim’s status', changes: 'claims' },
  {
    method: 'POST',
    path: '/sandbox/claims/:claimId/rentaldebts/:rentalDebtId/pay',
    summary: 'The guarantor pays a month',
    changes: 'claims',
  },
  {
    method: 'POST',
    path: '/sandbox/claims/:claimId/rentaldebts/:rentalDebtId/receipt/sign',
    summary: 'The receipt of a month is signed',
    changes: 'claims',
  },
  {
    method: 'POST',
    path: '/sandbox/claims/:claimId/rentaldebts/:rentalDebtId/unblock',
    summary: 'A month declared late is unblocked',
    changes: 'claims',
  },
  { method: 'GET', path: '/sandbox/clock', summary: 'The sandbox’s today', changes: 'nothing' },
  { method: 'POST', path: '/sandbox/clock', summary: 'Set or move the sandbox’s today', changes: 'everything' },
  { method: 'POST', path: '/sandbox/reset', summary: 'Reset the sandbox to its demo data', changes: 'everything' },
];

const MATCHERS = BACK_OFFICE_STEPS.map((step) => ({ step, re: pathRegExp(step.path) }));

function matchStep(method: string, path: string): { step: BackOfficeStep; params: string[] } | null {
  for (const { step, re } of MATCHERS) {
    const m = step.method === method ? re.exec(path) : null;
    if (m) return { step, params: m.slice(1) };
  }
  return null;
}

/** The step's path on the sandbox: /api/sandbox/… without /api. */
const stepPath = (req: FastifyRequest) => (req.raw.url ?? '').split('?')[0]?.slice(4) ?? '';

/**
 * What a back-office step asks of the role (access/plugin.ts); null for no step (answered 404).
 * Its audit note starts here, before the role is checked: a refused step is recorded too (not
 * the clock's reading).
 */
function stepAccess(req: FastifyRequest): AccessNeed | null {
  const match = matchStep(req.method, stepPath(req));
  if (!match) return null;
  if (match.step.method === 'POST') {
    const id = match.params[0] ?? null;
    const area = match.step.path.startsWith('/sandbox/claims/')
      ? 'claim'
      : match.step.path.startsWith('/sandbox/projects/')
        ? 'project'
        : null;
    req.audit = {
      operation: 'backOffice',
      projectId: area === 'project' ? id : null,
      claimId: area === 'claim' ? id : null,
      details: { step: match.step.path, ...(match.params[1] ? { rentalDebtId: match.params[1] } : {}) },
    };
  }
  return { action: 'backoffice.use' };
}

export interface BackOfficeOptions {
  upstream: Upstream;
  today: TodayProvider;
  publicOrigin: string | null;
  /** Told of every step the sandbox accepted (the other replicas hear of a clock move through the bus). */
  inbox: { onBackOfficeWrite: (area: 'claims' | 'projects' | 'everything', id: string | null) => void };
  /** Then the read model re-reads what the step changed (before the answer: the lists show it next). */
  afterStep?: (area: 'claims' | 'projects' | 'everything', id: string | null) => Promise<void>;
}

/** /api/sandbox/*: the back-office steps above, for managers and staff, forwarded with the server's token. */
export const backOfficeRoutes: FastifyPluginAsync<BackOfficeOptions> = async (app, o) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/sandbox/*',
    schema: { hide: true }, // described step by step from BACK_OFFICE_STEPS (plugins/openapi.ts)
    config: { access: { by: stepAccess } },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const path = stepPath(req);
      const match = matchStep(req.method, path);
      if (!match) throw new HttpError('NOT_FOUND', 'No such back-office operation.');
      checkCsrf(req, o.publicOrigin, true);
      noStore(reply);
      const body = req.body === undefined || req.body === null ? undefined : JSON.stringify(req.body);
      const res = await o.upstream.request({
        method: req.method === 'GET' ? 'GET' : 'POST',
        path,
        requestId: String(req.id),
        body,
        contentType: body ? 'application/json' : undefined,
        idempotent: req.method === 'GET',
      });
      // the back office is the sandbox's own: its answers are JSON (any shape) or the error envelope
      const answer = await checkAnswer(res, z.unknown(), `${req.method} ${path}`);
      const { changes } = match.step;
      if (changes === 'everything' || match.step.path === '/sandbox/clock') o.today.invalidate();
      if (answer.status < 400 && changes !== 'nothing') {
        o.inbox.onBackOfficeWrite(changes, match.params[0] ?? null);
        await o.afterStep?.(changes, match.params[0] ?? null);
      }
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    },
  });
};
