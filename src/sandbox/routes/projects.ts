import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultSchema } from '../../contract/common.js';
import { ErrorEnvelopeSchema } from '../../contract/errors.js';
import {
  DocumentSchema,
  ProjectCreateBodySchema,
  ProjectDocumentParamsSchema,
  ProjectIdAltParamsSchema,
  ProjectIdParamsSchema,
  ProjectListQuerySchema,
  ProjectListSchema,
  ProjectPaymentSchema,
  ProjectSchema,
  RentalInfoBodySchema,
  RequiredDocumentSchema,
  ScoreBodySchema,
  ScoreResponseSchema,
  makeProjectCreateBodySchema,
  makeRentalInfoBodySchema,
} from '../../contract/projects.js';
import { OrganizationStatsSchema } from '../../contract/stats.js';
import { ProjectStatus } from '../../contract/enums.js';
import type { SandboxContext } from '../context.js';
import { AppError, errorFromZod } from '../errors.js';
import { checkUpload, deleteDocument, insertDocument, listDocuments } from '../domain/documents.js';
import { certificatePdf } from '../domain/certificate.js';
import {
  addRentalInformation,
  allowedProjectDocumentTypes,
  applyProject,
  createProject,
  getProject,
  listProjects,
  loadProject,
  projectPayment,
  requireProjectStatus,
  requiredDocuments,
} from '../domain/projects.js';
import { isEligible, scoreFinance } from '../domain/scoring.js';
import { organizationStats } from '../domain/stats.js';
import { tx } from '../db/database.js';
import { readUpload } from '../upload.js';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
const tags = ['Guarantee projects (v3)'];

