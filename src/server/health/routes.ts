import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS } from '../plugins/operations.js';
import type { Upstream } from '../upstream/client.js';

const ReadinessSchema = z.object({
  status: z.enum(['ready', 'upstream unreachable', 'upstream refuses the API token', 'database unreachable', 'overloaded']),
  mode: z.enum(['sandbox', 'live']),
  /** The read model: 'never synced' until its first sync has completed (lists incomplete, exports refused); absent when unknown. */
  sync: z.enum(['synced', 'never synced']).optional(),
});
const tags = ['Probes'];

/**
 * Probes of an orchestrator (answered whatever the Host): alive (even when load is shed: a busy
 * process must not be killed), and ready (the database answers, the partner answers and accepts
 * the token; a replica under load sheds /readyz too, so the balancer sends it less).
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  upstream: Upstream;
  mode: 'sandbox' | 'live';
  database: () => Promise<void>;
  /** Whether the read model's first sync has completed (a replica is ready all the same: it serves what it can and says so). */
  synced: () => Promise<boolean>;
}> = async (app, o) => {
  app.get(
    '/healthz',
    {
      schema: { tags, summary: 'The server is alive', response: { 200: z.object({ status: z.literal('ok') }) } },
      config: { access: 'public', pressureHandler: () => undefined },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags,
        summary: 'The database answers, and the partner service answers and accepts the API token',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
      config: {
        access: 'public',
        // shed like any request, but in the probe's own shape
        pressureHandler: (_req, reply) => {
          void reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
          return { status: 'overloaded' as const, mode: o.mode };
        },
      },
    },
    async (req, reply) => {
      try {
        await o.database();
      } catch (err) {
        req.log.error({ err }, 'readiness: the database does not answer');
        return reply.code(503).send({ status: 'database unreachable' as const, mode: o.mode });
      }
      const state = await o.upstream.readiness();
      if (state === 'token refused') req.log.error('the partner service refuses PARTNER_API_TOKEN: check it (wrong, expired or revoked)');
      const status = ({ ready: 'ready', unreachable: 'upstream unreachable', 'token refused': 'upstream refuses the API token' } as const)[
        state
      ];
      const sync = (await o.synced()) ? ('synced' as const) : ('never synced' as const);
      return reply.code(state === 'ready' ? 200 : 503).send({ status, mode: o.mode, sync });
    },
  );
};
