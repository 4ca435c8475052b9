import type { Kysely } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * A partner write is recorded before it is sent (its attempt, result 'pending') and again once
 * answered (its outcome), the outcome naming the attempt it closes: a write whose outcome could
 * not be recorded (the disk full, the database gone, the server killed) is still in the trail.
 * The index finds an attempt's outcome (the trail shows an attempt only while it has none).
 */
export async function up(db: Kysely<unknown>, d: StepDialect): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('outcome_of', d.pgsql ? 'bigint' : 'integer')
    .execute();
  await db.schema.createIndex('audit_by_outcome_of').on('audit_log').columns(['chain', 'outcome_of']).execute();
}
