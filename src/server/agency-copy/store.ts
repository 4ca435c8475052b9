import type { ServerDb } from '../db/db.js';
import { inChunks } from '../in-chunks.js';

/** What the agency sent about a project's people and its own reference, as sent (already checked by the contract). */
export interface AgencyCopy {
  profile: unknown;
  referent: unknown;
  metadata: unknown;
}

/**
 * What the agency sent when it created a project through the dashboard: the partner's
 * project answer in the spec (2.8) carries neither the tenant's profile nor the metadata, so the
 * dashboard keeps them, keyed by the project id the partner gave, with the request that sent them
 * (the audit trail says who). Written once per project; a replay of the same creation keeps the first.
 */
export class AgencyCopyStore {
  constructor(
    private readonly db: ServerDb,
    private readonly now: () => number = Date.now,
  ) {}

  async keep(projectId: string, copy: AgencyCopy, requestId: string): Promise<void> {
    await this.db
      .insertInto('agency_copies')
      .values({
        project_id: projectId.toLowerCase(),
        profile: JSON.stringify(copy.profile),
        referent: copy.referent == null ? null : JSON.stringify(copy.referent),
        metadata: copy.metadata == null ? null : JSON.stringify(copy.metadata),
        sent_at: this.now(),
        request_id: requestId,
      })
      .onConflict((oc) => oc.column('project_id').doNothing())
      .execute();
  }

  /** The copies kept for these projects (lower-cased ids), read in one query per 500. */
  async many(projectIds: readonly string[]): Promise<Map<string, AgencyCopy>> {
    const ids = [...new Set(projectIds.map((i) => i.toLowerCase()))];
    const rows = await inChunks(ids, (chunk) =>
      this.db
        .selectFrom('agency_copies')
        .select(['project_id', 'profile', 'referent', 'metadata'])
        .where('project_id', 'in', chunk)
        .execute(),
    );
    return new Map(
      rows.map((r) => [
        r.project_id,
        {
          profile: JSON.parse(r.profile) as unknown,
          referent: r.referent === null ? null : (JSON.parse(r.referent) as unknown),
          metadata: r.metadata === null ? null : (JSON.parse(r.metadata) as unknown),
        },
      ]),
    );
  }
}
