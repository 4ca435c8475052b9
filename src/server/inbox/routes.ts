import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InboxQuerySchema, InboxSchema } from '../../contract/inbox.js';
import { noStore, requireUser } from '../auth/plugin.js';
import { ERROR_RESPONSES } from '../schemas.js';
import { selectInbox } from './select.js';
import type { InboxService } from './service.js';

/**
 * GET /api/inbox?kind=&tenant=&sort=&page=&pageSize=: the signed-in user's work inbox, gathered
 * by the server, one line per claim or project, filtered, sorted and cut to a page here. The
 * routes that write (the proxy, the back office) tell the inbox themselves (inbox.onWrite).
 */
export const inboxRoutes: FastifyPluginAsyncZod<{ inbox: InboxService }> = async (app, { inbox }) => {
  app.get(
    '/api/inbox',
    {
      onRequest: async (req) => void requireUser(req),
      schema: {
        tags: ['Work inbox'],
        summary: 'What awaits the signed-in role, one line per claim or project',
        querystring: InboxQuerySchema,
        response: { 200: InboxSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      noStore(reply);
      const { generatedAt, today, lines } = await inbox.gather(user.role, String(req.id));
      return { generatedAt, today, ...selectInbox(lines, req.query) };
    },
  );
};
