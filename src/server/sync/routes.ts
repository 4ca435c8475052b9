import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SyncStateSchema, type SyncPass } from '../../contract/sync.js';
import { noStore } from '../auth/plugin.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { TodayProvider } from '../upstream/today.js';
import type { SyncService } from './service.js';

/** GET /api/sync/state (managers): the read model's initial sync, its passes (drift, errors), its lag and who syncs. */
export const syncRoutes: FastifyPluginAsyncZod<{ sync: SyncService; today: TodayProvider }> = async (app, { sync, today }) => {
  app.get(
    '/api/sync/state',
    {
      config: { access: { action: 'events.read' } },
      schema: {
        tags: ['Read model'],
        summary: 'How fresh the read model is: initial sync, last pass, drift, lag (managers)',
        response: { 200: SyncStateSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      noStore(reply);
      const [state, at] = await Promise.all([sync.state(), today.onPartnerClock(String(req.id))]);
      // its times on the partner's clock, as the lists' "data as of" (the sandbox's in sandbox mode); durations as they are
      const pass = (p: SyncPass | null) =>
        p ? { ...p, startedAt: at(p.startedAt), finishedAt: p.finishedAt === null ? null : at(p.finishedAt) } : null;
      return {
        ...state,
        initial: {
          ...state.initial,
          startedAt: state.initial.startedAt === null ? null : at(state.initial.startedAt),
          finishedAt: state.initial.finishedAt === null ? null : at(state.initial.finishedAt),
        },
        passes: {
          current: pass(state.passes.current),
          last: pass(state.passes.last),
          lastError: state.passes.lastError ? { ...state.passes.lastError, at: at(state.passes.lastError.at) } : null,
        },
        now: at(state.now),
      };
    },
  );
};
