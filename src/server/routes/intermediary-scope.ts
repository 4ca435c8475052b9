import { inIntermediaryScope } from '../../contract/lifecycle.js';
import type { Operation } from '../../contract/paths.js';
import { ProjectListQuerySchema, ProjectSchema, type Project } from '../../contract/projects.js';
import { HttpError } from '../http-error.js';
import type { ReadModelLists } from '../lists/read-model-lists.js';
import { checkAnswer } from '../upstream/answers.js';
import type { Upstream } from '../upstream/client.js';

/**
 * Intermediaries see claims and the projects of inIntermediaryScope (an active contract, or a
 * project with a claim); no other project. The partner API has no such filter: the read model (src/server/sync) answers which projects have a
 * claim or are active, and their list. A project the read model does not keep yet (created a
 * moment ago) is read from the partner before it is let through.
 */
export class IntermediaryScope {
  constructor(
    private readonly upstream: Upstream,
    private readonly lists: ReadModelLists,
  ) {}

  /**
   * Project-scoped reads: allowed on a project with a claim or an active contract; any other
   * project (or one the partner does not know) is 403 OUT_OF_SCOPE, which says why in the rule's
   * words (no claim, not active) and nothing that tells an unknown id from a known one.
   */
  async check(op: Operation, params: string[], requestId: string): Promise<void> {
    if (op.area !== 'projects' || op.id === 'listProjects') return;
    const projectId = params[0]?.toLowerCase();
    if (!projectId) throw new HttpError('OUT_OF_SCOPE');
    const kept = await this.lists.intermediaryMayRead(projectId);
    if (kept === true) return;
    if (kept === false) throw new HttpError('OUT_OF_SCOPE');
    const path = `/v3/projects/${projectId}`;
    const answer = await checkAnswer(
      await this.upstream.request({ method: 'GET', path, requestId, idempotent: true }),
      ProjectSchema,
      'GET /v3/projects/{id}',
    );
    if (answer.status >= 500) throw new HttpError('UPSTREAM_UNAVAILABLE', `The partner service answered ${answer.status} to GET ${path}.`);
    // not kept: no claim on it is known yet
    if (answer.status !== 200 || !inIntermediaryScope({ status: (answer.json as Project).status, hasClaim: false }))
      throw new HttpError('OUT_OF_SCOPE');
  }

  /** GET /v3/projects for an intermediary: the active contracts and the projects of claims, from the read model. */
  async list(query: string): Promise<{ items: Project[]; page: number; pageSize: number; total: number }> {
    const q = ProjectListQuerySchema.parse(Object.fromEntries(groupParams(new URLSearchParams(query))));
    const rows = await this.lists.projects(q, { id: '', email: '', role: 'intermediary' });
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
