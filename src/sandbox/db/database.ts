import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { MIGRATIONS } from './schema.js';

export type Db = InstanceType<typeof Database>;
export type SqlValue = string | number | bigint | null | Buffer;

/** Opens (creating if needed) the sandbox database under `dataDir` and applies pending migrations. */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'sandbox.sqlite'));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const row = db.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined;
  const current = row?.version ?? 0;
  for (let v = current; v < MIGRATIONS.length; v++) {
    tx(db, () => {
      db.exec(MIGRATIONS[v] ?? '');
      db.prepare('DELETE FROM schema_version').run();
      db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(v + 1);
    });
  }
  return db;
}

type Statement = Database.Statement<SqlValue[]>;
const statements = new WeakMap<Db, Map<string, Statement>>();

/**
 * One prepared statement per SQL text and database, reused: a statement holds native memory the
 * garbage collector does not see, so preparing one per call (hundreds of thousands while seeding
 * 20,000 projects) grew the process to gigabytes.
 */
function prepared(db: Db, sql: string): Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let st = cache.get(sql);
  if (!st) cache.set(sql, (st = db.prepare<SqlValue[]>(sql)));
  return st;
}

/** Typed helpers: rows come from our own schema, so a cast at this single boundary is honest. */
export function one<T>(db: Db, sql: string, ...params: SqlValue[]): T | undefined {
  return prepared(db, sql).get(...params) as T | undefined;
}
export function all<T>(db: Db, sql: string, ...params: SqlValue[]): T[] {
  return prepared(db, sql).all(...params) as T[];
}
export function run(db: Db, sql: string, ...params: SqlValue[]): number {
  const r = prepared(db, sql).run(...params) as { changes: number };
  return r.changes;
}
/**
 * An INSERT of one row into `table`, its SQL written once from the columns named here (its
 * prepared statement is reused like every other): `inserter('claims', ['id', ...])(db, row)`.
 */
export function inserter<Row extends object>(table: string, columns: readonly (keyof Row & string)[]) {
  const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
  return (db: Db, row: Row): void => void run(db, sql, ...columns.map((c) => row[c] as SqlValue));
}

/** A WHERE clause of an organization's rows: `status IN (...)` when statuses are given, and further conditions. */
export function orgWhere(
  orgId: string,
  statuses: readonly number[] | undefined,
  more: readonly [condition: string, param: SqlValue][] = [],
): { clause: string; params: SqlValue[] } {
  const parts = ['org_id = ?'];
  const params: SqlValue[] = [orgId];
  if (statuses?.length) {
    parts.push(`status IN (${statuses.map(() => '?').join(',')})`);
    params.push(...statuses);
  }
  for (const [condition, param] of more) {
    parts.push(condition);
    params.push(param);
  }
  return { clause: parts.join(' AND '), params };
}

const depth = new WeakMap<Db, number>();
let savepointSeq = 0;

/**
 * Runs `fn` in a transaction; nested calls become savepoints (libsql's own transaction() does not
 * nest), so a domain function can be used alone or inside a larger write, all or nothing.
 */
export function tx<T>(db: Db, fn: () => T): T {
  const level = depth.get(db) ?? 0;
  const savepoint = level > 0 ? `sp_${++savepointSeq}` : null;
  db.exec(savepoint ? `SAVEPOINT ${savepoint}` : 'BEGIN IMMEDIATE');
  depth.set(db, level + 1);
  try {
    const result = fn();
    db.exec(savepoint ? `RELEASE ${savepoint}` : 'COMMIT');
    return result;
  } catch (err) {
    db.exec(savepoint ? `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}` : 'ROLLBACK');
    throw err;
  } finally {
    depth.set(db, level);
  }
}
