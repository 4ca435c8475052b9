import type { ClaimListQuery } from '../../../../contract/claims.js';

export const claimKeys = {
  all: ['claims'] as const,
  lists: () => [...claimKeys.all, 'list'] as const,
  list: (q: ClaimListQuery) => [...claimKeys.lists(), q] as const,
  detail: (id: string) => [...claimKeys.all, 'detail', id] as const,
  required: (id: string) => [...claimKeys.detail(id), 'required'] as const,
  debts: (id: string) => [...claimKeys.detail(id), 'debts'] as const,
  pending: (id: string) => [...claimKeys.detail(id), 'pending-signature'] as const,
  payments: (id: string) => [...claimKeys.detail(id), 'payments'] as const,
  stats: (id: string) => [...claimKeys.detail(id), 'stats'] as const,
  files: (id: string) => [...claimKeys.detail(id), 'files'] as const,
};
