import { z } from 'zod';
import type { PaymentBody, RentalDebtCreateBody, RentalDebtUpdateBody } from '../../../../contract/claims.js';
import { PaymentCheckSchema, paymentCheckPath, type PaymentCheckBody } from '../../../../contract/payment-check.js';
import { apiCall } from '../../../lib/api-client.js';
import { callOperation, uploadOperation } from '../../../lib/operations.js';
import { useWrite } from '../../../lib/own-writes.js';
import { roundSummaryKey } from '../../../lib/query-keys.js';
import { claimKeys } from './keys.js';

/** Every change refreshes the whole claim (timeline, payments, receipts, stats, files), the lists and the round's count, once. */
const useClaimWrite = <D, V = void>(claimId: string, mutationFn: (v: V, write: string) => Promise<D>) =>
  useWrite({ mutationFn, refreshes: () => [claimKeys.detail(claimId), claimKeys.lists(), roundSummaryKey] });

export interface ClaimDocumentUpload {
  documentType: number;
  comment?: string;
  file: File;
  onProgress: (f: number) => void;
  signal?: AbortSignal;
}

export const useUploadClaimDocument = (claimId: string) =>
  useClaimWrite(claimId, ({ documentType, comment, file, onProgress, signal }: ClaimDocumentUpload, write) => {
    const form = new FormData();
    form.append('documentType', String(documentType));
    if (comment) form.append('comment', comment);
    form.append('file', file, file.name);
    return uploadOperation('addClaimDocument', { claimId }, form, onProgress, signal, write);
  });

export const useApplyClaim = (claimId: string) => useClaimWrite(claimId, (_, write) => callOperation('applyClaim', { claimId }, { write }));

export const useAddRentalDebt = (claimId: string) =>
  useClaimWrite(claimId, (body: RentalDebtCreateBody, write) => callOperation('addRentalDebt', { claimId }, { body, write }));

export const useUpdateRentalDebt = (claimId: string) =>
  useClaimWrite(claimId, ({ id, body }: { id: string; body: RentalDebtUpdateBody }, write) =>
    callOperation('updateRentalDebt', { claimId, rentalDebtId: id }, { body, write }),
  );

/** A new payment, with the key kept for it (payment-keys.ts): a retry of the same payment carries the same key. */
export const useAddPayment = (claimId: string) =>
  useClaimWrite(claimId, ({ body, idempotencyKey }: { body: PaymentBody; idempotencyKey: string }, write) =>
    callOperation('addPayment', { claimId }, { body, idempotencyKey, write }),
  );

/**
 * After a payment's sending was interrupted (IDEMPOTENCY_KEY_INTERRUPTED): whether the partner has
 * it, asked by the server (which records what it found in the audit trail); the claim is read
 * again, so a payment found is listed.
 */
export const useCheckPayment = (claimId: string) =>
  useClaimWrite(claimId, (check: PaymentCheckBody) => apiCall('POST', paymentCheckPath(claimId), PaymentCheckSchema, { body: check }));

export const useUpdatePayment = (claimId: string) =>
  useClaimWrite(claimId, ({ id, body }: { id: string; body: PaymentBody }, write) =>
    callOperation('updatePayment', { claimId, paymentId: id }, { body, write }),
  );

export const useDeletePayment = (claimId: string) =>
  useClaimWrite(claimId, (paymentId: string, write) => callOperation('deletePayment', { claimId, paymentId }, { write }));

/**
 * Sandbox back office on a claim (validate, move its status, pay a month, sign its receipt): the
 * server's own route, not a partner operation. It stands for the partner, so it sends no write id:
 * its events are the partner's, shown as an update like any other.
 */
export const useClaimBackoffice = (claimId: string) =>
  useClaimWrite(claimId, ({ path, body }: { path: string; body?: unknown }) =>
    apiCall('POST', `/api/sandbox/claims/${claimId}/${path}`, z.unknown(), { body }),
  );
