import type { ClaimListQuery } from '../../../../contract/claims.js';

export const claimKeys = {
  all: ['claims'] as const,
  lists: () => [...claimKeys.all, 'list'] as const,
  list: (q: ClaimListQuery) => [...claimKeys.lists(), q] as const,
  detail: (id: string) => [...claimKeys.all, 'detail', id] as const,
};
