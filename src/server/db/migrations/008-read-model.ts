import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * The read model: the organization's projects, claims and months as last read from
 * the partner (never from a webhook's payload), what the lists, the work queue, the exports and
 * the search are served from; the sync's state (initial cursor, passes, drift) and the lease
 * that lets one replica sync at a time. Search: PostgreSQL folds accents and case with an
 * IMMUTABLE wrapper of unaccent (pg_trgm GIN index on it); SQLite keeps a trigram FTS5 table
 * of the text folded in JavaScript (src/contract/search.ts).
 */
export async function up(db: Kysely<unknown>, { pgsql, ms }: StepDialect): Promise<void> {
  const money = pgsql ? 'double precision' : 'real';
  // SQLite: an integer key the trigram index (external content) names each row by, stable
  // under VACUUM (an INTEGER PRIMARY KEY is the rowid); the partner's id stays unique
  const key = <T extends CreateTableBuilder<string, never>>(t: T): T =>
    (pgsql
      ? t.addColumn('id', 'text', (c) => c.primaryKey())
      : t.addColumn('n', 'integer', (c) => c.primaryKey()).addColumn('id', 'text', (c) => c.notNull().unique())) as T;
  await db.schema
    .createTable('rm_projects')
    .$call(key)
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('tenant_first_name', 'text', (c) => c.notNull())
    .addColumn('tenant_last_name', 'text', (c) => c.notNull())
    .addColumn('tenant_email', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('rent_amount', money)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('required', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('search_folded', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('synced_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rm_projects_by_status').on('rm_projects').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('rm_projects_by_created').on('rm_projects').column('created_at').execute();
  await db.schema
    .createTable('rm_claims')
    .$call(key)
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('tenant_first_name', 'text', (c) => c.notNull())
    .addColumn('tenant_last_name', 'text', (c) => c.notNull())
    .addColumn('tenant_email', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('rent_due_date', 'text', (c) => c.notNull())
    .addColumn('rent_amount', money, (c) => c.notNull())
    .addColumn('amount_outstanding', money, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('required', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('search_folded', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('synced_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rm_claims_by_project').on('rm_claims').column('project_id').execute();
  await db.schema.createIndex('rm_claims_by_status').on('rm_claims').columns(['status', 'created_at']).execute();
  await db.schema
    .createTable('rm_debts')
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('rent_due_date', 'text', (c) => c.notNull())
    .addColumn('id', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('rent_amount', money)
    .addColumn('amount_due', money, (c) => c.notNull())
    .addColumn('tenant_paid_amount', money, (c) => c.notNull())
    .addColumn('guarantor_paid_amount', money, (c) => c.notNull())
    .addColumn('receipt_status', 'integer')
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rm_debts_pk', ['claim_id', 'rent_due_date'])
    .execute();
  await db.schema
    .createTable('rm_sync')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rm_lease')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('until', ms, (c) => c.notNull())
    .execute();
  if (pgsql) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
    // unaccent() is only STABLE (it reads a dictionary chosen by search_path): naming the
    // dictionary makes the result depend on the text alone, so it can be indexed. Fields are
    // separated by '|' in search_text: each is folded whole (punctuation and spaces go,
    // "O'Brien" is "obrien"), the fields stay apart.
    await sql`CREATE FUNCTION rm_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
            AS $$ SELECT translate(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)), '[^[:alnum:]|]+', '', 'g'), '|', ' ') $$`.execute(
      db,
    );
    for (const table of ['rm_projects', 'rm_claims'])
      await sql`CREATE INDEX ${sql.raw(`${table}_search`)} ON ${sql.table(table)} USING gin (rm_fold(search_text) gin_trgm_ops)`.execute(
        db,
      );
  } else {
    for (const table of ['rm_projects', 'rm_claims']) {
      const fts = `${table}_fts`;
      await sql
        .raw(`CREATE VIRTUAL TABLE ${fts} USING fts5(search_folded, content = '${table}', content_rowid = 'n', tokenize = 'trigram')`)
        .execute(db);
      const remove = `INSERT INTO ${fts} (${fts}, rowid, search_folded) VALUES ('delete', old.n, old.search_folded);`;
      const add = `INSERT INTO ${fts} (rowid, search_folded) VALUES (new.n, new.search_folded);`;
      await sql.raw(`CREATE TRIGGER ${table}_fts_insert AFTER INSERT ON ${table} BEGIN ${add} END`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_fts_delete AFTER DELETE ON ${table} BEGIN ${remove} END`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_fts_update AFTER UPDATE ON ${table} BEGIN ${remove} ${add} END`).execute(db);
    }
  }
}
