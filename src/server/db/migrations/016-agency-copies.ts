import type { Kysely } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * What the agency sent when it created a project through the dashboard: the tenant's
 * profile, the referent's and the metadata (its own reference). The spec's project answer (2.8)
 * does not carry them; where the partner's answers lack them, the dashboard fills them in from here.
 */
export async function up(db: Kysely<unknown>, { ms }: StepDialect): Promise<void> {
  await db.schema
    .createTable('agency_copies')
    .addColumn('project_id', 'text', (c) => c.primaryKey())
    .addColumn('profile', 'text', (c) => c.notNull())
    .addColumn('referent', 'text')
    .addColumn('metadata', 'text')
    .addColumn('sent_at', ms, (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .execute();
}
