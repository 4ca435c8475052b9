import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeclarantBodySchema, DeclarantSchema } from '../../contract/settings.js';
import { checkCsrf, noStore, requireUser } from '../auth/plugin.js';
import { canEditSettings } from '../auth/roles.js';
import { HttpError } from '../http-error.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { TodayProvider } from '../upstream/today.js';
import type { DeclarantStore } from './declarant-store.js';

const tags = ['Settings'];

/**
 * The organization's declarant details: every signed-in role reads them (each may open a claim),
 * only managers change them. Role and CSRF are checked before the body is read.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{
  declarant: DeclarantStore;
  publicOrigin: string | null;
  today: TodayProvider;
}> = async (app, o) => {
  app.get(
    '/api/settings/declarant',
    { schema: { tags, summary: 'The declarant details offered on every claim', response: { 200: DeclarantSchema, ...ERROR_RESPONSES } } },
    async (req, reply) => {
      requireUser(req);
      noStore(reply);
      return o.declarant.get();
    },
  );

  const managerOnly = async (req: FastifyRequest) => {
    const user = requireUser(req);
    if (!canEditSettings(user.role)) throw new HttpError('FORBIDDEN_ROLE', 'Only managers change the declarant details.');
    checkCsrf(req, o.publicOrigin, true);
  };
  app.put(
    '/api/settings/declarant',
    {
      onRequest: managerOnly,
      config: { audit: 'updateDeclarant' },
      schema: {
        tags,
        summary: 'Change the declarant details (managers)',
        body: DeclarantBodySchema,
        response: { 200: DeclarantSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      noStore(reply);
      return o.declarant.set(req.body.legalInfo, requireUser(req).name, await o.today.now(String(req.id)));
    },
  );
};
