import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClaimRowsQuerySchema, ProjectRowsQuerySchema } from '../../contract/list-queries.js';
import { ClaimRowsSchema, LIST_PATHS, ProjectRowsSchema } from '../../contract/lists.js';
import { noStore, requireUser } from '../auth/plugin.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { TodayProvider } from '../upstream/today.js';
import type { ReadModelLists } from './read-model-lists.js';

const tags = ['Read model'];

/**
 * The claims and projects lists, answered from the read model (never a partner call):
 * GET /api/lists/claims, GET /api/lists/projects. Their "looked after by" filter offers the
 * colleagues of GET /api/colleagues (assignments/routes.ts).
 */
export const listRoutes: FastifyPluginAsyncZod<{ lists: ReadModelLists; today: TodayProvider }> = async (app, { lists, today }) => {
  /** "Data as of" on the partner's clock (the sandbox's in sandbox mode), as every date the pages show. */
  const dated = async <T extends { asOf: number | null }>(answer: T, requestId: string): Promise<T> => {
    const onPartnerClock = await today.onPartnerClock(requestId);
    return { ...answer, asOf: answer.asOf === null ? null : onPartnerClock(answer.asOf) };
  };
  app.get(
    LIST_PATHS.claims,
    {
      config: { access: { action: 'claim.run' } },
      schema: {
        tags,
        summary: 'The claims: tenant search, status, sort, page, who looks after each',
        querystring: ClaimRowsQuerySchema,
        response: { 200: ClaimRowsSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      noStore(reply);
      return dated(await lists.claims(req.query, requireUser(req)), String(req.id));
    },
  );
  app.get(
    LIST_PATHS.projects,
    {
      config: { access: { action: 'project.read' } },
      schema: {
        tags,
        summary: 'The projects: search by tenant, e-mail or reference, status, sort, page, open claim, who looks after each',
        querystring: ProjectRowsQuerySchema,
        response: { 200: ProjectRowsSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      noStore(reply);
      return dated(await lists.projects(req.query, requireUser(req)), String(req.id));
    },
  );
};
