import { type Kysely, sql } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * The lists' and exports' orders read from an index in order, so that a page costs the same at
 * 2,000 and at 20,000 projects: a page reads its rows and stops, instead of sorting every row the filters keep. Each
 * index holds the whole order, tie-breaker (id) included, in the order's directions: claims share
 * a few creation times and many share an outstanding amount, so an index on the first key alone
 * would still sort every tie.
 */
export async function up(db: Kysely<unknown>, { pgsql }: StepDialect): Promise<void> {
  const orders: [string, string, string[]][] = [
    // newest first (the lists' default, the exports' keyset) and oldest first
    ['rm_claims_by_opened', 'rm_claims', ['created_at desc', 'id']],
    ['rm_claims_by_opened_asc', 'rm_claims', ['created_at', 'id']],
    ['rm_claims_by_outstanding', 'rm_claims', ['amount_outstanding desc', 'id']],
    ['rm_claims_by_outstanding_asc', 'rm_claims', ['amount_outstanding', 'id']],
    ['rm_projects_by_opened', 'rm_projects', ['created_at desc', 'id']],
  ];
  for (const [name, table, columns] of orders) await db.schema.createIndex(name).on(table).columns(columns).execute();
  // The work queue's groups in their order (inbox/reads.ts: a page reads the groups it shows,
  // each from its index range in order). PostgreSQL sorts names bytewise (COLLATE "C", as
  // the queue's order does), SQLite's default is bytewise.
  const name = pgsql ? sql`inbox_name COLLATE "C"` : sql`inbox_name`;
  await sql`CREATE INDEX rm_claims_inbox_months ON rm_claims (inbox_months_from, ${name}, id) WHERE inbox_months_from IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX rm_claims_inbox_kinds ON rm_claims (inbox_kind, inbox_since, ${name}, id, inbox_months_from)
          WHERE inbox_kind IS NOT NULL`.execute(db);
  await sql`CREATE INDEX rm_projects_inbox_kinds ON rm_projects (inbox_kind, inbox_since, ${name}, id) WHERE inbox_kind IS NOT NULL`.execute(
    db,
  );
  // most recent first: the days backwards, a day's lines by name (a day holds hundreds at 20k)
  await sql`CREATE INDEX rm_claims_inbox_months_recent ON rm_claims (inbox_months_from DESC, ${name}, id)
          WHERE inbox_months_from IS NOT NULL`.execute(db);
  await sql`CREATE INDEX rm_claims_inbox_kinds_recent ON rm_claims (inbox_kind, inbox_since DESC, ${name}, id, inbox_months_from)
          WHERE inbox_kind IS NOT NULL`.execute(db);
  await sql`CREATE INDEX rm_projects_inbox_kinds_recent ON rm_projects (inbox_kind, inbox_since DESC, ${name}, id)
          WHERE inbox_kind IS NOT NULL`.execute(db);
  await inboxCounts(db, pgsql);
  await intermediaryScope(db, pgsql);
}

/**
 * The work queue's counts, kept by the database in the same transaction as the rows (018): the
 * rows that can have a line, per area, kind and the day their kind depends on (a claim's oldest
 * undeclared month's due date, a waiting project's since: whether they count today is read against
 * today), so counting reads a few rows per day, not every line. Kept by triggers on every insert,
 * delete and change of those columns, whoever writes (the sync, the rules' recompute, a test).
 */
