import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import Database from 'libsql';
import { Kysely, SqliteDialect } from 'kysely';
import { AuditStore } from '../audit/store.js';
import { ConfigError, loadConfig } from '../config.js';
import { migrate, type Tables } from '../db/db.js';
import { migrationsFor } from '../db/migrations/index.js';

/** What marks a file as a backup of this product (a table of its own in the copy, one row). */
export const BACKUP_TABLE = 'dashboard_backup';
export const BACKUP_PRODUCT = 'partner-dashboard';
const BACKUP_FORMAT = 1;

/**
 * The read model: the partner's projects, claims and months as last read, with the sync's state
 * and lease. Not the dashboard's own data: a backup leaves it out, and a server started on a
 * restored database reads it again from the partner (its initial sync), as of the restore.
 */
const READ_MODEL = ['rm_debts', 'rm_claims', 'rm_projects', 'rm_inbox_counts', 'rm_sync', 'rm_lease'] as const;

type Out = (line: string) => void;

interface Where {
  dataDir: string;
  /** The server's own file in DATA_DIR. */
  file: string;
  /** The random session secret the server keeps in DATA_DIR when SESSION_SECRET is not set. */
  secretFile: string;
  /** SESSION_SECRET is set in the environment (then DATA_DIR has no secret of ours to keep). */
  secretInEnv: boolean;
}

/** DATA_DIR as the server reads it (the same validation), or why not; PostgreSQL is pg_dump's. */
function where(env: NodeJS.ProcessEnv, out: Out, command: 'backup' | 'restore'): Where | null {
  try {
    const config = loadConfig({ DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL, SESSION_SECRET: 'x'.repeat(32) });
    if (config.databaseUrl) {
      out(
        `DATABASE_URL is a PostgreSQL database: ${command === 'backup' ? 'back it up with pg_dump' : 'restore it with pg_restore'} (docs/operations.md, "Backup and restore"). npm run ${command} is for the embedded SQLite database in DATA_DIR.`,
      );
      return null;
    }
    return {
      dataDir: config.dataDir,
      file: join(config.dataDir, 'server.sqlite'),
      secretFile: join(config.dataDir, 'session-secret'),
      secretInEnv: Boolean(env.SESSION_SECRET),
    };
  } catch (err) {
    out(err instanceof ConfigError ? err.message : String(err));
    return null;
  }
}

const count = (db: Database.Database, table: string) => Number((db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n);
const sqliteCode = (err: unknown) => (typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '');

/** The migration steps a database has recorded (Kysely's migrator table); null when it has none. */
function stepsOf(db: Database.Database): string[] | null {
  try {
    return (db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]).map((r) => r.name);
  } catch {
    return null;
  }
}

/**
 * `npm run backup -- FILE`: a consistent copy of the dashboard's SQLite database (DATA_DIR, as the
 * server's), made while the server runs: `VACUUM INTO` reads one snapshot (the server's writes go
 * on meanwhile) and writes it to a new file. The copy is marked as this product's backup,
 * with the session secret kept in DATA_DIR (sessions survive a restore), and without the read
 * model (the partner's data, read again after a restore). Written beside FILE and renamed to it
 * once complete: FILE is never half a backup, and an existing FILE is never replaced.
 * Exit code 0 written, 1 could not, 2 wrong use.
 */
