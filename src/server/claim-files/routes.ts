import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClaimFileListSchema } from '../../contract/claim-files.js';
import { ClaimParamsSchema } from '../../contract/claims.js';
import { OPERATIONS } from '../../contract/paths.js';
import { noStore, requireUser } from '../auth/plugin.js';
import { roleAllows } from '../auth/roles.js';
import { HttpError } from '../http-error.js';
import type { IntermediaryScope } from '../routes/intermediary-scope.js';
import type { ClaimFileStore } from './store.js';

/** Reading a claim's files is gated like reading its documents through the proxy (role, then scope). */
const READ_DOCUMENTS = OPERATIONS.find((op) => op.id === 'getClaimRequiredDocuments');

export async function claimFileRoutes(app: FastifyInstance, o: { files: ClaimFileStore; scope: IntermediaryScope }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/claims/:claimId/files',
    {
      onRequest: async (req) => void requireUser(req),
      schema: { params: ClaimParamsSchema, response: { 200: ClaimFileListSchema } },
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
}
