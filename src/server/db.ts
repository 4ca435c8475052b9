import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';

export type ServerDb = InstanceType<typeof Database>;

/** The server's own state: sessions, idempotent answers, received webhook events. */
export function openServerDb(dataDir: string): ServerDb {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'server.sqlite'));
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS sessions (
      id_hash TEXT PRIMARY KEY, email TEXT NOT NULL, csrf TEXT NOT NULL, created_at INTEGER NOT NULL, last_seen INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS idempotency (
      key TEXT NOT NULL, email TEXT NOT NULL, operation TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER NOT NULL,
      content_type TEXT, body TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (key, email));
    CREATE TABLE IF NOT EXISTS partner_events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, type TEXT NOT NULL,
      payload TEXT NOT NULL, received_at TEXT NOT NULL);`);
  return db;
}

export function row<T>(db: ServerDb, sql: string, ...params: (string | number | null)[]): T | undefined {
  return db.prepare(sql).get(...params) as T | undefined;
}
export function rows<T>(db: ServerDb, sql: string, ...params: (string | number | null)[]): T[] {
  return db.prepare(sql).all(...params) as T[];
}
export function exec(db: ServerDb, sql: string, ...params: (string | number | null)[]): number {
  return (db.prepare(sql).run(...params) as { changes: number }).changes;
}
