import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClaimParamsSchema, ClaimSchema, type Claim } from '../../contract/claims.js';
import { OPERATIONS } from '../../contract/paths.js';
import { noStore, requireUser } from '../auth/plugin.js';
import { roleAllows } from '../auth/roles.js';
import { HttpError } from '../http-error.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { ClaimSnapshot } from './rows.js';
import type { ReadModelStore } from './store.js';

/** One claim, however the server reads it. */
export type ClaimReader = (id: string) => Promise<Claim>;

/**
 * One claim (the partner has no "get a claim": only its lists), from the read model, as fresh as
 * the read model is (a write made here re-reads it before answering, a webhook soon after). One
 * it does not keep (the first sync still under way, or a claim made elsewhere a moment ago whose
 * event has not come yet) is read from the partner as the sync reads it, and kept; E0177 when the
 * partner has no such claim either.
 */
export function claimReader(
  store: Pick<ReadModelStore, 'claimEntry'>,
  sync: { readClaim(id: string): Promise<ClaimSnapshot>; apply(s: ClaimSnapshot): Promise<unknown> },
): ClaimReader {
  return async (id) => {
    const kept = await store.claimEntry(id);
    if (kept) return kept;
    const read = await sync.readClaim(id);
    if (!read.claim) throw new HttpError('E0177');
    await sync.apply(read);
    return read.claim;
  };
}

/** Reading a claim is gated like the partner's claims list it stands for. */
const LIST_CLAIMS = OPERATIONS.find((op) => op.id === 'listClaims');

/** GET /api/claims/:claimId: one claim, from the read model (claimReader). */
export const claimRoutes: FastifyPluginAsyncZod<{ claim: ClaimReader }> = async (app, o) => {
  app.get(
    '/api/claims/:claimId',
    {
      onRequest: async (req) => void requireUser(req),
      schema: {
        tags: ['Read model'],
        summary: 'One claim as the read model keeps it (read from the partner when not kept yet)',
        params: ClaimParamsSchema,
        response: { 200: ClaimSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      if (!LIST_CLAIMS || !roleAllows(user.role, LIST_CLAIMS))
        throw new HttpError('FORBIDDEN_ROLE', `The ${user.role} role cannot read claims.`);
      noStore(reply);
      return o.claim(req.params.claimId);
    },
  );
};
