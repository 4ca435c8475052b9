import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/operations.js';
import { claimQueryOptions } from './get-claim.js';
import { claimKeys } from './keys.js';

/** The workspace's reads, one per endpoint of spec 4.1, all under the claim's key prefix. */
export const requiredDocumentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: claimKeys.required(id),
    queryFn: ({ signal }) => callOperation('getClaimRequiredDocuments', { claimId: id }, { signal }),
  });

export const rentalDebtsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: claimKeys.debts(id),
    queryFn: ({ signal }) => callOperation('listRentalDebts', { claimId: id }, { signal }),
  });

export const pendingSignatureQueryOptions = (id: string) =>
  queryOptions({
    queryKey: claimKeys.pending(id),
    queryFn: ({ signal }) => callOperation('listRentalDebtsPendingSignature', { claimId: id }, { signal }),
  });

export const paymentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: claimKeys.payments(id),
    queryFn: ({ signal }) => callOperation('listPayments', { claimId: id }, { signal }),
  });

export const claimStatsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: claimKeys.stats(id),
    queryFn: ({ signal }) => callOperation('getClaimStats', { claimId: id }, { signal }),
  });

/** Starts everything the workspace reads, so the route can fetch it while its code loads. */
export function prefetchClaimWorkspace(qc: QueryClient, id: string): void {
  void qc.prefetchQuery(claimQueryOptions(id));
  void qc.prefetchQuery(rentalDebtsQueryOptions(id));
  void qc.prefetchQuery(paymentsQueryOptions(id));
  void qc.prefetchQuery(pendingSignatureQueryOptions(id));
  void qc.prefetchQuery(claimStatsQueryOptions(id));
  void qc.prefetchQuery(requiredDocumentsQueryOptions(id));
}

export const useClaimRequiredDocuments = (id: string) => useQuery(requiredDocumentsQueryOptions(id));
export const useRentalDebts = (id: string) => useQuery(rentalDebtsQueryOptions(id));
export const usePendingSignature = (id: string) => useQuery(pendingSignatureQueryOptions(id));
export const usePayments = (id: string) => useQuery(paymentsQueryOptions(id));
export const useClaimStats = (id: string) => useQuery(claimStatsQueryOptions(id));
