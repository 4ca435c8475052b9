import { all, inserter, one, orgWhere, run, type Db } from './database.js';

/** A row of `claims`: the creation body is JSON, the first rent in cents. */
export interface ClaimRow {
  id: string;
  org_id: string;
  project_id: string;
  status: number;
  created_at: string;
  updated_at: string;
  first_due_date: string;
  initial_rent: number;
  body: string;
}

export const findClaim = (db: Db, id: string): ClaimRow | undefined => one<ClaimRow>(db, 'SELECT * FROM claims WHERE id = ?', id);

export const claimStatusesOfProject = (db: Db, projectId: string): number[] =>
  all<{ status: number }>(db, 'SELECT status FROM claims WHERE project_id = ?', projectId).map((c) => c.status);

export const insertClaim = inserter<ClaimRow>('claims', [
  'id',
  'org_id',
  'project_id',
  'status',
  'created_at',
  'updated_at',
  'first_due_date',
  'initial_rent',
  'body',
]);

export const updateClaimStatus = (db: Db, id: string, status: number, updatedAt: string): number =>
  run(db, 'UPDATE claims SET status = ?, updated_at = ? WHERE id = ?', status, updatedAt, id);

export interface ClaimFilter {
  orgId: string;
  statuses?: readonly number[];
  projectId?: string;
}

const where = (f: ClaimFilter) => orgWhere(f.orgId, f.statuses, f.projectId ? [['project_id = ?', f.projectId]] : []);

export function countClaims(db: Db, f: ClaimFilter): number {
  const { clause, params } = where(f);
  return one<{ n: number }>(db, `SELECT COUNT(*) AS n FROM claims WHERE ${clause}`, ...params)?.n ?? 0;
}

/** A page of claims, newest first: its ids from the index in that order (see pageOfProjects), then its rows. */
export function pageOfClaims(db: Db, f: ClaimFilter, page: { limit: number; offset: number }): ClaimRow[] {
  const { clause, params } = where(f);
  return all<ClaimRow>(
    db,
    `SELECT c.* FROM claims c JOIN (SELECT id FROM claims WHERE ${clause} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?) page
     ON page.id = c.id ORDER BY c.created_at DESC, c.id DESC`,
    ...params,
    page.limit,
    page.offset,
  );
}

export const claimStatusesOfOrganization = (db: Db, orgId: string): { id: string; status: number }[] =>
  all<{ id: string; status: number }>(db, 'SELECT id, status FROM claims WHERE org_id = ?', orgId);
