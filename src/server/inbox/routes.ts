import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InboxQuerySchema, InboxSchema } from '../../contract/inbox.js';
import { noStore, requireUser } from '../auth/plugin.js';
import { assigneeOf } from '../lists/read-model-lists.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { TodayProvider } from '../upstream/today.js';
import type { InboxReads } from './reads.js';

/**
 * GET /api/inbox?kind=&tenant=&sort=&page=&pageSize=&assignee=: the signed-in user's work inbox,
 * one line per claim or project, read from the read model (no partner call but the sandbox's
 * today, itself kept) by one query: what is due worked out against today, filtered, sorted, cut to
 * a page and counted by the database (reads.ts).
 */
export const inboxRoutes: FastifyPluginAsyncZod<{ reads: InboxReads; today: TodayProvider }> = async (app, { reads, today }) => {
  app.get(
    '/api/inbox',
    {
      config: { access: 'signedIn' },
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
      const [day, now, onPartnerClock] = await Promise.all([
        today.today(String(req.id)),
        today.now(String(req.id)),
        today.onPartnerClock(String(req.id)),
      ]);
      const page = await reads.page({
        role: user.role,
        today: day,
        assignee: assigneeOf(req.query.assignee, user),
        mine: req.query.view === 'mine' ? user : null,
        query: req.query,
      });
      // "data as of" on the clock of "updated": one now on the page (the sandbox's in sandbox mode)
      return { generatedAt: now.toISOString(), today: day, ...page, asOf: page.asOf === null ? null : onPartnerClock(page.asOf) };
    },
  );
};
