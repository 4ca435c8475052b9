import type { RentalDebtCreateBody } from '../../../../contract/claims.js';
import { callOperation } from '../../../lib/operations.js';

/**
 * Declares one month through the dashboard's forwarding of the partner's operation (checked,
 * audited, idempotent there), with the key kept for that claim and month.
 */
export const declareMonth = (claimId: string, body: RentalDebtCreateBody, idempotencyKey: string) =>
  callOperation('addRentalDebt', { claimId }, { body, idempotencyKey });
