import {
  makeClaimCreateBodySchema,
  makePaymentBodySchema,
  makeRentalDebtCreateBodySchema,
  makeRentalDebtUpdateBodySchema,
} from './claims.js';
import type { OperationId } from './paths.js';
import { makeProjectCreateBodySchema, makeRentalInfoBodySchema, ScoreBodySchema } from './projects.js';

/**
 * The contract schema of each JSON operation's body, built with "today": the server checks a body
 * against it before forwarding it, the web's client types what it sends with it. Operations not
 * listed take no JSON body (reads, apply, delete, multipart uploads).
 */
export const OPERATION_BODIES = {
  createClaim: makeClaimCreateBodySchema,
  addRentalDebt: makeRentalDebtCreateBodySchema,
  updateRentalDebt: makeRentalDebtUpdateBodySchema,
  addPayment: makePaymentBodySchema,
  updatePayment: makePaymentBodySchema,
  getScore: () => ScoreBodySchema,
  createProject: makeProjectCreateBodySchema,
  addRentalInformation: makeRentalInfoBodySchema,
} as const satisfies Partial<Record<OperationId, (today: string) => unknown>>;
