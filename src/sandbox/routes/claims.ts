import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultSchema } from '../../contract/common.js';
import { ErrorEnvelopeSchema } from '../../contract/errors.js';
import {
  ClaimCreateBodySchema,
  ClaimListQuerySchema,
  ClaimListSchema,
  ClaimParamsSchema,
  ClaimProjectParamsSchema,
  ClaimSchema,
  PaymentBodySchema,
  PaymentParamsSchema,
  RentalDebtCreateBodySchema,
  RentalDebtParamsSchema,
  RentalDebtSchema,
  RentalDebtUpdateBodySchema,
  TenantPaymentSchema,
  makeClaimCreateBodySchema,
  makeRentalDebtCreateBodySchema,
  makePaymentBodySchema,
  makeRentalDebtUpdateBodySchema,
} from '../../contract/claims.js';
import { DocumentSchema, RequiredDocumentSchema } from '../../contract/projects.js';
import { ClaimStatsSchema } from '../../contract/stats.js';
import type { SandboxContext } from '../context.js';
import { errorFromZod } from '../errors.js';
import {
  CLAIM_DOCUMENT_TYPE_CODES,
  applyClaim,
  claimRequiredDocuments,
  createClaim,
  listClaims,
  loadClaim,
  pendingSignature,
  requireClaimAcceptsDocuments,
  timeline,
  leaseStartOfClaim,
} from '../domain/claims.js';
import { checkUpload, insertDocument } from '../domain/documents.js';
import { addPayment, deletePayment, listPayments, updatePayment } from '../domain/payments.js';
import { addRentalDebt, updateRentalDebt } from '../domain/rental-debts.js';
import { claimStats } from '../domain/stats.js';
import { tx } from '../db/database.js';
import { readUpload } from '../upload.js';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
const tags = ['Claims (v1)'];

/** Applies the rules that need today's date (sandbox clock) after the structural validation. */
function withToday<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw errorFromZod(parsed.error);
  return parsed.data;
}

/** A payment's rules: today's window, and not before the month the claim's lease starts (refused with rule beforeLeaseStart). */
const paymentSchema = (ctx: SandboxContext, claimId: string) => makePaymentBodySchema(ctx.clock.today(), leaseStartOfClaim(ctx, claimId));

