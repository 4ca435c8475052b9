import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GuidSchema, IsoDateSchema, PlausibleDateSchema, requiredText } from '../contract/common.js';
import { addDays, addMonthsKeepDay } from '../contract/dates.js';
import { SANDBOX_CLOCK_MAX_YEARS, TEXT_MAX } from '../contract/limits.js';
import { ClaimParamsSchema, RentalDebtParamsSchema, RentalDebtSchema } from '../contract/claims.js';
import {
  ClaimStatus,
  ClaimStatusSchema,
  ProjectStatus,
  ProjectStatusSchema,
  type ProjectStatus as ProjectStatusCode,
} from '../contract/enums.js';
import { ErrorEnvelopeSchema } from '../contract/errors.js';
import { ProjectIdParamsSchema, ProjectSchema } from '../contract/projects.js';
import type { SandboxContext } from './context.js';
import { tx } from './db/database.js';
import { refuseProjectDocuments } from './db/documents.js';
import { getClaim, loadClaim, setClaimStatus } from './domain/claims.js';
import { documentContent } from './domain/documents.js';
import { getProject, loadProject, requireProjectStatus, setProjectStatus } from './domain/projects.js';
import { guarantorPays, signReceipt, unblockLateDeclaration } from './domain/rental-debts.js';
import { AppError } from './errors.js';
import { listEvents } from './webhooks.js';

const tags = ['Sandbox back office (not on the real service)'];
const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
const ClockSchema = z.object({ today: IsoDateSchema });
const ClockBodySchema = z.union([
  z.object({ today: PlausibleDateSchema }),
  z.object({ advanceDays: z.number().int().min(-3660).max(3660) }),
]);

/** Steps the real service's people (managers, tenants, owners) take, for demos and tests. */
const PROJECT_STEPS: { path: string; from: ProjectStatusCode; to: ProjectStatusCode; summary: string }[] = [
  {
    path: 'documents/validate',
    from: ProjectStatus.DocumentsInValidation,
    to: ProjectStatus.AwaitingRentalInformation,
    summary: 'Manager validates the documents (1 → 2)',
  },
  {
    path: 'rent/validate',
    from: ProjectStatus.RentalInValidation,
    to: ProjectStatus.AwaitingPayment,
    summary: 'Manager validates the rental (3 → 4)',
  },
  {
    path: 'payment/complete',
    from: ProjectStatus.AwaitingPayment,
    to: ProjectStatus.AwaitingTenantSignature,
    summary: 'Payment done (4 → 5)',
  },
  {
    path: 'signatures/tenant',
    from: ProjectStatus.AwaitingTenantSignature,
    to: ProjectStatus.AwaitingOwnerSignature,
    summary: 'Tenant signs (5 → 6)',
  },
  {
    path: 'signatures/owner',
    from: ProjectStatus.AwaitingOwnerSignature,
    to: ProjectStatus.Active,
    summary: 'Owner signs: contract active (6 → 7)',
  },
];

