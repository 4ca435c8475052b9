import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Generated,
  type MigrationResultSet,
  type PostgresPoolClient,
  type SelectQueryBuilder,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { migrationsFor } from './migrations/index.js';
import { HttpError } from '../http-error.js';

/** The tables of the server's own state, as both dialects answer them (times in ms are numbers). */
export interface Tables {
  sessions: {
    id_hash: string;
    email: string;
    csrf: string;
    created_at: number;
    last_seen: number;
    /** The browser's User-Agent and the client address at sign-in (null: a session of an earlier version). */
    user_agent: string | null;
    address: string | null;
  };
  /** Wrong passwords per e-mail typed, whatever the address (throttle.ts): consecutive, and in the current streak. */
  account_failures: { email: string; failures: number; streak: Generated<number>; last: number; not_before: number };
  idempotency: {
    key: string;
    email: string;
    operation: string;
    fingerprint: string;
    /** null while the first request with this key is in flight (a pending claim on the key); 0: interrupted */
    status: number | null;
    content_type: string | null;
    body: string | null;
    created_at: number;
    /** While pending: until when the claim holds unless its replica renews it (null: a claim of an earlier version). */
    lease_until: number | null;
  };
  partner_events: {
    seq: Generated<number>;
    id: string;
    type: string;
    payload: string;
    received_at: string;
    /** Who made the state the event reports, as worked out when it came (events/causes.ts); null: the partner. */
    caused_by: string | null;
    /** The browser's id of that person's write, when one write made it. */
    caused_write: string | null;
  };
  /** The dashboard's writes while they are at the partner (events/causes.ts). */
  writes_in_flight: { id: string; resource: string; by_email: string; write_id: string | null; until: number };
  declarant: { id: number; legal_info: string; updated_at: string; updated_by: string };
  claim_files: {
    id: string;
    claim_id: string;
    document_type: number;
    file_name: string;
    content_type: string;
    size: number;
    comment: string | null;
    uploaded_at: string;
    uploaded_by_email: string;
    uploaded_by: string;
  };
  users: {
    email: string;
    name: string;
    role: string;
    /** '' while invited (no password matches it). */
    password_hash: string;
    updated_at: number;
    id: string;
    state: Generated<string>;
    last_sign_in_at: number | null;
    lang: Generated<string>;
    /** 1: the monthly round's reminders are sent to this user; 0: not. */
    reminders_enabled: Generated<number>;
  };
  /** Invitation and password-reset links: the SHA-256 of the token, never the token. */
  user_links: { token_hash: string; user_id: string; kind: string; created_at: number; expires_at: number; created_by: string };
  /** A reminder of the monthly round claimed (sent, or being sent) for a user, month (yyyy-MM) and kind ('before', 'day'). */
  round_reminders_sent: { email: string; month: string; kind: string; sent_at: number };
  /** Who looks after a file: kind 'project' | 'claim', entity_id lower-cased, user_id = users.id. */
  assignments: { kind: string; entity_id: string; user_id: string; assigned_by: string; assigned_at: number };
  /** A single sign-on begun and not yet come back: SHA-256 of its state, its nonce and PKCE verifier. */
  sso_logins: { state_hash: string; nonce: string; verifier: string; created_at: number };
  /** What the agency sent at a project's creation (JSON texts), for answers that lack it (agency-copy/). */
  agency_copies: {
    project_id: string;
    profile: string;
    referent: string | null;
    metadata: string | null;
    sent_at: number;
    request_id: string;
  };
  login_failures: { pair: string; failures: number; last: number; not_before: number };
  rate_limits: { key: string; window_start: number; count: number };
  /** A tenant payment's allocation as first seen (JSON), and where it was seen moved since, if ever. */
  payment_allocations: {
    payment_id: string;
    claim_id: string;
    first: string;
    first_seen_on: string;
    moved: string | null;
    moved_on: string | null;
  };
  audit_log: {
    seq: Generated<number>;
    chain: string;
    at: number;
    actor_id: string | null;
    actor_name: string | null;
    actor_role: string | null;
    operation: string;
    project_id: string | null;
    claim_id: string | null;
    details: string;
    result: string;
    status: number;
    request_id: string;
    address: string;
    prev_hash: string;
    hash: string;
    /** An outcome: the seq of the attempt (result 'pending') it closes, recorded before the partner was asked; null otherwise. */
    outcome_of: number | null;
  };
  audit_anchors: { chain: string; first_seq: number; prev_hash: string; cutoff: number; at: number };
  /** The read model (sync/): a project as last read from the partner. */
  rm_projects: ReadModelRow & {
    rent_amount: number | null;
    /** 1 when an intermediary may read it (an active contract, or a claim on it), kept by the database (018). */
    in_scope: Generated<number>;
  };
  /** A claim as last read from the partner (its months in rm_debts). */
  rm_claims: ReadModelRow & {
    project_id: string;
    rent_due_date: string;
    rent_amount: number;
    amount_outstanding: number;
    /** The due date of its oldest undeclared month (the work queue: from that day on, about months). */
    inbox_months_from: string | null;
  };
  rm_debts: {
    claim_id: string;
    rent_due_date: string;
    id: string | null;
    status: number;
    rent_amount: number | null;
    amount_due: number;
    tenant_paid_amount: number;
    guarantor_paid_amount: number;
    receipt_status: number | null;
    data: string;
    /** From which day the month is to declare (declarableFrom: contract/months.ts), null once declared (022). */
    declarable_from: string | null;
  };
  /** The sync's state by name ('initial', 'passes'), JSON. */
  rm_sync: { name: string; state: string; updated_at: number };
  /** The work queue's rows that can have a line, counted per area, kind and day (018, kept by triggers: inbox/reads.ts). */
  rm_inbox_counts: { area: 'claim' | 'project'; kind: string; day: string; n: number };
  /** Who follows which file, why (FOLLOW_REASONS), since when, and when she last opened its page (024). */
  follows: { user_id: string; kind: string; entity_id: string; reason: string; followed_at: number; last_visit_at: number | null };
  /** One notification per person and change (follows/store.ts); params JSON; unique per (user_id, source_key). */
  notifications: {
    id: string;
    user_id: string;
    kind: string;
    file_kind: string;
    file_id: string;
    file_label: string;
    params: string;
    actor_email: string | null;
    actor_name: string | null;
    source_key: string;
    group_key: string | null;
    created_at: number;
    read_at: number | null;
    mailed_at: number | null;
  };
  /** Each person's e-mail choice (EMAIL_CHOICES); none kept: the default. */
  notification_prefs: { user_id: string; email: string; updated_at: number };
  /** The organization's settings by name ('digestHour'). */
  org_settings: { name: string; value: string; updated_at: number };
  /** A daily digest claimed (sent, or being sent) for a person and day (yyyy-MM-dd, the partner's). */
  digests_sent: { user_id: string; day: string; claimed_at: number };
  /** Unsubscribe links used: the SHA-256 of the token. */
  unsubscribe_used: { token_hash: string; used_at: number };
  /** Who syncs (one replica at a time) and until when unless renewed. */
  rm_lease: { name: string; holder: string; until: number };
}

