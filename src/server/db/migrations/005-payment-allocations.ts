import type { Kysely } from 'kysely';

/**
 * Each tenant payment's allocation as first seen, so that a payment the partner spreads again
 * without a change to it is shown as moved, never silently (the spec does not say when it may).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_allocations')
    .addColumn('payment_id', 'text', (c) => c.primaryKey())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('first', 'text', (c) => c.notNull())
    .addColumn('first_seen_on', 'text', (c) => c.notNull())
    .addColumn('moved', 'text')
    .addColumn('moved_on', 'text')
    .execute();
  await db.schema.createIndex('payment_allocations_by_claim').on('payment_allocations').column('claim_id').execute();
}
