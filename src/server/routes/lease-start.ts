import { z } from 'zod';
import { IsoDateSchema } from '../../contract/common.js';
import type { OperationId } from '../../contract/paths.js';
import type { ReadModelStore } from '../sync/store.js';
import type { Upstream } from '../upstream/client.js';
import { readJson } from '../upstream/read.js';

/** What a project answer says of its lease: only its start is read here. */
const LeaseOf = z.object({ rent: z.object({ startLease: IsoDateSchema }).nullable().optional() });

/** The writes whose body the contract checks against a lease's start, and where their path names the project or the claim. */
const BOUND: Partial<Record<OperationId, 'project' | 'claim'>> = { createClaim: 'project', addPayment: 'claim', updatePayment: 'claim' };

/**
 * When the lease starts that a body is checked against before it is forwarded (the contract's
 * rules: no claim before the lease, no tenant payment before its month): the project's for a
 * claim's creation, the claim's project's for a payment. Read from the read model, else from the
 * partner; null when it cannot be known (no rental information, a claim not synced yet, the
 * partner not answering): then the partner decides, as it did before.
 */
export class LeaseStarts {
  constructor(
    private readonly store: ReadModelStore,
    private readonly upstream: Upstream,
  ) {}

  async of(op: OperationId, params: readonly string[], requestId: string): Promise<string | null> {
    const on = BOUND[op];
    const id = params[0];
    if (!on || !id) return null;
    const projectId = on === 'project' ? id : await this.store.claimProject(id);
    if (!projectId) return null;
    const kept = await this.store.project(projectId);
    if (kept) return kept.project.rent?.startLease ?? null;
    try {
      return (await readJson(this.upstream, `/v3/projects/${projectId}`, requestId, LeaseOf)).rent?.startLease ?? null;
    } catch {
      return null;
    }
  }
}
