import { z } from 'zod';
import { ClaimListSchema, ClaimSchema, RentalDebtSchema, TenantPaymentSchema } from './claims.js';
import { ResultSchema } from './common.js';
import type { OperationId } from './paths.js';
import {
  DocumentSchema,
  ProjectListSchema,
  ProjectPaymentSchema,
  ProjectSchema,
  RequiredDocumentSchema,
  ScoreResponseSchema,
} from './projects.js';
import { ClaimStatsSchema, OrganizationStatsSchema } from './stats.js';

/**
 * What each of the 27 operations answers on success: the contract schema of its JSON body, or a
 * PDF (the certificate). The server checks every partner answer against it before using or
 * forwarding it; the sandbox serialises with the same schemas.
 */
export const OPERATION_ANSWERS = {
  createClaim: ClaimSchema,
  listClaims: ClaimListSchema,
  getClaimRequiredDocuments: z.array(RequiredDocumentSchema),
  addClaimDocument: DocumentSchema,
  applyClaim: ResultSchema,
  listRentalDebts: z.array(RentalDebtSchema),
  listRentalDebtsPendingSignature: z.array(RentalDebtSchema),
  addRentalDebt: RentalDebtSchema,
  updateRentalDebt: RentalDebtSchema,
  listPayments: z.array(TenantPaymentSchema),
  addPayment: TenantPaymentSchema,
  updatePayment: TenantPaymentSchema,
  deletePayment: ResultSchema,
  getClaimStats: ClaimStatsSchema,
  getScore: ScoreResponseSchema,
  createProject: ProjectSchema,
  listProjects: ProjectListSchema,
  getProject: ProjectSchema,
  getProjectRequiredDocuments: z.array(RequiredDocumentSchema),
  addProjectDocument: DocumentSchema,
  listProjectDocuments: z.array(DocumentSchema),
  deleteProjectDocument: ResultSchema,
  applyProject: ResultSchema,
  getCertificate: 'pdf',
  addRentalInformation: ResultSchema,
  getProjectPayment: ProjectPaymentSchema,
  getOrganizationStats: OrganizationStatsSchema,
} as const satisfies Record<OperationId, z.ZodType | 'pdf'>;
