import type { Kysely } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * My account: each session remembers the browser and address it was opened from
 * (the user's list of their sessions); wrong passwords are also counted per account, whatever
 * the address (NIST SP 800-63B: at most 100 consecutive failures, then only a reset link).
 */
export async function up(db: Kysely<unknown>, { ms }: StepDialect): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('address', 'text').execute();
  await db.schema.createIndex('sessions_by_email').on('sessions').column('email').execute();
  await db.schema
    .createTable('account_failures')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last', ms, (c) => c.notNull())
    .addColumn('not_before', ms, (c) => c.notNull())
    .execute();
}