async function inboxCounts(db: Kysely<unknown>, pgsql: boolean): Promise<void> {
  await db.schema
    .createTable('rm_inbox_counts')
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rm_inbox_counts_pk', ['area', 'kind', 'day'])
    .execute();
  // what a row counts under (r: NEW or OLD), and when it counts at all (017's partial indexes)
  const tables = [
    {
      table: 'rm_claims',
      columns: 'inbox_kind, inbox_months_from',
      counts: (r: string) => `(${r}.inbox_kind IS NOT NULL OR ${r}.inbox_months_from IS NOT NULL)`,
      key: (r: string) => [`'claim'`, `coalesce(${r}.inbox_kind, '')`, `coalesce(${r}.inbox_months_from, '')`],
    },
    {
      table: 'rm_projects',
      columns: 'inbox_kind, inbox_since',
      counts: (r: string) => `${r}.inbox_kind IS NOT NULL`,
      key: (r: string) => [
        `'project'`,
        `${r}.inbox_kind`,
        `CASE WHEN ${r}.inbox_kind = 'project.waiting' THEN coalesce(${r}.inbox_since, '') ELSE '' END`,
      ],
    },
  ];
  for (const t of tables) {
    const [area, kind, day] = t.key('r');
    await sql
      .raw(
        `INSERT INTO rm_inbox_counts (area, kind, day, n) SELECT ${area}, ${kind}, ${day}, count(*) FROM ${t.table} r WHERE ${t.counts('r')} GROUP BY ${kind}, ${day}`,
      )
      .execute(db);
    const add = (r: string) => {
      const [a, k, d] = t.key(r);
      return `INSERT INTO rm_inbox_counts (area, kind, day, n) SELECT ${a}, ${k}, ${d}, 1 WHERE ${t.counts(r)}
        ON CONFLICT (area, kind, day) DO UPDATE SET n = rm_inbox_counts.n + 1;`;
    };
    const remove = (r: string) => {
      const [a, k, d] = t.key(r);
      return `UPDATE rm_inbox_counts SET n = n - 1 WHERE ${t.counts(r)} AND area = ${a} AND kind = ${k} AND day = ${d};`;
    };
    // an update counts again only when what it counts under changed
    const changed = t.columns
      .split(', ')
      .map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`)
      .join(' OR ');
    const of = `${t.table}_inbox_count`;
    if (pgsql) {
      await sql
        .raw(
          `CREATE FUNCTION ${of}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
            IF TG_OP <> 'INSERT' THEN ${remove('OLD')} END IF;
            IF TG_OP <> 'DELETE' THEN ${add('NEW')} END IF;
            RETURN NULL;
          END $$`,
        )
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${of}_insert_delete AFTER INSERT OR DELETE ON ${t.table} FOR EACH ROW EXECUTE FUNCTION ${of}()`)
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${of}_update AFTER UPDATE OF ${t.columns} ON ${t.table} FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION ${of}()`,
        )
        .execute(db);
    } else {
      const sqliteChanged = changed.replaceAll('IS DISTINCT FROM', 'IS NOT');
      await sql.raw(`CREATE TRIGGER ${of}_insert AFTER INSERT ON ${t.table} BEGIN ${add('NEW')} END`).execute(db);
      await sql.raw(`CREATE TRIGGER ${of}_delete AFTER DELETE ON ${t.table} BEGIN ${remove('OLD')} END`).execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${of}_update AFTER UPDATE OF ${t.columns} ON ${t.table} WHEN ${sqliteChanged} BEGIN ${remove('OLD')} ${add('NEW')} END`,
        )
        .execute(db);
    }
  }
}

/**
 * The intermediary's scope (routes/intermediary-scope.ts: an active contract, or a claim on the
 * project) kept on each project by the database (018), in the same transaction as the rows: a
 * project's write works it out, a claim's arrival, departure or move sets it on its projects. Its
 * partial index holds the scope in the list's order, so a page reads its own rows only.
 */
