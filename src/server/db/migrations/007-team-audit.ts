import { type Kysely, sql } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * The audit trail of every write made through the dashboard: append-only. Each record carries the hash of the one before it in
 * its chain (one chain per organization); triggers refuse any UPDATE, and any DELETE except of
 * records that retention announced first in audit_anchors (also append-only), so that the
 * chain stays verifiable from the first kept record.
 */
export async function up(db: Kysely<unknown>, { pgsql, ms }: StepDialect): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('seq', pgsql ? 'bigserial' : 'integer', (c) => (pgsql ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('at', ms, (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('actor_role', 'text')
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text')
    .addColumn('claim_id', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_by_chain').on('audit_log').columns(['chain', 'seq']).execute();
  await db.schema.createIndex('audit_by_at').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_by_actor').on('audit_log').columns(['actor_id', 'seq']).execute();
  await db.schema.createIndex('audit_by_project').on('audit_log').columns(['project_id', 'seq']).execute();
  await db.schema.createIndex('audit_by_claim').on('audit_log').columns(['claim_id', 'seq']).execute();
  await db.schema
    .createTable('audit_anchors')
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('first_seq', ms, (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('cutoff', ms, (c) => c.notNull())
    .addColumn('at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_anchors_pk', ['chain', 'first_seq'])
    .execute();
  const announced = (row: string) =>
    sql.raw(`EXISTS (SELECT 1 FROM audit_anchors a WHERE a.chain = ${row}.chain AND a.first_seq > ${row}.seq AND a.cutoff > ${row}.at)`);
  if (pgsql) {
    await sql`CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_log' THEN
                IF ${announced('OLD')} THEN RETURN OLD; END IF;
              END IF;
              RAISE EXCEPTION 'audit records are append-only (% refused on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
            END $$`.execute(db);
    for (const table of ['audit_log', 'audit_anchors']) {
      await sql`CREATE TRIGGER ${sql.raw(`${table}_no_change`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)}
              FOR EACH ROW EXECUTE FUNCTION audit_append_only()`.execute(db);
      await sql`CREATE TRIGGER ${sql.raw(`${table}_no_truncate`)} BEFORE TRUNCATE ON ${sql.table(table)}
              FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only()`.execute(db);
    }
  } else {
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
            BEGIN SELECT RAISE(ABORT, 'audit records are append-only (UPDATE refused on audit_log)'); END`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log WHEN NOT ${announced('OLD')}
            BEGIN SELECT RAISE(ABORT, 'audit records are append-only (DELETE refused on audit_log)'); END`.execute(db);
    await sql`CREATE TRIGGER audit_anchors_no_update BEFORE UPDATE ON audit_anchors
            BEGIN SELECT RAISE(ABORT, 'audit records are append-only (UPDATE refused on audit_anchors)'); END`.execute(db);
    await sql`CREATE TRIGGER audit_anchors_no_delete BEFORE DELETE ON audit_anchors
            BEGIN SELECT RAISE(ABORT, 'audit records are append-only (DELETE refused on audit_anchors)'); END`.execute(db);
  }
}
