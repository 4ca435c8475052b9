import { ClaimListSchema } from '../../contract/claims.js';
import { ProjectStatus } from '../../contract/enums.js';
import { projectIsActive } from '../../contract/lifecycle.js';
import type { Operation } from '../../contract/paths.js';
import { ProjectListQuerySchema, ProjectListSchema, ProjectSchema, type Project } from '../../contract/projects.js';
import { HttpError } from '../http-error.js';
import { checkAnswer } from '../upstream/answers.js';
import type { Upstream } from '../upstream/client.js';
import { readAll, readJson } from '../upstream/read.js';

const OUT_OF_SCOPE = 'Intermediaries can only open the active contracts of the organization and the projects of their claims.';

/**
 * Intermediaries see claims, the organization's active contracts (they may open a claim on one)
 * and the projects their claims belong to (whatever their status now); no other project. The
 * partner API has no such filter, so the server derives the set of claimed projects from the
 * claims list (cached briefly) and reads a project's status before letting any other one through.
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

  /**
   * Project-scoped reads: allowed on a project with a claim or an active contract; any other
   * project (or one the partner does not know) is 403 FORBIDDEN_ROLE, saying nothing of it.
   */
  async check(op: Operation, params: string[], requestId: string): Promise<void> {
    if (op.area !== 'projects' || op.id === 'listProjects') return;
    const projectId = params[0]?.toLowerCase();
    if (!projectId) throw new HttpError('FORBIDDEN_ROLE', OUT_OF_SCOPE);
    if ((await this.projectIds(requestId)).has(projectId)) return;
    const path = `/v3/projects/${projectId}`;
    const answer = await checkAnswer(
      await this.upstream.request({ method: 'GET', path, requestId, idempotent: true }),
      ProjectSchema,
      'GET /v3/projects/{id}',
    );
    if (answer.status >= 500) throw new HttpError('UPSTREAM_UNAVAILABLE', `The partner service answered ${answer.status} to GET ${path}.`);
    if (answer.status !== 200 || !projectIsActive((answer.json as Project).status)) throw new HttpError('FORBIDDEN_ROLE', OUT_OF_SCOPE);
  }

  /** GET /v3/projects for an intermediary: the active contracts and the projects of claims, filtered, sorted and paginated here. */
  async list(query: string, requestId: string) {
    const q = ProjectListQuerySchema.parse(Object.fromEntries(groupParams(new URLSearchParams(query))));
    const byId = new Map<string, Project>();
    const active = new URLSearchParams({ status: String(ProjectStatus.Active) });
    for (const p of await readAll(this.upstream, '/v3/projects', active, requestId, ProjectListSchema)) byId.set(p.id.toLowerCase(), p);
    for (const id of await this.projectIds(requestId)) {
      if (!byId.has(id)) byId.set(id, await readJson(this.upstream, `/v3/projects/${id}`, requestId, ProjectSchema));
    }
    const projects = [...byId.values()];
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
