import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClaimViewSchema } from '../../contract/assignments.js';
import { ClaimListQuerySchema } from '../../contract/claims.js';
import { GuidSchema } from '../../contract/common.js';
import { partnerToday } from '../../contract/dates.js';
import { ProjectListQuerySchema } from '../../contract/projects.js';
import { noteOf } from '../audit/plugin.js';
import { noStore, requireUser } from '../auth/plugin.js';
import type { ReadModelLists } from '../lists/read-model-lists.js';
import { HttpError } from '../http-error.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { Upstream } from '../upstream/client.js';
import { claimsCsv, projectsCsv } from './lists.js';
import type { TodayProvider } from '../upstream/today.js';
import type { ClaimReader } from '../sync/claim.js';
import { readStatement, statementCsv } from './statement.js';
import { statementPdf } from './statement-pdf.js';

const LangSchema = z.object({ lang: z.enum(['fr', 'en']).default('fr') });
const ProjectsExportSchema = ProjectListQuerySchema.pick({ status: true, search: true }).extend(LangSchema.shape);
const ClaimsExportSchema = ClaimListQuerySchema.pick({ status: true, projectId: true }).extend({
  ...LangSchema.shape,
  view: ClaimViewSchema.optional(),
});

const StatementParamsSchema = z.object({ id: GuidSchema });
const tags = ['Exports'];
/** Seconds a client asking for a list's file before the first sync is told to wait (a sync takes minutes). */
const FIRST_SYNC_RETRY_SECONDS = 60;
/** A file answer, described in the OpenAPI document by its media type. */
const file = (type: string, description: string) => ({
  200: { description, content: { [type]: { schema: z.string() } } },
  ...ERROR_RESPONSES,
});

/**
 * Reads the first page before answering, so an upstream failure is a clear error and not a cut
 * download; the rest is read page by page while the file is sent (10,000 rows never sit in memory).
 */
async function primed<T>(pages: AsyncGenerator<T[]>): Promise<AsyncGenerator<T[]>> {
  const first = await pages.next();
  return (async function* () {
    if (!first.done) yield first.value;
    yield* pages;
  })();
}

/** A file's lines as a stream that reads its next page once the one before has gone out (one page buffered, not sixteen). */
const pageByPage = (lines: AsyncGenerator<string>) => Readable.from(lines, { highWaterMark: 1 });

function attachment(reply: FastifyReply, type: string, name: string): FastifyReply {
  noStore(reply);
  return reply.type(type).header('content-disposition', `attachment; filename="${name}"`);
}

/** The filters of an export as the audit trail records them (a repeated status joined). */
const exportFilters = (query: URLSearchParams) => Object.fromEntries([...new Set(query.keys())].map((k) => [k, query.getAll(k).join(',')]));

