import type { AuditQuery } from '../../../../contract/audit.js';

/** Query keys of the audit trail: area → kind → params. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (q: AuditQuery) => [...auditKeys.all, 'list', q] as const,
  actors: () => [...auditKeys.all, 'actors'] as const,
  verify: () => [...auditKeys.all, 'verify'] as const,
  history: (on: { projectId?: string; claimId?: string }) => [...auditKeys.all, 'history', on] as const,
};
