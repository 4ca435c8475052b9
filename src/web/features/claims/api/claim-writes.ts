import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ResultSchema } from '../../../../contract/common.js';
import {
  RentalDebtSchema,
  TenantPaymentSchema,
  type PaymentBody,
  type RentalDebtCreateBody,
  type RentalDebtUpdateBody,
} from '../../../../contract/claims.js';
import { DocumentSchema } from '../../../../contract/projects.js';
import { apiCall, newIdempotencyKey } from '../../../lib/api-client.js';
import { uploadWithProgress } from '../../../lib/upload.js';
import { claimKeys } from './keys.js';

/** Every change refreshes the whole claim (timeline, payments, receipts, stats) and the lists. */
function useClaimMutation<V>(claimId: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: claimKeys.detail(claimId) });
      void qc.invalidateQueries({ queryKey: claimKeys.lists() });
    },
  });
}

export const useUploadClaimDocument = (claimId: string) =>
  useClaimMutation(
    claimId,
    ({
      documentType,
      comment,
      file,
      onProgress,
    }: {
      documentType: number;
      comment?: string;
      file: File;
      onProgress: (f: number) => void;
    }) => {
      const form = new FormData();
      form.append('documentType', String(documentType));
      if (comment) form.append('comment', comment);
      form.append('file', file, file.name);
      return uploadWithProgress(`/api/v1/claims/${claimId}/documents`, form, DocumentSchema, onProgress);
    },
  );

export const useApplyClaim = (claimId: string) =>
  useClaimMutation(claimId, () => apiCall('POST', `/api/v1/claims/${claimId}/apply`, ResultSchema));

export const useAddRentalDebt = (claimId: string) =>
  useClaimMutation(claimId, (body: RentalDebtCreateBody) =>
    apiCall('POST', `/api/v1/claims/${claimId}/rentaldebts`, RentalDebtSchema, { body, idempotencyKey: newIdempotencyKey() }),
  );

export const useUpdateRentalDebt = (claimId: string) =>
  useClaimMutation(claimId, ({ id, body }: { id: string; body: RentalDebtUpdateBody }) =>
    apiCall('PUT', `/api/v1/claims/${claimId}/rentaldebts/${id}`, RentalDebtSchema, { body }),
  );

export const useAddPayment = (claimId: string) =>
  useClaimMutation(claimId, (body: PaymentBody) =>
    apiCall('POST', `/api/v1/claims/${claimId}/payments`, TenantPaymentSchema, { body, idempotencyKey: newIdempotencyKey() }),
  );

export const useDeletePayment = (claimId: string) =>
  useClaimMutation(claimId, (paymentId: string) => apiCall('DELETE', `/api/v1/claims/${claimId}/payments/${paymentId}`, ResultSchema));

/** Sandbox back office on a claim (validate, move its status, pay a month, sign its receipt). */
export const useClaimBackoffice = (claimId: string) =>
  useClaimMutation(claimId, ({ path, body }: { path: string; body?: unknown }) =>
    apiCall('POST', `/api/sandbox/claims/${claimId}/${path}`, z.unknown(), { body }),
  );
