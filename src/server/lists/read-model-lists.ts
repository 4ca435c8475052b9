import { setImmediate } from 'node:timers/promises';
import { sql } from 'kysely';
import type { z } from 'zod';
import { ClaimSchema, type Claim } from '../../contract/claims.js';
import { CLAIM_TERMINAL_STATUSES } from '../../contract/enums.js';
import { inIntermediaryScope } from '../../contract/lifecycle.js';
import type { ClaimRowsQuerySchema, ProjectRowsQuerySchema } from '../../contract/list-queries.js';
import type { ClaimRows, ProjectRows } from '../../contract/lists.js';
import { ProjectSchema, type Project } from '../../contract/projects.js';
import { foldForSearch, likeOfFolded } from '../../contract/search.js';
import type { Role } from '../../contract/session.js';
import { visibleProjects } from '../access/rows.js';
import { assignedTo, assigneeOfRow, isMine, withAssignee } from '../assignments/store.js';
import type { Dialect, ReadModelQuery, ServerDb } from '../db/db.js';
import { answerAsOf } from '../sync/as-of.js';

type ClaimQuery = z.output<typeof ClaimRowsQuerySchema>;
type ProjectQuery = z.output<typeof ProjectRowsQuerySchema>;
/** What selects the rows (a list's page, or an export's every row). */
export type ClaimFilter = Partial<Pick<ClaimQuery, 'status' | 'projectId' | 'search' | 'assignee' | 'view'>>;
export type ProjectFilter = Partial<Pick<ProjectQuery, 'status' | 'search' | 'assignee'>>;

/** Rows an export reads at once: a page's read and formatting stay a few milliseconds of the event loop. */
export const EXPORT_PAGE = 500;

/**
 * A list's order: `sort` names a key ('tenant', 'status', 'outstanding' for claims, else the
 * creation), '-' first for descending. The tie-breaker follows the direction for the tenant's name:
 * the page is read from the table's by-tenant index, backwards for the other way.
 */
function inOrder(rows: ReadModelQuery, sort: string): ReadModelQuery {
  const dir = sort.startsWith('-') ? 'desc' : 'asc';
  switch (sort.replace(/^-/, '')) {
    case 'tenant':
      return rows
        .orderBy(sql`lower(t.tenant_last_name)`, dir)
        .orderBy(sql`lower(t.tenant_first_name)`, dir)
        .orderBy('t.id', dir);
    case 'outstanding':
      return rows.orderBy(sql`t.amount_outstanding`, dir).orderBy('t.id');
    case 'status':
      return rows.orderBy('t.status', dir).orderBy('t.created_at', 'desc').orderBy('t.id');
    default:
      return rows.orderBy('t.created_at', dir).orderBy('t.id');
  }
}

/** Where an export's page ended: its last row's creation time and id (the export's order). */
interface ExportKey {
  createdAt: string;
  id: string;
}

/** The rows after `k` in the exports' order (newest first, then by id): a range of the created_at index. */
const after = (k: ExportKey) => sql<boolean>`t.created_at <= ${k.createdAt} AND (t.created_at < ${k.createdAt} OR t.id > ${k.id})`;

/**
 * What the sync wrote in a row's `data`: the partner's answer once the contract's schema had parsed
 * it (sync/partner.ts, sync/rows.ts), so an export reads it back as it is, without parsing its
 * 20,000 rows again.
 */
const kept = <T>(data: string): T => JSON.parse(data) as T;

/**
 * Every row a query selects, in the exports' order, EXPORT_PAGE at a time, each page read after
 * the last row of the one before (not at an offset), so what is written while a file is sent
 * never repeats nor skips a row: a row changed meanwhile is in the file once, as its page read it;
 * a row added before the place the export has reached (a new one is the newest) is not in it; a row
 * gone before its page is read is not in it. The event loop turns between pages: SQLite's driver
 * answers synchronously, so an await alone would let the whole file through before any other request.
 */
