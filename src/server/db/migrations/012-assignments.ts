import type { Kysely } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * Who looks after a file: a project or a claim is assigned to one colleague (users.id),
 * kept by the dashboard (the partner knows nothing of it). One row per file; unassigning deletes it.
 */
export async function up(db: Kysely<unknown>, { ms }: StepDialect): Promise<void> {
  await db.schema
    .createTable('assignments')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('assigned_by', 'text', (c) => c.notNull())
    .addColumn('assigned_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('assignments_pk', ['kind', 'entity_id'])
    .execute();
  await db.schema.createIndex('assignments_by_user').on('assignments').columns(['user_id', 'kind']).execute();
}
