import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClaimFileListSchema } from '../../contract/claim-files.js';
import { ClaimParamsSchema } from '../../contract/claims.js';
import { noStore } from '../auth/plugin.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { ClaimFileStore } from './store.js';

export const claimFileRoutes: FastifyPluginAsyncZod<{ files: ClaimFileStore }> = async (app, o) => {
  app.get(
    '/api/claims/:claimId/files',
    {
      // read like the claim's documents and payments through the proxy
      config: { access: { action: 'claim.run' } },
      schema: {
        tags: ['Claims (dashboard)'],
        summary: 'The files sent to a claim through the dashboard and accepted by the partner (the 100 newest)',
        params: ClaimParamsSchema,
        response: { 200: ClaimFileListSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      noStore(reply);
      return o.files.list(req.params.claimId);
    },
  );
};
