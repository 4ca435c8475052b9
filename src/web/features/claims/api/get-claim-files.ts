import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClaimFileListSchema } from '../../../../contract/claim-files.js';
import { apiCall } from '../../../lib/api-client.js';
import { claimKeys } from './keys.js';

/** The files sent to a claim through the dashboard (recorded by the server; the partner API lists none). */
export const claimFilesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: claimKeys.files(id),
    queryFn: ({ signal }) => apiCall('GET', `/api/claims/${id}/files`, ClaimFileListSchema, { signal }),
  });

export const useClaimFiles = (id: string) => useQuery(claimFilesQueryOptions(id));

/** Whether the claim already lists this file for this type (read afresh): an upload cut after its last byte may have arrived. */
export function useClaimFileThere(claimId: string) {
  const qc = useQueryClient();
  return async (file: File, documentType: number) => {
    const files = await qc.fetchQuery({ ...claimFilesQueryOptions(claimId), staleTime: 0 });
    return files.items.some((f) => f.documentType === documentType && f.fileName === file.name && f.size === file.size);
  };
}
