import { sql, type RawBuilder } from 'kysely';
import type { GlobalSearch, SearchHit, SearchKind } from '../../contract/global-search.js';
import { foldForSearch } from '../../contract/search.js';
import type { Dialect, ReadModelRow, ServerDb } from '../db/db.js';
import type { Role } from '../../contract/session.js';
import { visibleProjects } from '../access/rows.js';

/** A hit: the read model's columns the search shows (ReadModelRow), with the kind's own ones. */
type HitRow = Pick<
  ReadModelRow,
  'id' | 'status' | 'tenant_first_name' | 'tenant_last_name' | 'tenant_email' | 'address' | 'reference' | 'synced_at'
> & { project_id?: string; amount: number | null };

/** Below this many letters a trigram index cannot help: the fields are matched by their start. */
const SHORT = 3;

/**
 * The global search over the read model: a claim or project by its tenant's name (either way
 * round), e-mail, property address, reference or id; accents, case and punctuation ignored,
 * partial words found. PostgreSQL: pg_trgm over rm_fold() (unaccent), ranked by word similarity;
 * SQLite: the trigram FTS5 index of the text folded in JavaScript, ranked by bm25.
 * Every role finds every claim, and the projects it may read (access/rows.ts).
 */
export class ReadModelSearch {
  constructor(
    private readonly db: ServerDb,
    private readonly dialect: Dialect,
  ) {}

  async search(q: string, o: { limit: number; role: Role }): Promise<GlobalSearch> {
    const typed = q.replaceAll('|', ' ');
    const folded = foldForSearch(typed);
    if (folded === '') return { claims: [], projects: [], asOf: null };
    const [claims, projects] = await Promise.all([this.find('claim', typed, folded, o), this.find('project', typed, folded, o)]);
    const reads = [...claims, ...projects].map((r) => Number(r.synced_at));
    return {
      claims: claims.map((r) => hit('claim', r)),
      projects: projects.map((r) => hit('project', r)),
      asOf: reads.length ? Math.min(...reads) : null,
    };
  }

  private async find(kind: SearchKind, typed: string, folded: string, o: { limit: number; role: Role }): Promise<HitRow[]> {
    const table = kind === 'claim' ? 'rm_claims' : 'rm_projects';
    const columns = sql.raw(
      `t.id, t.status, t.tenant_first_name, t.tenant_last_name, t.tenant_email, t.address, t.reference, t.synced_at, ${
        kind === 'claim' ? 't.project_id, t.amount_outstanding AS amount' : 't.rent_amount AS amount'
      }`,
    );
    const visible = kind === 'project' ? visibleProjects(o.role) : null;
    const scope: RawBuilder<unknown> = visible ? sql`AND ${visible}` : sql``;
    const t = sql.table(table);
    if (this.dialect === 'postgres') {
      const where =
        folded.length < SHORT
          ? sql`(' ' || rm_fold(t.search_text)) LIKE '% ' || replace(rm_fold(${typed}), ' ', '') || '%'`
          : sql`rm_fold(t.search_text) LIKE '%' || replace(rm_fold(${typed}), ' ', '') || '%'`;
      const r = await sql<HitRow>`SELECT ${columns} FROM ${t} t WHERE ${where} ${scope}
        ORDER BY word_similarity(replace(rm_fold(${typed}), ' ', ''), rm_fold(t.search_text)) DESC, t.created_at DESC
        LIMIT ${o.limit}`.execute(this.db);
      return r.rows;
    }
    if (folded.length < SHORT) {
      const r = await sql<HitRow>`SELECT ${columns} FROM ${t} t WHERE (' ' || t.search_folded) LIKE ${`% ${folded}%`} ${scope}
        ORDER BY t.created_at DESC LIMIT ${o.limit}`.execute(this.db);
      return r.rows;
    }
    const fts = sql.table(`${table}_fts`);
    // a phrase of the folded letters: the trigram tokenizer finds it anywhere in a field
    const r = await sql<HitRow>`SELECT ${columns} FROM ${fts} JOIN ${t} t ON t.n = ${fts}.rowid
      WHERE ${fts} MATCH ${`"${folded}"`} ${scope} ORDER BY ${fts}.rank LIMIT ${o.limit}`.execute(this.db);
    return r.rows;
  }
}

function hit(kind: SearchKind, r: HitRow): SearchHit {
  return {
    kind,
    id: r.id,
    projectId: r.project_id ?? r.id,
    tenant: { firstName: r.tenant_first_name, lastName: r.tenant_last_name },
    email: r.tenant_email,
    address: r.address,
    reference: r.reference,
    status: Number(r.status),
    amount: r.amount === null ? null : Number(r.amount),
  };
}