async function* exportPages<T>(rows: ReadModelQuery): AsyncGenerator<T[]> {
  for (let k: ExportKey | null = null; ;) {
    const page = await (k ? rows.where(after(k)) : rows)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id')
      .select(['t.id', 't.created_at', 't.data'])
      .limit(EXPORT_PAGE)
      .execute();
    yield page.map((r) => kept<T>(r.data));
    const last = page.at(-1);
    if (page.length < EXPORT_PAGE || !last) return;
    k = { createdAt: last.created_at, id: last.id };
    await setImmediate();
  }
}

export interface Reader {
  id: string;
  email: string;
  role: Role;
}

/** The users.id a filter names: `me` is the reader. */
export const assigneeOf = (filter: string | undefined, reader: Reader): string | null =>
  filter === undefined ? null : filter === 'me' ? reader.id : filter;

/** Claim statuses still open (the work queue's, a project row's "open claim"). */
export const OPEN_CLAIM_EXCLUDED = [...CLAIM_TERMINAL_STATUSES];

/**
 * The claims and projects lists, read from the read model (src/server/sync): a search over the
 * folded searched fields (accents, case and punctuation ignored, like the global search), filters,
 * a sort and a page in SQL, the same in both dialects; each row with who looks after it.
 */
export class ReadModelLists {
  constructor(
    private readonly db: ServerDb,
    private readonly dialect: Dialect,
  ) {}

  /**
   * The rows whose folded fields hold `folded` (letters and digits only, foldForSearch): a LIKE
   * '%…%', which PostgreSQL answers from its trigram index (021_readmodel_list_search); SQLite from
   * the trigram FTS5 table it keeps on the same text, for three letters or more (a trigram's
   * length: shorter, the LIKE). SQLite is told, by its documented unary `+`, not to drive the query
   * from the match list: it would read and sort every matching row for a page of 25 (250 ms for a
   * common name at 200,000 projects, 1.2 s on a busy machine); it walks the list's own index instead
   * and keeps the rows that match (a page and its count in 25-115 ms whatever the words).
   */
  private found(table: 'rm_claims' | 'rm_projects', folded: string) {
    if (this.dialect === 'sqlite' && folded.length >= 3) {
      const fts = sql.table(`${table}_fts`);
      return sql<boolean>`+t.n IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${`"${folded}"`})`;
    }
    return sql<boolean>`t.search_folded LIKE ${likeOfFolded(folded)}`;
  }

  /** The claims a query selects, not sorted, without joins (the count reads no more than it counts; the page joins who looks after each). */
  private claimQuery(q: ClaimFilter, reader: Reader) {
    const folded = q.search ? foldForSearch(q.search) : '';
    const who = assigneeOf(q.assignee, reader);
    return this.db
      .selectFrom('rm_claims as t')
      .$if(folded !== '', (b) => b.where(this.found('rm_claims', folded)))
      .$if((q.status?.length ?? 0) > 0, (b) => b.where('t.status', 'in', q.status ?? []))
      .$if(q.projectId !== undefined, (b) => b.where('t.project_id', '=', (q.projectId ?? '').toLowerCase()))
      .$if(who !== null, (b) => b.where('t.id', 'in', assignedTo(this.db, 'claim', who ?? '')))
      .$if(q.view === 'mine', (b) => b.where(isMine(this.db, 'claim', reader)));
  }

  async claims(q: ClaimQuery, reader: Reader): Promise<ClaimRows> {
    const { rows, ...page } = await this.page('claim', this.claimQuery(q, reader), q);
    return { items: rows.map((r) => ({ ...ClaimSchema.parse(JSON.parse(r.data)), assignee: assigneeOfRow(r) })), ...page };
  }

  /** Every claim a filter selects, newest first (the CSV export streams them; see exportPages). */
  claimPages(q: ClaimFilter, reader: Reader): AsyncGenerator<Claim[]> {
    return exportPages<Claim>(this.claimQuery(q, reader));
  }

