import type { ClaimCreateBody } from '../../../../contract/claims.js';
import { callOperation } from '../../../lib/operations.js';
import { useWrite } from '../../../lib/own-writes.js';
import { roundSummaryKey } from '../../../lib/query-keys.js';
import { claimKeys } from './keys.js';

export const createClaim = (
  { projectId, body, idempotencyKey }: { projectId: string; body: ClaimCreateBody; idempotencyKey: string },
  write?: string,
) => callOperation('createClaim', { projectId }, { body, idempotencyKey, write });

/** Names a claim's creation: the page that opens a claim keeps its form while the lists it refreshes already show the new claim. */
export const CREATE_CLAIM_KEY = ['claims', 'create'] as const;

/** The new claim is put where its workspace reads it (no request for it on arrival); the lists are refreshed. */
export const useCreateClaim = () =>
  useWrite({
    mutationKey: CREATE_CLAIM_KEY,
    mutationFn: createClaim,
    refreshes: () => [claimKeys.lists(), roundSummaryKey],
    patch: (qc, claim) => {
      qc.setQueryData(claimKeys.claim(claim.id), claim);
      return [claimKeys.detail(claim.id)];
    },
  });
