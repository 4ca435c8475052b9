import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClaimSchema, type ClaimCreateBody } from '../../../../contract/claims.js';
import { apiCall } from '../../../lib/api-client.js';
import { claimKeys } from './keys.js';

export const createClaim = ({ projectId, body, idempotencyKey }: { projectId: string; body: ClaimCreateBody; idempotencyKey: string }) =>
  apiCall('POST', `/api/v1/projects/${projectId}/claims`, ClaimSchema, { body, idempotencyKey });

export function useCreateClaim() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createClaim,
    onSuccess: (claim) => {
      qc.setQueryData(claimKeys.detail(claim.id), claim);
      void qc.invalidateQueries({ queryKey: claimKeys.lists() });
    },
  });
}