export async function backup(env: NodeJS.ProcessEnv, args: readonly string[], out: Out): Promise<number> {
  const target = args[0];
  if (!target || args.length > 1) {
    out('Usage: npm run backup -- FILE (a new file: the copy of the dashboard database in DATA_DIR).');
    return 2;
  }
  const at = where(env, out, 'backup');
  if (!at) return 2;
  if (!existsSync(at.file)) {
    out(`There is no dashboard database in ${at.dataDir} (server.sqlite): give the server's DATA_DIR.`);
    return 2;
  }
  if (existsSync(target)) {
    out(`${target} already exists: give the backup a new file name (a backup never replaces a file).`);
    return 2;
  }
  const partial = `${target}.partial-${process.pid}`;
  try {
    // (libsql opens every file for writing; this connection only reads: VACUUM INTO writes the copy)
    const live = new Database(at.file);
    try {
      live.exec('PRAGMA busy_timeout = 5000');
      if (stepsOf(live) === null) {
        out(`${at.file} is not a dashboard database (it has no migrations): nothing written.`);
        return 2;
      }
      live.prepare('VACUUM INTO ?').run(partial);
    } finally {
      live.close();
    }
    const copy = new Database(partial);
    let summary: string;
    try {
      const steps = stepsOf(copy) ?? [];
      copy.exec('BEGIN');
      for (const table of READ_MODEL) copy.exec(`DELETE FROM ${table}`);
      copy.exec(
        `CREATE TABLE ${BACKUP_TABLE} (product TEXT NOT NULL, format INTEGER NOT NULL, made_at TEXT NOT NULL, last_migration TEXT NOT NULL, session_secret TEXT)`,
      );
      const secret = !at.secretInEnv && existsSync(at.secretFile) ? readFileSync(at.secretFile, 'utf8').trim() : null;
      copy
        .prepare(`INSERT INTO ${BACKUP_TABLE} VALUES (?, ?, ?, ?, ?)`)
        .run([BACKUP_PRODUCT, BACKUP_FORMAT, new Date().toISOString(), steps.at(-1) ?? '', secret]);
      copy.exec('COMMIT');
      // the read model's pages given back
      copy.exec('VACUUM');
      summary =
        `${count(copy, 'users')} users, ${count(copy, 'audit_log')} audit records, ${count(copy, 'assignments')} assignments, ` +
        `${count(copy, 'sessions')} sessions, ${count(copy, 'idempotency')} idempotency records (schema ${steps.at(-1) ?? 'none'}); ` +
        (secret
          ? 'the session secret of DATA_DIR (sessions survive a restore; keep this file as safe as DATA_DIR).'
          : at.secretInEnv
            ? 'not the session secret (SESSION_SECRET is set in the environment: restore with the same one for sessions to survive).'
            : 'no session secret (DATA_DIR has none).');
    } finally {
      copy.close();
    }
    renameSync(partial, target);
    out(`Backup written to ${target} (${Math.ceil(statSync(target).size / 1024)} KB): the dashboard's database, ${summary}`);
    out(
      'Not in it: the read model (the partner’s data, read again from the partner after a restore) and the sandbox’s database (it stands for the partner).',
    );
    return 0;
  } catch (err) {
    rmSync(partial, { force: true });
    out(`Could not write the backup: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

interface BackupInfo {
  product: string;
  format: number;
  made_at: string;
  last_migration: string;
  session_secret: string | null;
}

/** The backup's own row, when FILE is a backup of this product that this code can take; else why not. */
function readBackup(file: string): { info: BackupInfo } | { refused: string } {
  const notOurs = `${file} is not a backup of the partner dashboard (make one with npm run backup)`;
  let db: Database.Database;
  try {
    db = new Database(file);
    db.exec('PRAGMA query_only = 1');
  } catch {
    return { refused: `${notOurs}.` };
  }
  try {
    let info: BackupInfo | undefined;
    try {
      info = db.prepare(`SELECT product, format, made_at, last_migration, session_secret FROM ${BACKUP_TABLE}`).get() as
        BackupInfo | undefined;
    } catch (err) {
      return { refused: `${notOurs}${sqliteCode(err) === 'SQLITE_NOTADB' ? ': it is not an SQLite database' : ''}.` };
    }
    if (info?.product !== BACKUP_PRODUCT) return { refused: `${notOurs}.` };
    if (info.format > BACKUP_FORMAT)
      return { refused: `${file} was made by a newer version of the dashboard: restore it with that version.` };
    const known = new Set(Object.keys(migrationsFor('sqlite')));
    const newer = (stepsOf(db) ?? []).filter((step) => !known.has(step));
    if (newer.length)
      return {
        refused: `${file} was made by a newer version of the dashboard: its schema has ${newer.join(', ')}, which this version does not know (it knows up to ${[...known].at(-1) ?? ''}). Restore it with that version or a later one.`,
      };
    const check = (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (check.join() !== 'ok') return { refused: `${file} is damaged (${check.slice(0, 3).join('; ')}): it cannot be restored.` };
    return { info };
  } finally {
    db.close();
  }
}

/**
 * Whether the server runs on the file: it keeps its database open in WAL mode as long as it
 * runs, and SQLite lets no one leave WAL mode while another process has the file open (the lock
 * goes with the process, a killed server included). Leaving it also folds the WAL of a server
 * that was killed into the file, which is then kept whole beside the restored one.
 */
function inUse(file: string): boolean {
  const db = new Database(file);
  try {
    db.exec('PRAGMA busy_timeout = 0');
    db.prepare('PRAGMA journal_mode = DELETE').get();
    return false;
  } catch (err) {
    if (sqliteCode(err) === 'SQLITE_BUSY') return true;
    throw err;
  } finally {
    db.close();
  }
}

/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` back as the dashboard's
 * database in DATA_DIR, the server stopped. Refuses a file that is not such a backup, one made by
 * a newer version (its migrations unknown here), a damaged one, and a server that runs on
 * DATA_DIR. The database it replaces is kept beside it (server.sqlite.before-restore-<time>), the
 * backup's schema is brought up to this version's, the restore is recorded in the audit trail,
 * and the trail's chain is checked. The session secret comes back with it unless SESSION_SECRET
 * is set. The read model is empty: the server reads it from the partner when it starts.
 * Exit code 0 restored, 1 refused or failed, 2 wrong use.
 */
export async function restore(env: NodeJS.ProcessEnv, args: readonly string[], out: Out): Promise<number> {
  const file = args[0];
  if (!file || args.length > 1) {
    out('Usage: npm run restore -- FILE (a backup made by npm run backup), with the server stopped.');
    return 2;
  }
  const at = where(env, out, 'restore');
  if (!at) return 2;
  if (!existsSync(file)) {
    out(`There is no file ${file}.`);
    return 2;
  }
  const read = readBackup(file);
  if ('refused' in read) {
    out(`${read.refused} Nothing was changed.`);
    return 1;
  }
  const { info } = read;
  mkdirSync(at.dataDir, { recursive: true });
  if (existsSync(at.file) && inUse(at.file)) {
    out(`The dashboard server is running on ${at.dataDir} (it holds server.sqlite open): stop it, then restore. Nothing was changed.`);
    return 1;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const incoming = `${at.file}.restoring-${process.pid}`;
  let verified: string;
  try {
    copyFileSync(file, incoming);
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: new Database(incoming) }) });
    try {
      await db.schema.dropTable(BACKUP_TABLE).execute();
      await migrate(db, 'sqlite');
      const audit = new AuditStore(db, 'sqlite');
      await audit.append({
        actorId: null,
        actorName: null,
        actorRole: null,
        operation: 'restoreBackup',
        projectId: null,
        claimId: null,
        details: { backupMadeAt: info.made_at, fileName: basename(file) },
        result: 'success',
        status: 0,
        requestId: `restore-${stamp}`,
        address: 'npm run restore',
      });
      const chain = await audit.verify();
      verified = chain.intact
        ? `the audit trail's chain holds (${chain.checked} records)`
        : `the audit trail's chain BREAKS at record ${chain.breakAt?.seq ?? '?'} (npm run audit:verify says why)`;
    } finally {
      await db.destroy();
    }
  } catch (err) {
    rmSync(incoming, { force: true });
    out(`Could not restore: ${err instanceof Error ? err.message : String(err)}. Nothing was changed.`);
    return 1;
  }
  const kept: string[] = [];
  if (existsSync(at.file)) {
    renameSync(at.file, `${at.file}.before-restore-${stamp}`);
    kept.push(basename(`${at.file}.before-restore-${stamp}`));
  }
  // what SQLite kept beside the replaced file belongs to it, not to the restored one
  for (const extra of ['-wal', '-shm', '-journal']) rmSync(`${at.file}${extra}`, { force: true });
  renameSync(incoming, at.file);
  let secret: string;
  if (!info.session_secret) secret = 'The backup holds no session secret: everyone signs in again.';
  else if (at.secretInEnv)
    secret = 'SESSION_SECRET is set in the environment: sessions survive if it is the one the server had when the backup was made.';
  else {
    if (existsSync(at.secretFile)) {
      renameSync(at.secretFile, `${at.secretFile}.before-restore-${stamp}`);
      kept.push(basename(`${at.secretFile}.before-restore-${stamp}`));
    }
    writeFileSync(at.secretFile, info.session_secret, { mode: 0o600 });
    secret = 'The session secret is restored: sessions open when the backup was made are valid until their idle limit.';
  }
  out(`Restored the backup made ${info.made_at} into ${at.dataDir}; ${verified}. ${secret}`);
  out(
    `${kept.length ? `The replaced files are kept in DATA_DIR: ${kept.join(', ')}. ` : ''}` +
      'Start the server: it reads the partner’s projects and claims again (its initial sync); what was done after the backup is not in the dashboard any more.',
  );
  return 0;
}
