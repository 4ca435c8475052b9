import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Upstream } from '../upstream/client.js';

const ReadinessSchema = z.object({
  status: z.enum(['ready', 'upstream unreachable', 'upstream refuses the API token']),
  mode: z.enum(['sandbox', 'live']),
});
const tags = ['Probes'];

/** Probes of an orchestrator (answered whatever the Host): alive, and ready (the partner answers and accepts the token). */
export const healthRoutes: FastifyPluginAsyncZod<{ upstream: Upstream; mode: 'sandbox' | 'live' }> = async (app, o) => {
  app.get(
    '/healthz',
    { schema: { tags, summary: 'The server is alive', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags,
        summary: 'The partner service answers and accepts the API token',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (req, reply) => {
      const state = await o.upstream.readiness();
      if (state === 'token refused') req.log.error('the partner service refuses PARTNER_API_TOKEN: check it (wrong, expired or revoked)');
      const status = ({ ready: 'ready', unreachable: 'upstream unreachable', 'token refused': 'upstream refuses the API token' } as const)[
        state
      ];
      return reply.code(state === 'ready' ? 200 : 503).send({ status, mode: o.mode });
    },
  );
};