/** What rm_projects and rm_claims share: the columns lists, exports and search read, the partner's answer as JSON. */
export interface ReadModelRow {
  id: string;
  status: number;
  tenant_first_name: string;
  tenant_last_name: string;
  tenant_email: string;
  address: string;
  reference: string | null;
  created_at: string;
  updated_at: string;
  /** The required documents (JSON) when the entity takes documents, else null. */
  required: string | null;
  data: string;
  /** The searched fields, separated by '|' (PostgreSQL folds them with rm_fold). */
  search_text: string;
  /** The same, folded here (SQLite's trigram index). */
  search_folded: string;
  /** What was read, hashed: a pass that reads something else counts a drift. */
  fingerprint: string;
  /** Who made the state kept (the e-mail of the person whose write was in flight when it was read), null: the partner. */
  written_by: string | null;
  /** The browser's id of that write, when one write made it. */
  write_id: string | null;
  synced_at: number;
  /** The work queue's parts that do not depend on today (inbox/rules.ts), under the rules of INBOX_VERSION (0: not worked out yet). */
  inbox_version: number;
  inbox_kind: string | null;
  inbox_since: string | null;
  /** The line's fixed part (JSON), null when the row can have no line. */
  inbox_line: string | null;
  /** The tenant filter's column (first+last and last+first, folded) and the name orders' (last then first, folded). */
  inbox_tenant: string;
  inbox_name: string;
}

