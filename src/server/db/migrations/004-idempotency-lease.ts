import type { Kysely } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * A pending key is a lease its replica renews while the request is in flight: a replica that
 * dies stops renewing, and the repeats learn it within seconds (status 0: interrupted).
 */
export async function up(db: Kysely<unknown>, { ms }: StepDialect): Promise<void> {
  await db.schema.alterTable('idempotency').addColumn('lease_until', ms).execute();
}
