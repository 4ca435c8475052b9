import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SyncStateSchema } from '../../contract/sync.js';
import { noStore, requireUser } from '../auth/plugin.js';
import { canReadEvents } from '../auth/roles.js';
import { HttpError } from '../http-error.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { SyncService } from './service.js';

/** GET /api/sync/state (managers): the read model's initial sync, its passes (drift, errors), its lag and who syncs. */
export const syncRoutes: FastifyPluginAsyncZod<{ sync: SyncService }> = async (app, { sync }) => {
  app.get(
    '/api/sync/state',
    {
      onRequest: async (req) => {
        const user = requireUser(req);
        if (!canReadEvents(user.role)) throw new HttpError('FORBIDDEN_ROLE', 'Only managers see the state of the sync.');
      },
      schema: {
        tags: ['Read model'],
        summary: 'How fresh the read model is: initial sync, last pass, drift, lag (managers)',
        response: { 200: SyncStateSchema, ...ERROR_RESPONSES },
      },
    },
    async (_req, reply) => {
      noStore(reply);
      return sync.state();
    },
  );
};
