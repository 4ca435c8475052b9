import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuditVerifySchema } from '../../../../contract/audit.js';
import { apiCall } from '../../../lib/api-client.js';
import { auditKeys } from './keys.js';

export const verifyAudit = (signal?: AbortSignal) => apiCall('GET', '/api/audit/verify', AuditVerifySchema, { signal });

export const verifyAuditQueryOptions = () =>
  queryOptions({ queryKey: auditKeys.verify(), queryFn: ({ signal }) => verifyAudit(signal), staleTime: 0, gcTime: 0 });

/** The chain's verification, run when the manager asks for it (refetch), never on its own. */
export const useVerifyAudit = () => useQuery({ ...verifyAuditQueryOptions(), enabled: false });
