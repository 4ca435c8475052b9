import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeclarantBodySchema, DeclarantSchema } from '../../contract/settings.js';
import { checkCsrf, noStore, requireUser } from '../auth/plugin.js';
import { canEditSettings } from '../auth/roles.js';
import { HttpError } from '../http-error.js';
import type { DeclarantStore } from './declarant-store.js';

/**
 * The organization's declarant details: every signed-in role reads them (each may open a claim),
 * only managers change them. Role and CSRF are checked before the body is read.
 */
export async function settingsRoutes(app: FastifyInstance, o: { declarant: DeclarantStore; publicOrigin: string | null }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/settings/declarant', { schema: { response: { 200: DeclarantSchema } } }, async (req, reply) => {
    requireUser(req);
    noStore(reply);
    return o.declarant.get();
  });

  const managerOnly = async (req: FastifyRequest) => {
    const user = requireUser(req);
    if (!canEditSettings(user.role)) throw new HttpError('FORBIDDEN_ROLE', 'Only managers change the declarant details.');
    checkCsrf(req, o.publicOrigin, true);
  };
  typed.put(
    '/api/settings/declarant',
    { onRequest: managerOnly, schema: { body: DeclarantBodySchema, response: { 200: DeclarantSchema } } },
    async (req, reply) => {
      noStore(reply);
      return o.declarant.set(req.body.legalInfo, requireUser(req).name);
    },
  );
}
