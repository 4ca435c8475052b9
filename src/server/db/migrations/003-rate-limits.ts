import type { Kysely } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * The per-address request limits (sign-in), counted across replicas: one row per key and window.
 */
export async function up(db: Kysely<unknown>, { ms }: StepDialect): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', ms, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_by_window').on('rate_limits').column('window_start').execute();
}