export function backofficeRoutes(ctx: SandboxContext, reset: () => void): FastifyPluginAsyncZod {
  return async (app) => {
    for (const step of PROJECT_STEPS) {
      app.post(
        `/sandbox/projects/:id/${step.path}`,
        { schema: { tags, summary: step.summary, params: ProjectIdParamsSchema, response: { 200: ProjectSchema, ...errors } } },
        async (req) => {
          tx(ctx.db, () => {
            const row = loadProject(ctx, req.org, req.params.id);
            requireProjectStatus(row, step.from);
            setProjectStatus(ctx, row, step.to, step.to === ProjectStatus.AwaitingTenantSignature ? { paidAt: ctx.clock.timestamp() } : {});
          });
          return getProject(ctx, req.org, req.params.id);
        },
      );
    }

    app.post(
      '/sandbox/projects/:id/documents/reject',
      {
        schema: {
          tags,
          summary: 'Manager rejects the documents (1 → 0)',
          description:
            'The files of the types named in `documentTypes` (every file of the project when absent) are marked refused: they list with `refused: true`, and their type counts as missing (`provided: false, refused: true`) until a new file of it is added.',
          params: ProjectIdParamsSchema,
          body: z.object({ reason: requiredText(TEXT_MAX.reason), documentTypes: z.array(z.number().int()).max(20).optional() }),
          response: { 200: ProjectSchema, ...errors },
        },
      },
      async (req) => {
        tx(ctx.db, () => {
          const row = loadProject(ctx, req.org, req.params.id);
          requireProjectStatus(row, ProjectStatus.DocumentsInValidation);
          setProjectStatus(ctx, row, ProjectStatus.DocumentsPending, { rejectionReason: req.body.reason });
          refuseProjectDocuments(ctx.db, row.id, req.body.documentTypes);
        });
        return getProject(ctx, req.org, req.params.id);
      },
    );

    app.post(
      '/sandbox/projects/:id/status',
      {
        schema: {
          tags,
          summary: 'Set any project status (suspended, ending, ended, not eligible...)',
          description: 'An optional `reason` (e.g. why the project is not eligible) becomes the project’s `rejectionReason`.',
          params: ProjectIdParamsSchema,
          body: z.object({ status: ProjectStatusSchema, reason: requiredText(TEXT_MAX.reason).optional() }),
          response: { 200: ProjectSchema, ...errors },
        },
      },
      async (req) => {
        tx(ctx.db, () =>
          setProjectStatus(ctx, loadProject(ctx, req.org, req.params.id), req.body.status, { rejectionReason: req.body.reason ?? null }),
        );
        return getProject(ctx, req.org, req.params.id);
      },
    );

    app.post(
      '/sandbox/claims/:claimId/validate',
      {
        schema: {
          tags,
          summary: 'Manager validates the claim (20 → 30)',
          params: ClaimParamsSchema,
          response: { 200: z.unknown(), ...errors },
        },
      },
      async (req) => {
        tx(ctx.db, () => {
          const claim = loadClaim(ctx, req.org, req.params.claimId);
          if (claim.status !== ClaimStatus.ClaimToBeValidated)
            throw new AppError('E0200', `The claim is in status ${claim.status}; only a claim pending validation (20) can be validated.`);
          setClaimStatus(ctx, claim, ClaimStatus.Validated);
        });
        return getClaim(ctx, req.org, req.params.claimId);
      },
    );

    app.post(
      '/sandbox/claims/:claimId/status',
      {
        schema: {
          tags,
          summary: 'Set any claim status',
          params: ClaimParamsSchema,
          body: z.object({ status: ClaimStatusSchema }),
          response: { 200: z.unknown(), ...errors },
        },
      },
      async (req) => {
        tx(ctx.db, () => setClaimStatus(ctx, loadClaim(ctx, req.org, req.params.claimId), req.body.status));
        return getClaim(ctx, req.org, req.params.claimId);
      },
    );

    app.post(
      '/sandbox/claims/:claimId/rentaldebts/:rentalDebtId/pay',
      {
        schema: {
          tags,
          summary: 'The guarantor pays what is due on that month',
          params: RentalDebtParamsSchema,
          response: { 200: RentalDebtSchema, ...errors },
        },
      },
      async (req) => guarantorPays(ctx, req.org, req.params.claimId, req.params.rentalDebtId),
    );

    app.post(
      '/sandbox/claims/:claimId/rentaldebts/:rentalDebtId/receipt/sign',
      {
        schema: { tags, summary: 'The receipt is signed', params: RentalDebtParamsSchema, response: { 200: RentalDebtSchema, ...errors } },
      },
      async (req) => signReceipt(ctx, req.org, req.params.claimId, req.params.rentalDebtId),
    );

    app.post(
      '/sandbox/claims/:claimId/rentaldebts/:rentalDebtId/unblock',
      {
        schema: {
          tags,
          summary: 'The guarantor accepts a month declared late (31 → its status)',
          params: RentalDebtParamsSchema,
          response: { 200: RentalDebtSchema, ...errors },
        },
      },
      async (req) => unblockLateDeclaration(ctx, req.org, req.params.claimId, req.params.rentalDebtId),
    );

    app.get('/sandbox/clock', { schema: { tags, summary: "Read the sandbox's today", response: { 200: ClockSchema } } }, async () => ({
      today: ctx.clock.today(),
    }));

    app.post(
      '/sandbox/clock',
      {
        schema: { tags, summary: "Set the sandbox's today, or move it", body: ClockBodySchema, response: { 200: ClockSchema, ...errors } },
      },
      async (req) => {
        const target = 'today' in req.body ? req.body.today : addDays(ctx.clock.today(), req.body.advanceDays);
        // bounded, so a claim's timeline (first month to "today") stays bounded too
        const real = ctx.clock.realToday();
        const [min, max] = [addMonthsKeepDay(real, -12 * SANDBOX_CLOCK_MAX_YEARS), addMonthsKeepDay(real, 12 * SANDBOX_CLOCK_MAX_YEARS)];
        if (target < min || target > max)
          throw new AppError(
            'INVALID_REQUEST',
            `today: must be from ${min} to ${max} (at most ${SANDBOX_CLOCK_MAX_YEARS} years from the real date)`,
            [{ path: 'today', message: `must be from ${min} to ${max}` }],
          );
        ctx.clock.set(target);
        return { today: ctx.clock.today() };
      },
    );

    app.post(
      '/sandbox/reset',
      { schema: { tags, summary: 'Back to the demo data of a fresh start', response: { 200: z.object({ success: z.literal(true) }) } } },
      async () => {
        reset();
        return { success: true as const };
      },
    );

    app.get(
      '/sandbox/webhooks/events',
      { schema: { tags, summary: "Recent webhook events of the caller's organization, with delivery state" } },
      async (req) =>
        listEvents(ctx.db, req.org.id).map((e) => ({
          ...(JSON.parse(e.payload) as object),
          attempts: e.attempts,
          deliveredAt: e.delivered_at,
          failed: e.failed === 1,
          lastError: e.last_error,
        })),
    );

    app.get(
      '/sandbox/documents/:documentId',
      { schema: { tags, summary: 'Download an uploaded document', params: z.object({ documentId: GuidSchema }) } },
      async (req, reply) => {
        const doc = documentContent(ctx.db, req.params.documentId);
        if (!doc) throw new AppError('NOT_FOUND', 'Document not found.');
        const ownerOrg =
          doc.ownerKind === 'project' ? loadProject(ctx, req.org, doc.ownerId).org_id : loadClaim(ctx, req.org, doc.ownerId).org_id;
        if (ownerOrg !== req.org.id) throw new AppError('E0015');
        return reply
          .type(doc.contentType)
          .header('content-disposition', `attachment; filename="${encodeURIComponent(doc.fileName)}"`)
          .send(doc.content);
      },
    );
  };
}