/** CSV exports of the lists (every row matching the filters) and each claim's debt statement. */
export const exportRoutes: FastifyPluginAsyncZod<{
  upstream: Upstream;
  lists: ReadModelLists;
  today: TodayProvider;
  /** One claim, from the read model (a statement's claim). */
  claim: ClaimReader;
  /** The read model's first sync: pending (with the partner's last answer) or null once completed. */
  firstSync: () => Promise<{ lastAnswer: string | null } | null>;
}> = async (app, o) => {
  /** A list's file before the first sync would lack rows (or have none) and pass for the whole organization. */
  const synced = async (reply: FastifyReply) => {
    const pending = await o.firstSync();
    if (!pending) return;
    void reply.header('retry-after', String(FIRST_SYNC_RETRY_SECONDS));
    throw new HttpError(
      'FIRST_SYNC_PENDING',
      `The first synchronisation with the partner service has not completed${pending.lastAnswer ? `: ${pending.lastAnswer}` : ''}.`,
      pending.lastAnswer ? [{ path: 'partner', message: pending.lastAnswer }] : undefined,
    );
  };
  // a file is named after the partner's day (the sandbox clock in sandbox mode)
  const stamp = (requestId: string) => o.today.today(requestId);
  const csv = 'text/csv; charset=utf-8';
  app.get(
    '/api/exports/projects.csv',
    {
      onRequest: async (req) => void requireUser(req),
      config: { audit: 'exportProjects' },
      schema: {
        tags,
        summary: 'Every project matching the filters as CSV (fr: `;` and decimal comma; en: `,`; UTF-8 with BOM)',
        querystring: ProjectsExportSchema,
        response: file('text/csv', 'CSV, streamed page by page'),
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await synced(reply);
      const q = req.query;
      const query = new URLSearchParams([
        ...(q.status ?? []).map((s) => ['status', String(s)]),
        ...(q.search ? [['search', q.search]] : []),
      ]);
      noteOf(req).details = exportFilters(query);
      const requestId = String(req.id);
      // from the read model; intermediaries export the projects they may read only, as they see them
      const pages = o.lists.projectPages({ status: q.status, search: q.search }, user);
      const rows = projectsCsv(q.lang, await primed(pages));
      return attachment(reply, csv, `${q.lang === 'fr' ? 'projets' : 'projects'}-${await stamp(requestId)}.csv`).send(pageByPage(rows));
    },
  );

  app.get(
    '/api/exports/claims.csv',
    {
      onRequest: async (req) => void requireUser(req),
      config: { audit: 'exportClaims' },
      schema: {
        tags,
        summary: 'Every claim matching the filters as CSV',
        querystring: ClaimsExportSchema,
        response: file('text/csv', 'CSV, streamed page by page'),
      },
    },
    async (req, reply) => {
      await synced(reply);
      const q = req.query;
      const query = new URLSearchParams([
        ...(q.status ?? []).map((s) => ['status', String(s)]),
        ...(q.projectId ? [['projectId', q.projectId]] : []),
        ...(q.view ? [['view', q.view]] : []),
      ]);
      noteOf(req).details = exportFilters(query);
      const requestId = String(req.id);
      const pages = o.lists.claimPages({ status: q.status, projectId: q.projectId, view: q.view }, requireUser(req));
      const rows = claimsCsv(q.lang, await primed(pages));
      return attachment(reply, csv, `${q.lang === 'fr' ? 'sinistres' : 'claims'}-${await stamp(requestId)}.csv`).send(pageByPage(rows));
    },
  );

  const statementSchema = (type: string, what: string, audit: 'downloadStatementPdf' | 'downloadStatementCsv') => ({
    onRequest: async (req: Parameters<typeof requireUser>[0]) => void requireUser(req),
    config: { audit },
    schema: {
      tags,
      summary: `A claim's debt statement as ${what}: every month, totals, references, generation date`,
      params: StatementParamsSchema,
      querystring: LangSchema,
      response: file(type, what),
    },
  });
  // named after the day it was made, on the partner's clock (in Paris: TodayProvider.now)
  const fileName = (lang: 'fr' | 'en', ref: string, generatedAt: string) =>
    `${lang === 'fr' ? 'decompte' : 'statement'}-${ref.replace(/[^A-Za-z0-9-]/g, '')}-${partnerToday(new Date(generatedAt))}`;

  app.get('/api/claims/:id/statement.csv', statementSchema('text/csv', 'CSV', 'downloadStatementCsv'), async (req, reply) => {
    const { lang } = req.query;
    noteOf(req).claimId = req.params.id;
    const data = await readStatement(o.upstream, o.claim, req.params.id, String(req.id), await o.today.now(String(req.id)));
    const ref = data.claim.metadata.externalReference ?? data.claim.id.slice(0, 8);
    return attachment(reply, csv, `${fileName(lang, ref, data.generatedAt)}.csv`).send(statementCsv(data, lang));
  });

  app.get('/api/claims/:id/statement.pdf', statementSchema('application/pdf', 'an A4 PDF', 'downloadStatementPdf'), async (req, reply) => {
    const { lang } = req.query;
    noteOf(req).claimId = req.params.id;
    const data = await readStatement(o.upstream, o.claim, req.params.id, String(req.id), await o.today.now(String(req.id)));
    const ref = data.claim.metadata.externalReference ?? data.claim.id.slice(0, 8);
    const pdf = await statementPdf(data, lang, (missing) =>
      req.log.warn({ missing }, 'statement: characters no font has, printed as code points'),
    );
    return attachment(reply, 'application/pdf', `${fileName(lang, ref, data.generatedAt)}.pdf`).send(Buffer.from(pdf));
  });
};