export type ServerDb = Kysely<Tables>;
/** A query over a read-model table (rm_claims or rm_projects) as `t`, by the columns they share. */
export type ReadModelQuery<O = object> = SelectQueryBuilder<Tables & { t: ReadModelRow }, 't', O>;
export type Dialect = 'sqlite' | 'postgres';

export interface OpenedDatabase {
  db: ServerDb;
  dialect: Dialect;
  /** PostgreSQL only: where the LISTEN connection of the fan-out comes from. */
  pgConfig: pg.ClientConfig | null;
  /** PostgreSQL only: the pool's clients (open, idle, and requests waiting for one), for the metrics. */
  poolStats: (() => PoolStats) | null;
  close: () => Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

const POSTGRES_URL = /^postgres(ql)?:\/\//;
export const isPostgresUrl = (url: string | null | undefined): url is string => typeof url === 'string' && POSTGRES_URL.test(url);

/**
 * What says the database is out of reach rather than the statement wrong: PostgreSQL's
 * connection exceptions (class 08) and its shutdown codes (57P01 the administrator's, 57P02 a
 * crash, 57P03 not accepting connections yet), a refused or cut socket, and the pg client's own
 * errors for a connection it lost.
 */
function connectionLost(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = 'code' in err ? String(err.code) : '';
  if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code)) return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code)) return true;
  const message = err instanceof Error ? err.message : '';
  return /^Connection terminated|is not queryable|timeout exceeded when trying to connect/.test(message);
}

/** 503 SERVICE_UNAVAILABLE (Retry-After: try again in a moment), the cause in the log only. */
function unreachable(err: unknown): HttpError {
  return new HttpError('SERVICE_UNAVAILABLE', undefined, undefined, { database: err instanceof Error ? err.message : String(err) });
}

/** Prepared statements kept per SQLite connection, by their text (the queries' shapes the server runs, with room to spare). */
const STATEMENTS_KEPT = 500;

/**
 * The SQLite file as Kysely uses it (its public SqliteDatabase interface), telling a full disk
 * apart: SQLITE_FULL answers 503 STORAGE_FULL (nothing was written: SQLite undid the statement,
 * or the whole transaction), not an unexpected 500. SQLite ends the transaction itself then, so
 * the ROLLBACK that follows finds none: that is the rollback done, not a second error hiding the first.
 */
function guardedSqlite(file: Database.Database): SqliteDatabase {
  const full = <T>(run: () => T): T => {
    try {
      return run();
    } catch (err) {
      if (typeof err === 'object' && err !== null && 'code' in err && err.code === 'SQLITE_FULL')
        throw new HttpError('STORAGE_FULL', undefined, undefined, { database: err instanceof Error ? err.message : String(err) });
      throw err;
    }
  };
  // Kysely prepares every query it runs. Each libsql statement holds native memory that is freed
  // only once V8 collects its small JS handle and the event loop turns (a burst of writes grew the
  // process by a statement a query). The same few hundred texts come back again and again, so a
  // statement is prepared once per text and kept (the least recently used leaves beyond STATEMENTS_KEPT).
  const kept = new Map<string, Database.Statement>();
  const statement = (text: string): Database.Statement => {
    let stmt = kept.get(text);
    if (stmt) kept.delete(text);
    else stmt = file.prepare(text);
    kept.set(text, stmt);
    if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value ?? '');
    return stmt;
  };
  return {
    close: () => {
      kept.clear();
      file.close();
    },
    prepare(text) {
      const stmt = statement(text);
      // a stream reads its rows over several turns: a statement of its own, never one another query resets
      const iterate = (p: ReadonlyArray<unknown>) => file.prepare(text).iterate(p);
      if (text === 'rollback')
        return {
          reader: false,
          all: (p) => stmt.all(p),
          iterate,
          run: (p) => {
            try {
              return stmt.run(p);
            } catch (err) {
              if (err instanceof Error && /no transaction is active/.test(err.message)) return { changes: 0, lastInsertRowid: 0 };
              throw err;
            }
          },
        };
      return {
        reader: stmt.reader,
        all: (p) => full(() => stmt.all(p)),
        run: (p) => full(() => stmt.run(p)),
        iterate,
      };
    },
  };
}

