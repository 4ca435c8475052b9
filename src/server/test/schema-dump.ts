import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/db.js';

/**
 * The schema of a database as text, one object a line in a stable order: what two databases must
 * share to be the same to the server (tables, columns, keys, indexes, triggers, functions, and the
 * migrations recorded). SQLite: the statements it keeps; PostgreSQL: the catalogue's definitions.
 */
export async function schemaDump(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  const migrations = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  const recorded = migrations.rows.map((r) => `migration ${r.name}`);
  if (dialect === 'sqlite') {
    const r = await sql<{ type: string; name: string; sql: string | null }>`SELECT type, name, sql FROM sqlite_master
      WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`.execute(db);
    return [...r.rows.map((o) => `${o.type} ${o.name}: ${o.sql ?? ''}`), ...recorded];
  }
  const columns = await sql<{ line: string }>`SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type
      || CASE WHEN is_nullable = 'NO' THEN ' not null' ELSE '' END || coalesce(' default ' || column_default, '') AS line
    FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`.execute(db);
  const constraints = await sql<{
    line: string;
  }>`SELECT 'constraint ' || c.conrelid::regclass || '.' || c.conname || ' ' || pg_get_constraintdef(c.oid) AS line
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' ORDER BY 1`.execute(db);
  const indexes = await sql<{ line: string }>`SELECT 'index ' || indexname || ' ' || indexdef AS line
    FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`.execute(db);
  const triggers = await sql<{ line: string }>`SELECT 'trigger ' || t.tgname || ' ' || pg_get_triggerdef(t.oid) AS line
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND NOT t.tgisinternal ORDER BY t.tgname`.execute(db);
  // our own functions only, not those an extension (pg_trgm, unaccent) brought
  const functions = await sql<{ line: string }>`SELECT 'function ' || p.proname || ' ' || pg_get_functiondef(p.oid) AS line
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
    ORDER BY p.proname`.execute(db);
  const extensions = await sql<{ line: string }>`SELECT 'extension ' || extname AS line FROM pg_extension ORDER BY extname`.execute(db);
  return [columns, constraints, indexes, triggers, functions, extensions].flatMap((r) => r.rows.map((o) => o.line)).concat(recorded);
}
