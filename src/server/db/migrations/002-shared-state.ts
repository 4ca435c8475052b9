import { type Kysely, sql } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * State shared by replicas: a key claimed before its answer exists (status and body null while
 * pending), the users (seeded from the users file or the sandbox's), the sign-in throttle.
 */
export async function up(db: Kysely<unknown>, { ms }: StepDialect): Promise<void> {
  await db.schema
    .createTable('idempotency_next')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('body', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_key_pk', ['key', 'email'])
    .execute();
  await sql`INSERT INTO idempotency_next (key, email, operation, fingerprint, status, content_type, body, created_at)
          SELECT key, email, operation, fingerprint, status, content_type, body, created_at FROM idempotency`.execute(db);
  await db.schema.dropTable('idempotency').execute();
  await db.schema.alterTable('idempotency_next').renameTo('idempotency').execute();
  await db.schema.createIndex('idempotency_by_age').on('idempotency').column('created_at').execute();
  await db.schema.createIndex('sessions_by_last_seen').ifNotExists().on('sessions').column('last_seen').execute();
  await db.schema
    .createTable('users')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('pair', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last', ms, (c) => c.notNull())
    .addColumn('not_before', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_by_last').on('login_failures').column('last').execute();
}
