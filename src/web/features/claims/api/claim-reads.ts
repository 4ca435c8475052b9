import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { RentalDebtSchema, TenantPaymentSchema } from '../../../../contract/claims.js';
import { RequiredDocumentSchema } from '../../../../contract/projects.js';
import { ClaimStatsSchema } from '../../../../contract/stats.js';
import { apiCall } from '../../../lib/api-client.js';
import { claimKeys } from './keys.js';

/** The workspace's reads, one hook per endpoint of spec 4.1, all under the claim's key prefix. */
export const useClaimRequiredDocuments = (id: string) =>
  useQuery({
    queryKey: claimKeys.required(id),
    queryFn: ({ signal }) => apiCall('GET', `/api/v1/claims/${id}/documents/required`, z.array(RequiredDocumentSchema), { signal }),
  });

export const useRentalDebts = (id: string) =>
  useQuery({
    queryKey: claimKeys.debts(id),
    queryFn: ({ signal }) => apiCall('GET', `/api/v1/claims/${id}/rentaldebts`, z.array(RentalDebtSchema), { signal }),
  });

export const usePendingSignature = (id: string) =>
  useQuery({
    queryKey: claimKeys.pending(id),
    queryFn: ({ signal }) => apiCall('GET', `/api/v1/claims/${id}/rentaldebts/pending-signature`, z.array(RentalDebtSchema), { signal }),
  });

export const usePayments = (id: string) =>
  useQuery({
    queryKey: claimKeys.payments(id),
    queryFn: ({ signal }) => apiCall('GET', `/api/v1/claims/${id}/payments`, z.array(TenantPaymentSchema), { signal }),
  });

export const useClaimStats = (id: string) =>
  useQuery({
    queryKey: claimKeys.stats(id),
    queryFn: ({ signal }) => apiCall('GET', `/api/v1/claims/${id}/stats`, ClaimStatsSchema, { signal }),
  });
