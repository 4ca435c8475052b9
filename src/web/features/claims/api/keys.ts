import type { ClaimListQuery } from '../../../../contract/claims.js';
import type { ClaimRowsQuery } from '../../../../contract/list-queries.js';
import { areaKey } from '../../../lib/query-keys.js';

export const claimKeys = {
  all: areaKey('claims'),
  lists: () => [...claimKeys.all, 'list'] as const,
  list: (q: ClaimListQuery) => [...claimKeys.lists(), q] as const,
  /** The list served from the read model (under lists(): an event refreshes it). */
  rows: (q: ClaimRowsQuery) => [...claimKeys.lists(), 'rows', q] as const,
  /** Everything read about one claim (a write to it refreshes this prefix). */
  detail: (id: string) => [...claimKeys.all, 'detail', id] as const,
  /** The claim itself (the server answers it from its read model: the spec has no "get a claim"). */
  claim: (id: string) => [...claimKeys.detail(id), 'claim'] as const,
  required: (id: string) => [...claimKeys.detail(id), 'required'] as const,
  debts: (id: string) => [...claimKeys.detail(id), 'debts'] as const,
  pending: (id: string) => [...claimKeys.detail(id), 'pending-signature'] as const,
  payments: (id: string) => [...claimKeys.detail(id), 'payments'] as const,
  stats: (id: string) => [...claimKeys.detail(id), 'stats'] as const,
  files: (id: string) => [...claimKeys.detail(id), 'files'] as const,
  paymentMoves: (id: string) => [...claimKeys.detail(id), 'payment-moves'] as const,
};
