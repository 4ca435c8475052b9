import { all, inserter, one, orgWhere, run, type Db } from './database.js';

/** A row of `projects`: the creation body and the rental information are JSON. */
export interface ProjectRow {
  id: string;
  org_id: string;
  user_id: string;
  status: number;
  score: number;
  create_date: string;
  updated_at: string;
  body: string;
  rent: string | null;
  rejection_reason: string | null;
  paid_at: string | null;
}

export const findProject = (db: Db, id: string): ProjectRow | undefined => one<ProjectRow>(db, 'SELECT * FROM projects WHERE id = ?', id);

type NewProject = Pick<ProjectRow, 'id' | 'org_id' | 'user_id' | 'status' | 'score' | 'create_date' | 'updated_at' | 'body'> & {
  tenant_search: string;
  tenant_email: string;
};
export const insertProject = inserter<NewProject>('projects', [
  'id',
  'org_id',
  'user_id',
  'status',
  'score',
  'create_date',
  'updated_at',
  'tenant_search',
  'tenant_email',
  'body',
]);

/** A new status; the rejection reason and the payment date change only when given (null keeps them). */
export function updateProjectStatus(
  db: Db,
  id: string,
  change: { status: number; updatedAt: string; rejectionReason: string | null; paidAt: string | null },
): void {
  run(
    db,
    'UPDATE projects SET status = ?, updated_at = ?, rejection_reason = COALESCE(?, rejection_reason), paid_at = COALESCE(?, paid_at) WHERE id = ?',
    change.status,
    change.updatedAt,
    change.rejectionReason,
    change.paidAt,
    id,
  );
}

export const clearRejectionReason = (db: Db, id: string): number => run(db, 'UPDATE projects SET rejection_reason = NULL WHERE id = ?', id);

export const setProjectRent = (db: Db, id: string, rent: string): number => run(db, 'UPDATE projects SET rent = ? WHERE id = ?', rent, id);

/** What a claim shows of its project: the tenant (in the body) and the property (in the rental information). */
export const projectBodyAndRent = (db: Db, id: string): { body: string; rent: string | null } | undefined =>
  one<{ body: string; rent: string | null }>(db, 'SELECT body, rent FROM projects WHERE id = ?', id);

export interface ProjectFilter {
  orgId: string;
  statuses?: readonly number[];
  /** Lower-case text found in the tenant's names or e-mail. */
  search?: string;
}

const where = (f: ProjectFilter) =>
  orgWhere(
    f.orgId,
    f.statuses,
    f.search ? [["tenant_search LIKE ? ESCAPE '\\'", `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]] : [],
  );

export function countProjects(db: Db, f: ProjectFilter): number {
  const { clause, params } = where(f);
  return one<{ n: number }>(db, `SELECT COUNT(*) AS n FROM projects WHERE ${clause}`, ...params)?.n ?? 0;
}

/**
 * A page of projects, newest first (or oldest first): the page's ids first, from the index in
 * that order (the rows before the page are skipped there, not read), then its rows.
 */
export function pageOfProjects(db: Db, f: ProjectFilter, page: { order: 'ASC' | 'DESC'; limit: number; offset: number }): ProjectRow[] {
  const { clause, params } = where(f);
  const order = page.order === 'ASC' ? 'ASC' : 'DESC';
  return all<ProjectRow>(
    db,
    `SELECT p.* FROM projects p JOIN (SELECT id FROM projects WHERE ${clause} ORDER BY create_date ${order}, id ${order} LIMIT ? OFFSET ?) page
     ON page.id = p.id ORDER BY p.create_date ${order}, p.id ${order}`,
    ...params,
    page.limit,
    page.offset,
  );
}

export const projectCountsByStatus = (db: Db, orgId: string): { status: number; n: number }[] =>
  all<{ status: number; n: number }>(db, 'SELECT status, COUNT(*) AS n FROM projects WHERE org_id = ? GROUP BY status', orgId);

export const averageProjectScore = (db: Db, orgId: string): number =>
  one<{ a: number | null }>(db, 'SELECT AVG(score) AS a FROM projects WHERE org_id = ?', orgId)?.a ?? 0;

export const countProjectsCreatedSince = (db: Db, orgId: string, since: string): number =>
  one<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM projects WHERE org_id = ? AND create_date >= ?', orgId, since)?.n ?? 0;