export function claimRoutes(ctx: SandboxContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/projects/:projectId/claims',
      {
        schema: {
          tags,
          summary: 'Create claim',
          params: ClaimProjectParamsSchema,
          body: ClaimCreateBodySchema,
          response: { 201: ClaimSchema, ...errors },
        },
      },
      async (req, reply) => {
        const body = withToday(makeClaimCreateBodySchema(ctx.clock.today()), req.body);
        return reply.code(201).send(createClaim(ctx, req.org, req.params.projectId, body));
      },
    );

    app.get(
      '/v1/claims',
      { schema: { tags, summary: 'Get claims', querystring: ClaimListQuerySchema, response: { 200: ClaimListSchema, ...errors } } },
      async (req) => listClaims(ctx, req.org, req.query),
    );

    app.get(
      '/v1/claims/:claimId/documents/required',
      {
        schema: {
          tags,
          summary: 'Get required documents',
          params: ClaimParamsSchema,
          response: { 200: z.array(RequiredDocumentSchema), ...errors },
        },
      },
      async (req) => claimRequiredDocuments(ctx, req.org, req.params.claimId),
    );

    app.post(
      '/v1/claims/:claimId/documents',
      {
        schema: {
          tags,
          summary: 'Add document (multipart: file, documentType, comment)',
          consumes: ['multipart/form-data'],
          params: ClaimParamsSchema,
          response: { 201: DocumentSchema, ...errors, 413: ErrorEnvelopeSchema },
        },
      },
      async (req, reply) => {
        requireClaimAcceptsDocuments(loadClaim(ctx, req.org, req.params.claimId));
        const fields = await readUpload(req);
        const checked = checkUpload(fields, CLAIM_DOCUMENT_TYPE_CODES);
        const doc = tx(ctx.db, () => {
          const claim = loadClaim(ctx, req.org, req.params.claimId);
          requireClaimAcceptsDocuments(claim);
          return insertDocument(ctx.db, 'claim', claim.id, checked, fields.comment, ctx.clock.timestamp());
        });
        return reply.code(201).send(doc);
      },
    );

    app.post(
      '/v1/claims/:claimId/apply',
      { schema: { tags, summary: 'Apply claim', params: ClaimParamsSchema, response: { 200: ResultSchema, ...errors } } },
      async (req) => {
        applyClaim(ctx, req.org, req.params.claimId);
        return { success: true as const, message: 'Claim submitted for validation.' };
      },
    );

    app.get(
      '/v1/claims/:claimId/rentaldebts',
      {
        schema: {
          tags,
          summary: 'Get rental debts (including Virtual months)',
          params: ClaimParamsSchema,
          response: { 200: z.array(RentalDebtSchema), ...errors },
        },
      },
      async (req) => timeline(ctx, req.org, req.params.claimId),
    );

    app.get(
      '/v1/claims/:claimId/rentaldebts/pending-signature',
      {
        schema: {
          tags,
          summary: 'Get rental debts pending signature',
          params: ClaimParamsSchema,
          response: { 200: z.array(RentalDebtSchema), ...errors },
        },
      },
      async (req) => pendingSignature(ctx, req.org, req.params.claimId),
    );

    app.post(
      '/v1/claims/:claimId/rentaldebts',
      {
        schema: {
          tags,
          summary: 'Add rental debt',
          params: ClaimParamsSchema,
          body: RentalDebtCreateBodySchema,
          response: { 201: RentalDebtSchema, ...errors },
        },
      },
      async (req, reply) => {
        const body = withToday(makeRentalDebtCreateBodySchema(ctx.clock.today()), req.body);
        return reply.code(201).send(addRentalDebt(ctx, req.org, req.params.claimId, body));
      },
    );

    app.put(
      '/v1/claims/:claimId/rentaldebts/:rentalDebtId',
      {
        schema: {
          tags,
          summary: 'Update rental debt',
          params: RentalDebtParamsSchema,
          body: RentalDebtUpdateBodySchema,
          response: { 200: RentalDebtSchema, ...errors },
        },
      },
      async (req) => {
        const body = withToday(makeRentalDebtUpdateBodySchema(ctx.clock.today()), req.body);
        return updateRentalDebt(ctx, req.org, req.params.claimId, req.params.rentalDebtId, body);
      },
    );

    app.get(
      '/v1/claims/:claimId/payments',
      { schema: { tags, summary: 'Get payments', params: ClaimParamsSchema, response: { 200: z.array(TenantPaymentSchema), ...errors } } },
      async (req) => listPayments(ctx, req.org, req.params.claimId),
    );

    app.post(
      '/v1/claims/:claimId/payments',
      {
        schema: {
          tags,
          summary: 'Add payment',
          params: ClaimParamsSchema,
          body: PaymentBodySchema,
          response: { 201: TenantPaymentSchema, ...errors },
        },
      },
      async (req, reply) =>
        reply.code(201).send(addPayment(ctx, req.org, req.params.claimId, withToday(paymentSchema(ctx, req.params.claimId), req.body))),
    );

    app.put(
      '/v1/claims/:claimId/payments/:paymentId',
      {
        schema: {
          tags,
          summary: 'Update payment',
          params: PaymentParamsSchema,
          body: PaymentBodySchema,
          response: { 200: TenantPaymentSchema, ...errors },
        },
      },
      async (req) =>
        updatePayment(ctx, req.org, req.params.claimId, req.params.paymentId, withToday(paymentSchema(ctx, req.params.claimId), req.body)),
    );

    app.delete(
      '/v1/claims/:claimId/payments/:paymentId',
      { schema: { tags, summary: 'Delete payment', params: PaymentParamsSchema, response: { 200: ResultSchema, ...errors } } },
      async (req) => {
        deletePayment(ctx, req.org, req.params.claimId, req.params.paymentId);
        return { success: true as const };
      },
    );

    app.get(
      '/v1/claims/:claimId/stats',
      { schema: { tags, summary: 'Get claim stats', params: ClaimParamsSchema, response: { 200: ClaimStatsSchema, ...errors } } },
      async (req) => claimStats(ctx, req.org, req.params.claimId),
    );
  };
}
