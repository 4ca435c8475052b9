import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditActorsSchema,
  AuditExportQuerySchema,
  AuditHistoryQuerySchema,
  AuditHistorySchema,
  AuditPageSchema,
  AuditQuerySchema,
  AuditVerifySchema,
  type AuditFilter,
} from '../../contract/audit.js';
import { partnerToday } from '../../contract/dates.js';
import { noStore } from '../auth/plugin.js';
import { HttpError } from '../http-error.js';
import { ERROR_RESPONSES } from '../schemas.js';
import { noteOf } from './plugin.js';
import { auditCsv } from './csv.js';
import type { AuditStore } from './store.js';

const tags = ['Audit'];
/** The newest records a project's or claim's page shows. */
export const HISTORY_MAX = 100;

const managers = { access: { action: 'audit.read' } } as const;

/** The filters as given (the export records exactly what it was asked for). */
const filterDetails = (f: AuditFilter) =>
  Object.fromEntries(Object.entries(f).filter((e): e is [string, string] => typeof e[1] === 'string'));

/**
 * The audit trail for managers (filtered and paged by the server, the CSV with the same filters,
 * the chain's verification) and each project's and claim's own history for whoever may read it.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ store: AuditStore; mode: 'sandbox' | 'live' }> = async (app, o) => {
  app.get(
    '/api/audit',
    {
      config: managers,
      schema: {
        tags,
        summary: 'The audit trail, newest first, filtered (managers)',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      noStore(reply);
      const { page, pageSize, ...filter } = req.query;
      return { ...(await o.store.page(filter, page, pageSize)), page, pageSize };
    },
  );

  app.get(
    '/api/audit/actors',
    {
      config: managers,
      schema: { tags, summary: 'The people found in the trail (managers)', response: { 200: AuditActorsSchema, ...ERROR_RESPONSES } },
    },
    async (_req, reply) => {
      noStore(reply);
      return { items: await o.store.actors() };
    },
  );

  app.get(
    '/api/audit/verify',
    {
      config: managers,
      schema: {
        tags,
        summary: 'Whether the chain of hashes holds from the first kept record, and where it breaks (managers)',
        response: { 200: AuditVerifySchema, ...ERROR_RESPONSES },
      },
    },
    async (_req, reply) => {
      noStore(reply);
      return o.store.verify();
    },
  );

  app.get(
    '/api/audit/history',
    {
      // whoever may read the project (an intermediary: in her scope) or the claim (every role)
      config: { access: { project: (req) => (req.query as { projectId?: string }).projectId } },
      schema: {
        tags,
        summary: `A project's or a claim's own history, newest first (at most ${HISTORY_MAX})`,
        querystring: AuditHistoryQuerySchema,
        response: { 200: AuditHistorySchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const { projectId, claimId } = req.query;
      if (!projectId === !claimId) throw new HttpError('INVALID_REQUEST', 'Give exactly one of projectId and claimId.');
      noStore(reply);
      return o.store.page(projectId ? { projectId } : { claimId }, 1, HISTORY_MAX);
    },
  );

  app.get(
    '/api/exports/audit.csv',
    {
      config: { ...managers, audit: 'exportAudit' },
      schema: {
        tags,
        summary: 'Every record matching the filters as CSV (managers; the same filters as GET /api/audit)',
        querystring: AuditExportQuerySchema,
        response: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const { lang, ...filter } = req.query;
      noteOf(req).details = filterDetails(filter);
      noStore(reply);
      // the trail keeps real time: its file is named after the real day in Paris
      const name = `${lang === 'fr' ? 'journal-audit' : 'audit-trail'}-${partnerToday()}.csv`;
      // a file, not the JSON the schemas describe: sent as a stream, like the other exports
      const file: FastifyReply = reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`);
      return file.send(Readable.from(auditCsv(lang, o.store.all(filter), o.mode)));
    },
  );
};
