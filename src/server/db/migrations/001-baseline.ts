import { type Kysely, sql } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * The schema the server created before it had migrations: an existing server.sqlite already
 * has these tables (hence IF NOT EXISTS), a new database gets them here.
 */
export async function up(db: Kysely<unknown>, { pgsql, ms }: StepDialect): Promise<void> {
  await db.schema
    .createTable('sessions')
    .ifNotExists()
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('csrf', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('last_seen', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('idempotency')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_pk', ['key', 'email'])
    .execute();
  await db.schema
    .createTable('partner_events')
    .ifNotExists()
    .addColumn('seq', pgsql ? 'bigserial' : 'integer', (c) => (pgsql ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('declarant')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('legal_info', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('claim_files')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('document_type', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', ms, (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('uploaded_by_email', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('claim_files_by_claim').ifNotExists().on('claim_files').columns(['claim_id', 'uploaded_at']).execute();
}