  /** The projects a query selects (intermediaries: the active contracts and the projects of claims), not sorted, without joins. */
  private projectQuery(q: ProjectFilter, reader: Reader) {
    const folded = q.search ? foldForSearch(q.search) : '';
    const who = assigneeOf(q.assignee, reader);
    const scope = visibleProjects(reader.role);
    return this.db
      .selectFrom('rm_projects as t')
      .$if(folded !== '', (b) => b.where(this.found('rm_projects', folded)))
      .$if((q.status?.length ?? 0) > 0, (b) => b.where('t.status', 'in', q.status ?? []))
      .$if(who !== null, (b) => b.where('t.id', 'in', assignedTo(this.db, 'project', who ?? '')))
      .$if(scope !== null, (b) => b.where(scope ?? sql<boolean>`true`));
  }

  async projects(q: ProjectQuery, reader: Reader): Promise<ProjectRows> {
    const { rows, ...page } = await this.page('project', this.projectQuery(q, reader), q);
    const open = await this.openClaims(rows.map((r) => r.id));
    return {
      items: rows.map((r) => ({
        ...ProjectSchema.parse(JSON.parse(r.data)),
        assignee: assigneeOfRow(r),
        openClaimId: open.get(r.id) ?? null,
      })),
      ...page,
    };
  }

  /** Every project a filter selects, newest first (the CSV export streams them; see exportPages). */
  projectPages(q: ProjectFilter, reader: Reader): AsyncGenerator<Project[]> {
    return exportPages<Project>(this.projectQuery(q, reader));
  }

  /** True when an intermediary may read this project (a claim on it, or an active contract); null: the read model does not keep it. */
  async intermediaryMayRead(projectId: string): Promise<boolean | null> {
    const id = projectId.toLowerCase();
    const claimed = await this.db.selectFrom('rm_claims').select('id').where('project_id', '=', id).limit(1).executeTakeFirst();
    const kept = await this.db.selectFrom('rm_projects').select('status').where('id', '=', id).executeTakeFirst();
    if (!claimed && !kept) return null;
    return inIntermediaryScope({ status: kept ? Number(kept.status) : undefined, hasClaim: claimed !== undefined });
  }

  /**
   * One page of a list, in the list's order (sorted and cut on ids, then read whole: rowsOf), with
   * how many rows the filter selects in all and how old the read model's answer is.
   */
  private async page(kind: 'claim' | 'project', filtered: ReadModelQuery, q: { sort: string; page: number; pageSize: number }) {
    const [rows, total, asOf] = await Promise.all([
      inOrder(filtered, q.sort)
        .select('t.id')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute()
        .then((page) => this.rowsOf(kind, page)),
      filtered
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
      answerAsOf(this.db, [kind === 'claim' ? 'rm_claims' : 'rm_projects']),
    ]);
    return { rows, page: q.page, pageSize: q.pageSize, total, asOf };
  }

  /**
   * A page's rows whole, in the page's order, with who looks after each. The page is sorted and cut
   * on ids alone: sorting the rows with their JSON (a few kilobytes each) through the sort's
   * temporary table made an intermediary's page of projects cost tens of milliseconds at 20,000.
   */
  private async rowsOf(kind: 'claim' | 'project', page: readonly { id: string }[]) {
    if (page.length === 0) return [];
    const rows = await withAssignee(this.db, kind)
      .select(['t.id', 't.data'])
      .where(
        't.id',
        'in',
        page.map((r) => r.id),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return page.flatMap((r) => byId.get(r.id) ?? []);
  }

  /** The claim in progress of each project given (by lower-cased id). */
  private async openClaims(projectIds: readonly string[]): Promise<Map<string, string>> {
    if (projectIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('rm_claims')
      .select(['id', 'project_id'])
      .where('project_id', 'in', projectIds)
      .where('status', 'not in', OPEN_CLAIM_EXCLUDED)
      .orderBy('created_at', 'desc')
      .execute();
    const out = new Map<string, string>();
    for (const r of rows) if (!out.has(r.project_id)) out.set(r.project_id, r.id);
    return out;
  }
}
