import { may } from '../../contract/access.js';
import { isGuid } from '../../contract/common.js';
import { inIntermediaryScope } from '../../contract/lifecycle.js';
import { ProjectListQuerySchema, ProjectSchema, type Project } from '../../contract/projects.js';
import type { Role } from '../../contract/session.js';
import { HttpError } from '../http-error.js';
import type { ReadModelLists } from '../lists/read-model-lists.js';
import { checkAnswer } from '../upstream/answers.js';
import type { Upstream } from '../upstream/client.js';

/**
 * The projects a role may read by id: every one, or (an intermediary) those of inIntermediaryScope
 * (an active contract, or a project with a claim); no other. The partner API has no such filter:
 * the read model (src/server/sync) answers which projects have a claim or are active. A project
 * the read model does not keep yet (created a moment ago) is read from the partner before it is
 * let through.
 */
export class ProjectScope {
  constructor(
    private readonly upstream: Upstream,
    private readonly lists: ReadModelLists,
  ) {}

  /** Whether a role may read this project. */
  async allows(role: Role, projectId: string, requestId: string): Promise<boolean> {
    if (may(role, 'project.readAll')) return true;
    if (!isGuid(projectId)) return false;
    const id = projectId.toLowerCase();
    const kept = await this.lists.intermediaryMayRead(id);
    if (kept !== null) return kept;
    const path = `/v3/projects/${id}`;
    const answer = await checkAnswer(
      await this.upstream.request({ method: 'GET', path, requestId, idempotent: true }),
      ProjectSchema,
      'GET /v3/projects/{id}',
    );
    if (answer.status >= 500) throw new HttpError('UPSTREAM_UNAVAILABLE', `The partner service answered ${answer.status} to GET ${path}.`);
    // not kept: no claim on it is known yet
    return answer.status === 200 && inIntermediaryScope({ status: (answer.json as Project).status, hasClaim: false });
  }

  /**
   * 403 OUT_OF_SCOPE for a project the role may not read, which says why in the rule's words (no
   * claim, not active) and nothing that tells an unknown id from a known one.
   */
  async check(role: Role, projectId: string, requestId: string): Promise<void> {
    if (!(await this.allows(role, projectId, requestId))) throw new HttpError('OUT_OF_SCOPE');
  }

  /** GET /v3/projects for a role that reads its scope only: the active contracts and the projects of claims, from the read model. */
  async list(role: Role, query: string): Promise<{ items: Project[]; page: number; pageSize: number; total: number }> {
    const q = ProjectListQuerySchema.parse(Object.fromEntries(groupParams(new URLSearchParams(query))));
    const rows = await this.lists.projects(q, { id: '', email: '', role });
    return {
      items: rows.items.map((r) => ProjectSchema.parse(r)) /* the partner's shape: the row's extras dropped */,
      page: rows.page,
      pageSize: rows.pageSize,
      total: rows.total,
    };
  }
}

function groupParams(p: URLSearchParams): [string, string | string[]][] {
  const keys = [...new Set(p.keys())];
  return keys.map((k) => [k, k === 'status' ? p.getAll(k) : (p.get(k) ?? '')]);
}
