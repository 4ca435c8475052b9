import type { Kysely } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * Single sign-on: a sign-in begun at the identity provider, by the hash of its state,
 * with its nonce and PKCE verifier; taken (deleted) by its callback, so a state is used once.
 */
export async function up(db: Kysely<unknown>, { ms }: StepDialect): Promise<void> {
  await db.schema
    .createTable('sso_logins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('verifier', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
}
