import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClaimFileListSchema } from '../../contract/claim-files.js';
import { ClaimParamsSchema } from '../../contract/claims.js';
import { OPERATIONS } from '../../contract/paths.js';
import { noStore, requireUser } from '../auth/plugin.js';
import { roleAllows } from '../auth/roles.js';
import { HttpError } from '../http-error.js';
import type { IntermediaryScope } from '../routes/intermediary-scope.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { ClaimFileStore } from './store.js';

/** Reading a claim's files is gated like reading its documents through the proxy (role, then scope). */
const READ_DOCUMENTS = OPERATIONS.find((op) => op.id === 'getClaimRequiredDocuments');

export const claimFileRoutes: FastifyPluginAsyncZod<{ files: ClaimFileStore; scope: IntermediaryScope }> = async (app, o) => {
  app.get(
    '/api/claims/:claimId/files',
    {
      onRequest: async (req) => void requireUser(req),
      schema: {
        tags: ['Claims (dashboard)'],
        summary: 'The files sent to a claim through the dashboard and accepted by the partner (the 100 newest)',
        params: ClaimParamsSchema,
        response: { 200: ClaimFileListSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      if (!READ_DOCUMENTS || !roleAllows(user.role, READ_DOCUMENTS))
        throw new HttpError('FORBIDDEN_ROLE', `The ${user.role} role cannot read claim documents.`);
      if (user.role === 'intermediary') await o.scope.check(READ_DOCUMENTS, [req.params.claimId], String(req.id));
      noStore(reply);
      return o.files.list(req.params.claimId);
    },
  );
};
