import type { z } from 'zod';
import {
  makeClaimCreateBodySchema,
  makeRentalDebtCreateBodySchema,
  makePaymentBodySchema,
  makeRentalDebtUpdateBodySchema,
} from '../../contract/claims.js';
import type { OperationId } from '../../contract/paths.js';
import { makeProjectCreateBodySchema, makeRentalInfoBodySchema, ScoreBodySchema } from '../../contract/projects.js';

/** The contract schema each JSON operation's body must satisfy before it is forwarded. */
export const BODY_SCHEMAS: Partial<Record<OperationId, (today: string) => z.ZodType>> = {
  createClaim: makeClaimCreateBodySchema,
  addRentalDebt: makeRentalDebtCreateBodySchema,
  updateRentalDebt: makeRentalDebtUpdateBodySchema,
  addPayment: makePaymentBodySchema,
  updatePayment: makePaymentBodySchema,
  getScore: () => ScoreBodySchema,
  createProject: makeProjectCreateBodySchema,
  addRentalInformation: makeRentalInfoBodySchema,
};
