import { queryOptions, useQuery } from '@tanstack/react-query';
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
