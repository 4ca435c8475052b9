import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClaimParamsSchema } from '../../contract/claims.js';
import { OPERATIONS } from '../../contract/paths.js';
import { PaymentMoveListSchema } from '../../contract/payment-moves.js';
import { noStore, requireUser } from '../auth/plugin.js';
import { roleAllows } from '../auth/roles.js';
import { HttpError } from '../http-error.js';
import type { IntermediaryScope } from '../routes/intermediary-scope.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { PaymentMoves } from './service.js';

/** Gated like reading the claim's payments through the proxy (role, then scope). */
const LIST_PAYMENTS = OPERATIONS.find((op) => op.id === 'listPayments');

export const paymentMoveRoutes: FastifyPluginAsyncZod<{ moves: PaymentMoves; scope: IntermediaryScope }> = async (app, o) => {
  app.get(
    '/api/claims/:claimId/payment-moves',
    {
      onRequest: async (req) => void requireUser(req),
      schema: {
        tags: ['Claims (dashboard)'],
        summary:
          'Tenant payments the partner spread again without a change to them: where each was first seen, where it is now, since when',
        params: ClaimParamsSchema,
        response: { 200: PaymentMoveListSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      if (!LIST_PAYMENTS || !roleAllows(user.role, LIST_PAYMENTS))
        throw new HttpError('FORBIDDEN_ROLE', `The ${user.role} role cannot read payments.`);
      if (user.role === 'intermediary') await o.scope.check(LIST_PAYMENTS, [req.params.claimId], String(req.id));
      noStore(reply);
      return o.moves.of(req.params.claimId, String(req.id));
    },
  );
};
