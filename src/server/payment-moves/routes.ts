import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClaimParamsSchema } from '../../contract/claims.js';
import { PaymentMoveListSchema } from '../../contract/payment-moves.js';
import { noStore } from '../auth/plugin.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { PaymentMoves } from './service.js';

export const paymentMoveRoutes: FastifyPluginAsyncZod<{ moves: PaymentMoves }> = async (app, o) => {
  app.get(
    '/api/claims/:claimId/payment-moves',
    {
      // read like the claim's documents and payments through the proxy
      config: { access: { action: 'claim.run' } },
      schema: {
        tags: ['Claims (dashboard)'],
        summary:
          'Tenant payments the partner spread again without a change to them: where each was first seen, where it is now, since when',
        params: ClaimParamsSchema,
        response: { 200: PaymentMoveListSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      noStore(reply);
      return o.moves.of(req.params.claimId, String(req.id));
    },
  );
};