async function intermediaryScope(db: Kysely<unknown>, pgsql: boolean): Promise<void> {
  await db.schema
    .alterTable('rm_projects')
    .addColumn('in_scope', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // the scope of the project with this id worked out again, written only when it changes (an
  // unchanged row is not rewritten: SQLite's search index follows every update of a project)
  // 7: ProjectStatus.Active (a migration keeps its own values: the rule is the contract's
  // inIntermediaryScope, and lists/scope.test.ts checks these triggers agree with it on every status)
  // (SQLite's triggers take no alias in an UPDATE: the table's own name there)
  const p = pgsql ? 'p' : 'rm_projects';
  const scope = `CASE WHEN ${p}.status = 7 OR EXISTS (SELECT 1 FROM rm_claims c WHERE c.project_id = ${p}.id) THEN 1 ELSE 0 END`;
  const again = (which: string) =>
    `UPDATE rm_projects${pgsql ? ' AS p' : ''} SET in_scope = ${scope} WHERE ${which.replaceAll('p.id', `${p}.id`)} AND ${p}.in_scope <> ${scope};`;
  await sql.raw(again('true')).execute(db);
  if (!pgsql)
    // SQLite's search index (008) followed every update of a row; it holds search_folded alone, so
    // it follows that column's only (a touch of synced_at, the scope written by the trigger below
    // before the search index has the new row, are none of its business)
    for (const table of ['rm_projects', 'rm_claims']) {
      const fts = `${table}_fts`;
      const remove = `INSERT INTO ${fts} (${fts}, rowid, search_folded) VALUES ('delete', old.n, old.search_folded);`;
      const add = `INSERT INTO ${fts} (rowid, search_folded) VALUES (new.n, new.search_folded);`;
      await sql.raw(`DROP TRIGGER ${table}_fts_update`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_fts_update AFTER UPDATE OF search_folded ON ${table} BEGIN ${remove} ${add} END`).execute(db);
    }
  await sql.raw(`CREATE INDEX rm_projects_scope ON rm_projects (created_at DESC, id) WHERE in_scope = 1`).execute(db);
  if (pgsql) {
    // a project's own write: its row as it is written (no second version of it)
    await sql
      .raw(
        `CREATE FUNCTION rm_projects_scope() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
          NEW.in_scope := CASE WHEN NEW.status = 7 OR EXISTS (SELECT 1 FROM rm_claims c WHERE c.project_id = NEW.id) THEN 1 ELSE 0 END;
          RETURN NEW;
        END $$`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER rm_projects_scope_insert BEFORE INSERT ON rm_projects FOR EACH ROW EXECUTE FUNCTION rm_projects_scope()`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rm_projects_scope_update BEFORE UPDATE OF status ON rm_projects FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION rm_projects_scope()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE FUNCTION rm_claims_scope() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
          ${again(`((TG_OP <> 'INSERT' AND p.id = OLD.project_id) OR (TG_OP <> 'DELETE' AND p.id = NEW.project_id))`)}
          RETURN NULL;
        END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rm_claims_scope_insert_delete AFTER INSERT OR DELETE ON rm_claims FOR EACH ROW EXECUTE FUNCTION rm_claims_scope()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rm_claims_scope_update AFTER UPDATE OF project_id ON rm_claims FOR EACH ROW WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id) EXECUTE FUNCTION rm_claims_scope()`,
      )
      .execute(db);
  } else {
    await sql.raw(`CREATE TRIGGER rm_projects_scope_insert AFTER INSERT ON rm_projects BEGIN ${again('p.id = NEW.id')} END`).execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rm_projects_scope_update AFTER UPDATE OF status ON rm_projects WHEN OLD.status IS NOT NEW.status BEGIN ${again('p.id = NEW.id')} END`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER rm_claims_scope_insert AFTER INSERT ON rm_claims BEGIN ${again('p.id = NEW.project_id')} END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER rm_claims_scope_delete AFTER DELETE ON rm_claims BEGIN ${again('p.id = OLD.project_id')} END`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rm_claims_scope_update AFTER UPDATE OF project_id ON rm_claims WHEN OLD.project_id IS NOT NEW.project_id BEGIN ${again('p.id = OLD.project_id')} ${again('p.id = NEW.project_id')} END`,
      )
      .execute(db);
  }
}
