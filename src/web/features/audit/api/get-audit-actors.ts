import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuditActorsSchema } from '../../../../contract/audit.js';
import { apiCall } from '../../../lib/api-client.js';
import { auditKeys } from './keys.js';

export const getAuditActors = (signal?: AbortSignal) => apiCall('GET', '/api/audit/actors', AuditActorsSchema, { signal });

export const auditActorsQueryOptions = () =>
  queryOptions({ queryKey: auditKeys.actors(), queryFn: ({ signal }) => getAuditActors(signal), staleTime: 60_000 });

/** The people found in the trail, for the filter by person (managers). */
export const useAuditActors = (enabled = true) => useQuery({ ...auditActorsQueryOptions(), enabled });
