import { type Kysely, sql } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * The lists' search by part of a tenant's name and their order by tenant, read from indexes, so
 * that a page costs about the same at 200,000 projects as at 2,000: the search scanned every row's
 * folded fields (LIKE '%…%') and counted them, the order by name sorted every row, per page
 * (above a second at 200,000 projects). The search's index: PostgreSQL a trigram index on the
 * folded fields (pg_trgm, created by 008_read_model), SQLite the trigram FTS5 table 008 already
 * keeps on them (read by the lists' query, lists/read-model-lists.ts). The order's: the list's
 * sort expression, tie-breaker included (a page in the other direction reads it backwards).
 */
export async function up(db: Kysely<unknown>, { pgsql }: StepDialect): Promise<void> {
  for (const table of ['rm_projects', 'rm_claims']) {
    const t = sql.table(table);
    await sql`CREATE INDEX ${sql.raw(`${table}_by_tenant`)} ON ${t} (lower(tenant_last_name), lower(tenant_first_name), id)`.execute(db);
    if (pgsql) await sql`CREATE INDEX ${sql.raw(`${table}_search_folded`)} ON ${t} USING gin (search_folded gin_trgm_ops)`.execute(db);
  }
}
