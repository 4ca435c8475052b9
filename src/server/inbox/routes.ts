import type { FastifyInstance } from 'fastify';
import { noStore, requireUser } from '../auth/plugin.js';
import type { InboxService } from './service.js';

/** GET /api/inbox: the signed-in user's work inbox, gathered by the server. */
export async function inboxRoutes(app: FastifyInstance, inbox: InboxService): Promise<void> {
  app.get('/api/inbox', async (req, reply) => {
    const user = requireUser(req);
    noStore(reply);
    return inbox.gather(user.role, String(req.id));
  });

  // a change made through this server (proxy or back office) is seen by the next inbox at once
  app.addHook('onSend', async (req, reply, payload) => {
    const path = (req.raw.url ?? '').split('?')[0] ?? '';
    if (req.method !== 'GET' && reply.statusCode < 400 && path.startsWith('/api/')) inbox.onWrite(req.method, path.slice(4));
    return payload;
  });
}