/** int8 (counts, ms times) as numbers: every value stored here fits in 2^53. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * The server's own state: SQLite in DATA_DIR (embedded, nothing to install) or PostgreSQL when
 * DATABASE_URL is a postgres:// URL (several replicas share it). The same Kysely queries and
 * migrations serve both.
 */
export function openDatabase(o: { dataDir: string; databaseUrl?: string | null }): OpenedDatabase {
  if (isPostgresUrl(o.databaseUrl)) {
    const pgConfig: pg.ClientConfig = { connectionString: o.databaseUrl, types: pgTypes };
    const pool = new pg.Pool({ ...pgConfig, max: 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
    // an idle client losing its connection (the database restarted) must not crash the process
    pool.on('error', () => undefined);
    const held = new WeakMap<pg.PoolClient, PostgresPoolClient>();
    // no connection to the database: 503 SERVICE_UNAVAILABLE (retry later), not an unexpected 500
    const connect = async (): Promise<PostgresPoolClient> => {
      const client = await pool.connect().catch((err: unknown) => {
        throw unreachable(err);
      });
      let guarded = held.get(client);
      if (!guarded) {
        // The pool listens for a client's errors only while it is idle: a connection cut while the
        // client is checked out (a restart ends every connection, between two statements of a
        // transaction as well) would be an error event nobody hears, which ends the process. The
        // statement in flight fails by itself, and the pool drops the broken client on release.
        client.on('error', () => undefined);
        const c = client;
        // (Kysely calls the (sql, parameters) form only: no cursor is configured, nothing is streamed)
        const query = (text: string, values: readonly unknown[]) =>
          c.query(text, [...values]).catch((err: unknown) => {
            throw connectionLost(err) ? unreachable(err) : err;
          });
        guarded = {
          query: query as unknown as PostgresPoolClient['query'],
          release: () => c.release(),
        };
        held.set(client, guarded);
      }
      return guarded;
    };
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: { connect, end: () => pool.end() } }) });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, dialect: 'postgres', pgConfig, poolStats, close: () => db.destroy() };
  }
  mkdirSync(o.dataDir, { recursive: true });
  const file = new Database(join(o.dataDir, 'server.sqlite'));
  file.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: guardedSqlite(file) }) });
  // one file, one connection: no pool to report
  return { db, dialect: 'sqlite', pgConfig: null, poolStats: null, close: () => db.destroy() };
}

/** Applies the migrations not yet applied (in order); throws with the failing one named. */
export async function migrate(db: ServerDb, dialect: Dialect): Promise<MigrationResultSet> {
  // the migrator's own tables are not part of Tables
  const migrator = new Migrator({ db: db as Kysely<unknown>, provider: { getMigrations: async () => migrationsFor(dialect) } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'a migration';
    throw new Error(`Database migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}

/** The database's size in bytes: SQLite's pages, PostgreSQL's pg_database_size (the metrics). */
export async function databaseSize(db: ServerDb, dialect: Dialect): Promise<number> {
  if (dialect === 'postgres') {
    const r = await sql<{ size: string | number }>`SELECT pg_database_size(current_database()) AS size`.execute(db);
    return Number(r.rows[0]?.size ?? 0);
  }
  const r = await sql<{ size: number }>`SELECT page_count * page_size AS size FROM pragma_page_count(), pragma_page_size()`.execute(db);
  return Number(r.rows[0]?.size ?? 0);
}

/** Throws when the database does not answer (the readiness probe). */
export async function ping(db: ServerDb): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
