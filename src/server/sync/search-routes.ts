import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GlobalSearchQuerySchema, GlobalSearchSchema } from '../../contract/global-search.js';
import { noStore, requireUser } from '../auth/plugin.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { TodayProvider } from '../upstream/today.js';
import type { ReadModelSearch } from './search.js';

/** GET /api/search?q=&limit=: claims and projects found in the read model, within what the role may read. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: ReadModelSearch; today: TodayProvider }> = async (app, { search, today }) => {
  app.get(
    '/api/search',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Read model'],
        summary: 'Find a claim or project by tenant, e-mail, address, reference or id (accents and case ignored)',
        querystring: GlobalSearchQuerySchema,
        response: { 200: GlobalSearchSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      noStore(reply);
      const [found, onPartnerClock] = await Promise.all([
        search.search(req.query.q, { limit: req.query.limit, role: user.role }),
        today.onPartnerClock(String(req.id)),
      ]);
      // "data as of" on the partner's clock, as the lists say it
      return { ...found, asOf: found.asOf === null ? null : onPartnerClock(found.asOf) };
    },
  );
};
