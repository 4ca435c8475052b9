import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AuditPageSchema, type AuditQuery } from '../../../../contract/audit.js';
import { apiCall } from '../../../lib/api-client.js';
import { auditKeys } from './keys.js';

/** The query string of the trail's filters (the screen's and the CSV's). */
export function auditQueryString(q: Partial<AuditQuery> | Record<string, string | number | undefined>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') s.set(k, String(v));
  return s.toString();
}

export const getAudit = (q: AuditQuery, signal?: AbortSignal) =>
  apiCall('GET', `/api/audit?${auditQueryString(q)}`, AuditPageSchema, { signal });

export const auditQueryOptions = (q: AuditQuery) =>
  queryOptions({ queryKey: auditKeys.list(q), queryFn: ({ signal }) => getAudit(q, signal), placeholderData: keepPreviousData });

/** A page of the audit trail (managers), filtered and paged by the server. */
export const useAudit = (q: AuditQuery, enabled = true) => useQuery({ ...auditQueryOptions(q), enabled });
