import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeclarantBodySchema, DeclarantSchema } from '../../contract/settings.js';
import { checkCsrf, noStore, requireUser } from '../auth/plugin.js';
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
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'The declarant details offered on every claim', response: { 200: DeclarantSchema, ...ERROR_RESPONSES } },
    },
    async (_req, reply) => {
      noStore(reply);
      return o.declarant.get();
    },
  );

  app.put(
    '/api/settings/declarant',
    {
      onRequest: async (req: FastifyRequest) => checkCsrf(req, o.publicOrigin, true),
      config: { access: { action: 'settings.change' }, audit: 'updateDeclarant' },
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