export function projectRoutes(ctx: SandboxContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v3/score',
      { schema: { tags, summary: 'Get a pre-scoring', body: ScoreBodySchema, response: { 200: ScoreResponseSchema, ...errors } } },
      async (req) => {
        const score = scoreFinance(req.body);
        return { score, eligible: isEligible(score) };
      },
    );

    app.post(
      '/v3/projects',
      { schema: { tags, summary: 'Create a project', body: ProjectCreateBodySchema, response: { 201: ProjectSchema, ...errors } } },
      async (req, reply) => {
        const parsed = makeProjectCreateBodySchema(ctx.clock.today()).safeParse(req.body);
        if (!parsed.success) throw errorFromZod(parsed.error);
        return reply.code(201).send(createProject(ctx, req.org, parsed.data));
      },
    );

    app.get(
      '/v3/projects',
      { schema: { tags, summary: 'Get projects', querystring: ProjectListQuerySchema, response: { 200: ProjectListSchema, ...errors } } },
      async (req) => listProjects(ctx, req.org, req.query),
    );

    app.get(
      '/v3/projects/stats',
      { schema: { tags, summary: 'Get organization stats', response: { 200: OrganizationStatsSchema, ...errors } } },
      async (req) => organizationStats(ctx, req.org),
    );

    app.get(
      '/v3/projects/:id',
      { schema: { tags, summary: 'Get a project', params: ProjectIdParamsSchema, response: { 200: ProjectSchema, ...errors } } },
      async (req) => getProject(ctx, req.org, req.params.id),
    );

    app.get(
      '/v3/projects/:projectId/required',
      {
        schema: {
          tags,
          summary: 'Get required documents',
          params: ProjectIdAltParamsSchema,
          response: { 200: z.array(RequiredDocumentSchema), ...errors },
        },
      },
      async (req) => requiredDocuments(ctx, req.org, req.params.projectId),
    );

    app.post(
      '/v3/projects/:id/documents',
      {
        schema: {
          tags,
          summary: 'Add a document (multipart: file, documentType)',
          consumes: ['multipart/form-data'],
          params: ProjectIdParamsSchema,
          response: { 201: DocumentSchema, ...errors, 413: ErrorEnvelopeSchema },
        },
      },
      async (req, reply) => {
        const project = loadProject(ctx, req.org, req.params.id);
        requireProjectStatus(project, ProjectStatus.DocumentsPending);
        const fields = await readUpload(req);
        const checked = checkUpload(fields, allowedProjectDocumentTypes(project));
        const doc = tx(ctx.db, () => {
          requireProjectStatus(loadProject(ctx, req.org, req.params.id), ProjectStatus.DocumentsPending);
          const d = insertDocument(ctx.db, 'project', project.id, checked, fields.comment, ctx.clock.timestamp());
          ctx.outbox.emit(req.org.id, 'project.updated', { projectId: project.id, status: project.status, documentAdded: d.id });
          return d;
        });
        return reply.code(201).send(doc);
      },
    );

    app.get(
      '/v3/projects/:id/documents',
      {
        schema: {
          tags,
          summary: 'Get project documents',
          params: ProjectIdParamsSchema,
          response: { 200: z.array(DocumentSchema), ...errors },
        },
      },
      async (req) => {
        loadProject(ctx, req.org, req.params.id);
        return listDocuments(ctx.db, 'project', req.params.id);
      },
    );

    app.delete(
      '/v3/projects/:id/documents/:documentId',
      { schema: { tags, summary: 'Delete a document', params: ProjectDocumentParamsSchema, response: { 200: ResultSchema, ...errors } } },
      async (req) => {
        tx(ctx.db, () => {
          const project = loadProject(ctx, req.org, req.params.id);
          requireProjectStatus(project, ProjectStatus.DocumentsPending);
          if (!deleteDocument(ctx.db, 'project', project.id, req.params.documentId)) throw new AppError('NOT_FOUND', 'Document not found.');
          ctx.outbox.emit(req.org.id, 'project.updated', {
            projectId: project.id,
            status: project.status,
            documentDeleted: req.params.documentId,
          });
        });
        return { success: true as const };
      },
    );

    app.post(
      '/v3/projects/:id/apply',
      {
        schema: { tags, summary: 'Apply (request validation)', params: ProjectIdParamsSchema, response: { 200: ResultSchema, ...errors } },
      },
      async (req) => {
        applyProject(ctx, req.org, req.params.id);
        return { success: true as const, message: 'Documents submitted for verification.' };
      },
    );

    app.get(
      '/v3/projects/:id/documents/certificate',
      {
        schema: {
          tags,
          summary: 'Get eligibility certificate (application/pdf)',
          params: ProjectIdParamsSchema,
          produces: ['application/pdf'],
        },
      },
      async (req, reply) => {
        const project = getProject(ctx, req.org, req.params.id);
        if (project.status === ProjectStatus.NotEligible)
          throw new AppError('NOT_ELIGIBLE', 'This project is not eligible: no certificate can be issued.');
        const pdf = await certificatePdf(project, req.org.name, ctx.clock.today(), (missing) =>
          req.log.warn({ missing }, 'certificate: characters no font has, printed as code points'),
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="certificat-${project.id}.pdf"`)
          .send(Buffer.from(pdf));
      },
    );

    app.post(
      '/v3/projects/:id/rent',
      {
        schema: {
          tags,
          summary: 'Add rental information',
          params: ProjectIdParamsSchema,
          body: RentalInfoBodySchema,
          response: { 200: ResultSchema, ...errors },
        },
      },
      async (req) => {
        const parsed = makeRentalInfoBodySchema(ctx.clock.today()).safeParse(req.body);
        if (!parsed.success) throw errorFromZod(parsed.error);
        addRentalInformation(ctx, req.org, req.params.id, parsed.data);
        return { success: true as const, message: 'Rental information submitted for validation.' };
      },
    );

    app.get(
      '/v3/projects/:id/payment',
      {
        schema: { tags, summary: 'Get project payment', params: ProjectIdParamsSchema, response: { 200: ProjectPaymentSchema, ...errors } },
      },
      async (req) => projectPayment(ctx, req.org, req.params.id),
    );
  };
}
