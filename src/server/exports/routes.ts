import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ClaimListQuerySchema } from '../../contract/claims.js';
import { GuidSchema } from '../../contract/common.js';
import type { Project } from '../../contract/projects.js';
import { ProjectListQuerySchema } from '../../contract/projects.js';
import { noStore, requireUser } from '../auth/plugin.js';
import { fromZod } from '../http-error.js';
import type { IntermediaryScope } from '../routes/intermediary-scope.js';
import type { Upstream } from '../upstream/client.js';
import { claimPages, claimsCsv, projectPages, projectsCsv } from './lists.js';
import { readStatement, statementCsv } from './statement.js';
import { statementPdf } from './statement-pdf.js';

const LangSchema = z.object({ lang: z.enum(['fr', 'en']).default('fr') });
const ProjectsExportSchema = ProjectListQuerySchema.pick({ status: true, search: true }).extend(LangSchema.shape);
const ClaimsExportSchema = ClaimListQuerySchema.pick({ status: true, projectId: true }).extend(LangSchema.shape);

/** Fastify's query (a repeated key is an array, as repeatableInt takes it), checked by the schema. */
function parse<T>(schema: z.ZodType<T>, query: unknown): T {
  const r = schema.safeParse(query);
  if (!r.success) throw fromZod(r.error);
  return r.data;
}

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

function attachment(reply: FastifyReply, type: string, name: string): FastifyReply {
  noStore(reply);
  return reply.type(type).header('content-disposition', `attachment; filename="${name}"`);
}

const stamp = () => new Date().toISOString().slice(0, 10);

/** CSV exports of the lists (every row matching the filters) and each claim's debt statement. */
export async function exportRoutes(app: FastifyInstance, o: { upstream: Upstream; scope: IntermediaryScope }): Promise<void> {
  app.get('/api/exports/projects.csv', async (req, reply) => {
    const user = requireUser(req);
    const q = parse(ProjectsExportSchema, req.query);
    const query = new URLSearchParams([...(q.status ?? []).map((s) => ['status', String(s)]), ...(q.search ? [['search', q.search]] : [])]);
    const requestId = String(req.id);
    const pages =
      user.role === 'intermediary'
        ? (async function* (): AsyncGenerator<Project[]> {
            // intermediaries export the projects of their claims only, as they see them
            for (let page = 1; page <= 1000; page++) {
              const list = await o.scope.list(`${query.toString()}&pageSize=100&page=${page}`, requestId);
              yield list.items;
              if (page * 100 >= list.total) return;
            }
          })()
        : projectPages(o.upstream, query, requestId);
    const rows = projectsCsv(q.lang, await primed(pages));
    return attachment(reply, 'text/csv; charset=utf-8', `${q.lang === 'fr' ? 'projets' : 'projects'}-${stamp()}.csv`).send(
      Readable.from(rows),
    );
  });

  app.get('/api/exports/claims.csv', async (req, reply) => {
    requireUser(req);
    const q = parse(ClaimsExportSchema, req.query);
    const query = new URLSearchParams([
      ...(q.status ?? []).map((s) => ['status', String(s)]),
      ...(q.projectId ? [['projectId', q.projectId]] : []),
    ]);
    const rows = claimsCsv(q.lang, await primed(claimPages(o.upstream, query, String(req.id))));
    return attachment(reply, 'text/csv; charset=utf-8', `${q.lang === 'fr' ? 'sinistres' : 'claims'}-${stamp()}.csv`).send(
      Readable.from(rows),
    );
  });

  const statement = async (query: unknown, id: string, requestId: string) => {
    const { lang } = parse(LangSchema, query);
    const claimId = GuidSchema.safeParse(id);
    if (!claimId.success) throw fromZod(claimId.error);
    return { lang, data: await readStatement(o.upstream, claimId.data, requestId) };
  };
  const fileName = (lang: 'fr' | 'en', ref: string) =>
    `${lang === 'fr' ? 'decompte' : 'statement'}-${ref.replace(/[^A-Za-z0-9-]/g, '')}-${stamp()}`;

  app.get<{ Params: { id: string } }>('/api/claims/:id/statement.csv', async (req, reply) => {
    requireUser(req);
    const { lang, data } = await statement(req.query, req.params.id, String(req.id));
    const ref = data.claim.metadata.externalReference ?? data.claim.id.slice(0, 8);
    return attachment(reply, 'text/csv; charset=utf-8', `${fileName(lang, ref)}.csv`).send(statementCsv(data, lang));
  });

  app.get<{ Params: { id: string } }>('/api/claims/:id/statement.pdf', async (req, reply) => {
    requireUser(req);
    const { lang, data } = await statement(req.query, req.params.id, String(req.id));
    const ref = data.claim.metadata.externalReference ?? data.claim.id.slice(0, 8);
    const pdf = await statementPdf(data, lang, (missing) =>
      req.log.warn({ missing }, 'statement: characters no font has, printed as code points'),
    );
    return attachment(reply, 'application/pdf', `${fileName(lang, ref)}.pdf`).send(Buffer.from(pdf));
  });
}
