import { type Kysely, sql } from 'kysely';

/**
 * The work queue as a query, so that its cost does not grow with the organization: each row of the read model keeps what of its line does
 * not depend on today (inbox/rules.ts), so the database filters, sorts, pages and counts the
 * queue. Rows kept before get their columns from what they hold (inbox_version 0: the sync
 * recomputes them at start, without a partner call). The partial indexes hold every column the
 * queue reads (the database answers from them alone), for the rows that can have a line only
 * (their condition is on indexed columns, which the queue repeats); "data as of" reads an index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rm_projects', 'rm_claims']) {
    await db.schema
      .alterTable(table)
      .addColumn('inbox_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const column of ['inbox_kind', 'inbox_since', 'inbox_line']) await db.schema.alterTable(table).addColumn(column, 'text').execute();
    for (const column of ['inbox_tenant', 'inbox_name'])
      await db.schema
        .alterTable(table)
        .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
        .execute();
  }
  await db.schema.alterTable('rm_claims').addColumn('inbox_months_from', 'text').execute();
  await db.schema
    .createIndex('rm_projects_inbox')
    .on('rm_projects')
    .columns(['inbox_kind', 'inbox_since', 'inbox_name', 'inbox_tenant', 'id'])
    .where(sql.ref('inbox_kind'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('rm_claims_inbox')
    .on('rm_claims')
    .columns(['inbox_kind', 'inbox_since', 'inbox_months_from', 'inbox_name', 'inbox_tenant', 'id'])
    .where(sql<boolean>`inbox_kind IS NOT NULL OR inbox_months_from IS NOT NULL`)
    .execute();
  // the answer's "data as of" (the oldest read, sync/as-of.ts) without a pass over every row
  for (const table of ['rm_projects', 'rm_claims'])
    await db.schema.createIndex(`${table}_by_synced`).on(table).column('synced_at').execute();
}
