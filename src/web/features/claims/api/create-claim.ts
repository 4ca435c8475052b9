import type { ClaimCreateBody } from '../../../../contract/claims.js';
import { callOperation } from '../../../lib/operations.js';
import { useWrite } from '../../../lib/own-writes.js';
import { claimKeys } from './keys.js';

export const createClaim = ({ projectId, body, idempotencyKey }: { projectId: string; body: ClaimCreateBody; idempotencyKey: string }) =>
  callOperation('createClaim', { projectId }, { body, idempotencyKey });

/** The new claim is put where its workspace reads it (no request for it on arrival); the lists are refreshed. */
export const useCreateClaim = () =>
  useWrite({
    mutationFn: createClaim,
    refreshes: () => [claimKeys.lists()],
    patch: (qc, claim) => {
      qc.setQueryData(claimKeys.claim(claim.id), claim);
      return [claimKeys.detail(claim.id)];
    },
  });
