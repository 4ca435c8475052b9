import { ClaimListSchema } from '../../contract/claims.js';
import type { Operation } from '../../contract/paths.js';
import { ProjectListQuerySchema, ProjectSchema, type Project } from '../../contract/projects.js';
import { HttpError } from '../http-error.js';
import type { Upstream } from '../upstream/client.js';
import { readAll, readJson } from '../upstream/read.js';

/**
 * Intermediaries see claims and only the projects those claims belong to. The partner API has
 * no such filter, so the server derives the set of projects from the claims list (cached briefly).
 */
export class IntermediaryScope {
  private cache: { ids: Set<string>; at: number } | null = null;

  constructor(
    private readonly upstream: Upstream,
    private readonly ttlMs = 10_000,
  ) {}

  /** Ids of the projects that have at least one claim. */
  async projectIds(requestId: string): Promise<Set<string>> {
    if (this.cache && Date.now() - this.cache.at < this.ttlMs) return this.cache.ids;
    const claims = await readAll(this.upstream, '/v1/claims', new URLSearchParams(), requestId, ClaimListSchema);
    const ids = new Set(claims.map((c) => c.projectId));
    this.cache = { ids, at: Date.now() };
    return ids;
  }

  /** Project-scoped reads: allowed only on a project with a claim (else 403 FORBIDDEN_ROLE). */
  async check(op: Operation, params: string[], requestId: string): Promise<void> {
    if (op.area !== 'projects' || op.id === 'listProjects') return;
    const projectId = params[0];
    if (!projectId || !(await this.projectIds(requestId)).has(projectId.toLowerCase())) {
      throw new HttpError('FORBIDDEN_ROLE', 'Intermediaries can only open the projects of their claims.');
    }
  }

  /** GET /v3/projects for an intermediary: the projects of claims, filtered, sorted and paginated here. */
  async list(query: string, requestId: string) {
    const q = ProjectListQuerySchema.parse(Object.fromEntries(groupParams(new URLSearchParams(query))));
    const projects: Project[] = [];
    for (const id of await this.projectIds(requestId)) {
      projects.push(await readJson(this.upstream, `/v3/projects/${id}`, requestId, ProjectSchema));
    }
    const search = q.search?.toLowerCase();
    const filtered = projects
      .filter((p) => !q.status?.length || q.status.includes(p.status))
      .filter(
        (p) =>
          !search ||
          `${p.profile.firstName} ${p.profile.lastName} ${p.profile.lastName} ${p.profile.firstName} ${p.profile.email}`
            .toLowerCase()
            .includes(search),
      )
      .sort((a, b) => (q.sort === 'createDate' ? 1 : -1) * a.createDate.localeCompare(b.createDate));
    const start = (q.page - 1) * q.pageSize;
    return { items: filtered.slice(start, start + q.pageSize), page: q.page, pageSize: q.pageSize, total: filtered.length };
  }

  invalidate(): void {
    this.cache = null;
  }
}

function groupParams(p: URLSearchParams): [string, string | string[]][] {
  const keys = [...new Set(p.keys())];
  return keys.map((k) => [k, k === 'status' ? p.getAll(k) : (p.get(k) ?? '')]);
}
