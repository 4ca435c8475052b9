import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { InboxQuerySchema, InboxSchema } from '../../contract/inbox.js';
import { noStore, requireUser } from '../auth/plugin.js';
import { selectInbox } from './select.js';
import type { InboxService } from './service.js';

/**
 * GET /api/inbox?kind=&tenant=&sort=&page=&pageSize=: the signed-in user's work inbox, gathered
 * by the server, one line per claim or project, filtered, sorted and cut to a page here.
 */
export async function inboxRoutes(app: FastifyInstance, inbox: InboxService): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/inbox',
    {
      onRequest: async (req) => void requireUser(req),
      schema: { querystring: InboxQuerySchema, response: { 200: InboxSchema } },
    },
    async (req, reply) => {
      const user = requireUser(req);
      noStore(reply);
      const { generatedAt, today, lines } = await inbox.gather(user.role, String(req.id));
      return { generatedAt, today, ...selectInbox(lines, req.query) };
    },
  );

  // a change made through this server (proxy or back office) is seen by the next inbox at once
  app.addHook('onSend', async (req, reply, payload) => {
    const path = (req.raw.url ?? '').split('?')[0] ?? '';
    if (req.method !== 'GET' && reply.statusCode < 400 && path.startsWith('/api/')) inbox.onWrite(req.method, path.slice(4));
    return payload;
  });
}
