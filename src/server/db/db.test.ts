import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { Migrator, sql, type Kysely } from 'kysely';
import { databaseRateLimitStore, purgeRateLimits } from '../auth/rate-limit-store.js';
import { SessionStore } from '../auth/sessions.js';
import { FORGET_AFTER_MS, SignInThrottle } from '../auth/throttle.js';
import { migrationsFor } from './migrations/index.js';
import { migrate, openDatabase, type OpenedDatabase } from './db.js';
import { EventHub } from '../events/hub.js';
import { localBus, type Bus, type BusListener, type BusMessage } from './bus.js';
import { HttpError } from '../http-error.js';
import { DeclarantStore } from '../settings/declarant-store.js';
import { IdempotencyStore, fingerprint } from '../upstream/idempotency.js';
import { TEST_DIALECT, freshDatabase, type TestDatabase } from '../test/harness.js';

const opened: { database: OpenedDatabase; test: TestDatabase }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.database.close();
    await o.test.drop();
  }
});

/** An empty database of this run's dialect (SQLite file in a fresh DATA_DIR, or a fresh PostgreSQL database). */
async function empty(dataDir = mkdtempSync(join(tmpdir(), 'db-test-'))): Promise<OpenedDatabase> {
  const test = await freshDatabase();
  const database = openDatabase({ dataDir, databaseUrl: test.url });
  opened.push({ database, test });
  return database;
}

const silent = { warn: () => undefined };

/** The schema as the server created it before migrations existed (SQLite only: server.sqlite of earlier versions). */
function legacySqlite(dataDir: string): void {
  const db = new Database(join(dataDir, 'server.sqlite'));
  db.exec(`CREATE TABLE sessions (
      id_hash TEXT PRIMARY KEY, email TEXT NOT NULL, csrf TEXT NOT NULL, created_at INTEGER NOT NULL, last_seen INTEGER NOT NULL);
    CREATE TABLE idempotency (
      key TEXT NOT NULL, email TEXT NOT NULL, operation TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER NOT NULL,
      content_type TEXT, body TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (key, email));
    CREATE TABLE partner_events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, type TEXT NOT NULL, payload TEXT NOT NULL, received_at TEXT NOT NULL);
    CREATE TABLE declarant (
      id INTEGER PRIMARY KEY CHECK (id = 1), legal_info TEXT NOT NULL, updated_at TEXT NOT NULL, updated_by TEXT NOT NULL);
    CREATE TABLE claim_files (
      id TEXT PRIMARY KEY, claim_id TEXT NOT NULL, document_type INTEGER NOT NULL, file_name TEXT NOT NULL,
      content_type TEXT NOT NULL, size INTEGER NOT NULL, comment TEXT, uploaded_at TEXT NOT NULL,
      uploaded_by_email TEXT NOT NULL, uploaded_by TEXT NOT NULL);
    CREATE INDEX claim_files_by_claim ON claim_files (claim_id, uploaded_at);`);
  db.close();
}

/** Every migration, in the order they apply (a new one is added here once). */
const MIGRATIONS = [
  '001_baseline',
  '002_shared_state',
  '003_rate_limits',
  '004_idempotency_lease',
  '005_payment_allocations',
  '007_team_audit',
  '008_read_model',
  '009_team',
  '010_account',
  '011_round_reminders',
  '012_assignments',
  '014_sso_logins',
  '016_agency_copies',
  '017_inbox_columns',
  '018_readmodel_order_indexes',
  '019_account_failures_streak',
  '020_audit_attempts',
  '021_readmodel_list_search',
  '022_months_declarable_from',
  '023_write_causes',
  '024_follows',
];

describe(`migrations (${TEST_DIALECT})`, () => {
  it('build the schema from an empty database, and a second run applies nothing', async () => {
    const { db, dialect } = await empty();
    const first = await migrate(db, dialect);
    expect(first.results?.map((r) => r.migrationName)).toEqual(MIGRATIONS);
    expect((await migrate(db, dialect)).results).toEqual([]);
    for (const table of [
      'sessions',
      'idempotency',
      'partner_events',
      'declarant',
      'claim_files',
      'users',
      'login_failures',
      'rate_limits',
      'audit_log',
      'audit_anchors',
      'payment_allocations',
      'round_reminders_sent',
    ])
      await expect(sql`SELECT COUNT(*) FROM ${sql.table(table)}`.execute(db)).resolves.toBeDefined();
  });

  it('bring the previous schema up to date without losing what it holds', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'db-legacy-'));
    if (TEST_DIALECT === 'sqlite') legacySqlite(dataDir);
    const { db, dialect } = await empty(dataDir);
    if (TEST_DIALECT === 'postgres') {
      const migrator = new Migrator({ db: db as Kysely<unknown>, provider: { getMigrations: async () => migrationsFor(dialect) } });
      expect((await migrator.migrateTo('001_baseline')).error).toBeUndefined();
    }
    // what an earlier version stored: a session, an idempotent answer, an event, the declarant
    const t = Date.now();
    const sessions = new SessionStore(db, { idleMs: 60_000, absoluteMs: 3_600_000 });
    const { id } = await sessions.create('kept@agence.fr');
    await db
      .insertInto('idempotency')
      .values({
        key: 'key-kept-1',
        email: 'kept@agence.fr',
        operation: 'createProject',
        fingerprint: 'f',
        status: 201,
        content_type: 'application/json',
        body: '{"id":"p1"}',
        created_at: t,
      })
      .execute();
    await db
      .insertInto('partner_events')
      .values({ id: 'evt-kept', type: 'claim.updated', payload: '{}', received_at: new Date(t).toISOString() })
      .execute();
    await db.insertInto('declarant').values({ id: 1, legal_info: '{}', updated_at: 'then', updated_by: 'Marion' }).execute();

    const applied = await migrate(db, dialect);
    expect(applied.results?.map((r) => r.migrationName)).toEqual(TEST_DIALECT === 'sqlite' ? MIGRATIONS : MIGRATIONS.slice(1));
    expect((await sessions.touch(id))?.email).toBe('kept@agence.fr');
    const kept = await db.selectFrom('idempotency').selectAll().where('key', '=', 'key-kept-1').executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ status: 201, body: '{"id":"p1"}', created_at: t });
    const hub = new EventHub(db, localBus(), silent);
    expect((await hub.since(0)).map((e) => [e.seq, e.id])).toEqual([[1, 'evt-kept']]);
    expect(await db.selectFrom('declarant').select('updated_by').executeTakeFirst()).toEqual({ updated_by: 'Marion' });
    // and the new tables work
    expect(await new SignInThrottle(db).failed('kept@agence.fr', '10.0.0.1')).toBe(1);
    // after the change: a pending key (no answer yet) can be stored
    await db
      .insertInto('idempotency')
      .values({
        key: 'key-pending',
        email: 'kept@agence.fr',
        operation: 'createProject',
        fingerprint: 'f',
        status: null,
        content_type: null,
        body: null,
        created_at: t,
      })
      .execute();
  });
});

describe(`the team's migration (${TEST_DIALECT})`, () => {
  it('keeps the users a deployment had (from its users file): each gets an id, active, reminders on', async () => {
    const { db, dialect } = await empty();
    const migrator = new Migrator({ db: db as Kysely<unknown>, provider: { getMigrations: async () => migrationsFor(dialect) } });
    expect((await migrator.migrateTo('007_team_audit')).error).toBeUndefined();
    for (const email of ['boss@agence.fr', 'clerk@agence.fr'])
      await sql`INSERT INTO users (email, name, role, password_hash, updated_at) VALUES (${email}, 'N', 'manager', 'scrypt$x', 1)`.execute(
        db,
      );
    expect((await migrate(db, dialect)).results?.map((r) => r.migrationName)).toEqual(
      MIGRATIONS.slice(MIGRATIONS.indexOf('008_read_model')),
    );
    const users = await db
      .selectFrom('users')
      .select(['email', 'id', 'state', 'reminders_enabled', 'password_hash'])
      .orderBy('email')
      .execute();
    expect(users.map((u) => [u.email, u.state, Number(u.reminders_enabled), u.password_hash])).toEqual([
      ['boss@agence.fr', 'active', 1, 'scrypt$x'],
      ['clerk@agence.fr', 'active', 1, 'scrypt$x'],
    ]);
    expect(new Set(users.map((u) => u.id)).size).toBe(2);
    expect(users.every((u) => /^[0-9a-f-]{36}$/.test(u.id))).toBe(true);
  });
});

describe(`npm run db:migrate, from the compiled build (${TEST_DIALECT})`, () => {
  // compiled as `npm run build` does, into a folder of its own inside the checkout (packages resolve from node_modules)
  const out = join('node_modules', '.cache', `migrate-test-${randomBytes(6).toString('hex')}`);
  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', '--outdir', out]);
  }, 60_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  /** What `npm run db:migrate` runs (package.json), from `out` instead of build/: node alone, no tsx. */
  async function dbMigrate(dataDir: string, url: string | null): Promise<string> {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) };
    const { stdout } = await promisify(execFile)(process.execPath, ['--enable-source-maps', join(out, 'server', 'migrate.js')], { env });
    return stdout.trim();
  }

  it('is the compiled migrate.js, run by node alone', async () => {
    const { readFile } = await import('node:fs/promises');
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['db:migrate']).toBe('node --enable-source-maps build/server/migrate.js');
  });

  it('builds the schema of an empty database, then has nothing to apply', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'db-migrate-'));
    const test = await freshDatabase();
    try {
      expect(await dbMigrate(dataDir, test.url)).toBe(`Applied ${MIGRATIONS.join(', ')} (${TEST_DIALECT}).`);
      expect(await dbMigrate(dataDir, test.url)).toBe(`The ${TEST_DIALECT} database is up to date: nothing to apply.`);
      const database = openDatabase({ dataDir, databaseUrl: test.url });
      try {
        for (const table of ['sessions', 'idempotency', 'users', 'login_failures', 'rate_limits'])
          await expect(sql`SELECT COUNT(*) FROM ${sql.table(table)}`.execute(database.db)).resolves.toBeDefined();
        await expect(sql`SELECT lease_until FROM idempotency`.execute(database.db)).resolves.toBeDefined();
      } finally {
        await database.close();
      }
    } finally {
      await test.drop();
    }
  });

  it('brings the previous schema up to date and keeps what it holds', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'db-migrate-previous-'));
    const test = await freshDatabase();
    try {
      // SQLite: a server.sqlite of the version before migrations; PostgreSQL: the last release's schema (up to 003)
      if (TEST_DIALECT === 'sqlite') legacySqlite(dataDir);
      const database = openDatabase({ dataDir, databaseUrl: test.url });
      try {
        if (TEST_DIALECT === 'postgres') {
          const migrator = new Migrator({
            db: database.db as Kysely<unknown>,
            provider: { getMigrations: async () => migrationsFor(database.dialect) },
          });
          expect((await migrator.migrateTo('003_rate_limits')).error).toBeUndefined();
        }
        await sql`INSERT INTO idempotency (key, email, operation, fingerprint, status, content_type, body, created_at)
          VALUES ('key-kept-2', 'kept@agence.fr', 'createProject', 'f', 201, 'application/json', '{"id":"p2"}', 1700000000000)`.execute(
          database.db,
        );
      } finally {
        await database.close();
      }
      expect(await dbMigrate(dataDir, test.url)).toBe(
        TEST_DIALECT === 'sqlite' ? `Applied ${MIGRATIONS.join(', ')} (sqlite).` : `Applied ${MIGRATIONS.slice(3).join(', ')} (postgres).`,
      );
      const after = openDatabase({ dataDir, databaseUrl: test.url });
      try {
        expect(await after.db.selectFrom('idempotency').selectAll().executeTakeFirst()).toMatchObject({
          key: 'key-kept-2',
          status: 201,
          body: '{"id":"p2"}',
          lease_until: null,
        });
      } finally {
        await after.close();
      }
    } finally {
      await test.drop();
    }
  });
});

describe(`the connection pool's figures (${TEST_DIALECT})`, () => {
  it('count the clients open, idle and the queries waiting for one (PostgreSQL); SQLite has no pool', async () => {
    const { db, poolStats } = await empty();
    if (TEST_DIALECT === 'sqlite') return expect(poolStats).toBeNull();
    if (!poolStats) throw new Error('a PostgreSQL database reports its pool');
    expect(poolStats()).toEqual({ total: 0, idle: 0, waiting: 0 });
    // twelve slow queries on a pool of ten: ten run, two wait for a client
    const slow = Array.from({ length: 12 }, () => sql`SELECT pg_sleep(0.4)`.execute(db));
    await expect.poll(() => poolStats(), { timeout: 3_000, interval: 20 }).toEqual({ total: 10, idle: 0, waiting: 2 });
    await Promise.all(slow);
    expect(poolStats()).toEqual({ total: 10, idle: 10, waiting: 0 });
  });
});

describe(`idempotency keys (${TEST_DIALECT})`, () => {
  const answer = (body: string) => async () => ({ status: 201, contentType: 'application/json', body });
  const print = { operation: 'createProject', path: '/v3/projects', body: { a: 1 } };

  it('answer the first answer to a repeat, refuse another operation with 422, and never replace the answer', async () => {
    const { db, dialect } = await empty();
    await migrate(db, dialect);
    const store = new IdempotencyStore(db);
    expect(await store.run('key-00001', 'u@a.fr', print, answer('first'))).toMatchObject({ body: 'first', replayed: false });
    expect(await store.run('key-00001', 'u@a.fr', print, answer('second'))).toMatchObject({ body: 'first', replayed: true });
    const other = store.run('key-00001', 'u@a.fr', { ...print, operation: 'createClaim' }, answer('third'));
    await expect(other).rejects.toBeInstanceOf(HttpError);
    await expect(other).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await store.run('key-00001', 'u@a.fr', print, answer('fourth'))).toMatchObject({ body: 'first', replayed: true });
    // keys are per user
    expect(await store.run('key-00001', 'other@a.fr', print, answer('theirs'))).toMatchObject({ body: 'theirs', replayed: false });
  });

  it('make a concurrent repeat wait for the first; a failure frees the key', async () => {
    const { db, dialect } = await empty();
    await migrate(db, dialect);
    // the default lease (5 s): a shorter one lapses when a loaded machine stalls the renewal, and
    // the repeat is then told "interrupted" (as it should be for a replica that stalls that long)
    const store = new IdempotencyStore(db);
    let calls = 0;
    const slow = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 150));
      return { status: 201, contentType: 'application/json', body: `made-${calls}` };
    };
    const both = await Promise.all([store.run('key-00002', 'u@a.fr', print, slow), store.run('key-00002', 'u@a.fr', print, slow)]);
    expect(calls).toBe(1);
    expect(both.map((r) => r.body)).toEqual(['made-1', 'made-1']);
    // a failure is not kept: the key is free for the retry
    const refused = async () => ({ status: 400, contentType: 'application/json', body: 'no' });
    expect(await store.run('key-00003', 'u@a.fr', print, refused)).toMatchObject({ status: 400, replayed: false });
    expect(await store.run('key-00003', 'u@a.fr', print, answer('yes'))).toMatchObject({ status: 201, body: 'yes', replayed: false });
  });

  it('tell the repeats of a first request whose replica died (its lease lapsed) that it was interrupted, and never send it again', async () => {
    const { db, dialect } = await empty();
    await migrate(db, dialect);
    // a lease of 1 s: "at once" below (under half a lease) keeps a margin on a loaded machine
    const store = new IdempotencyStore(db, { leaseMs: 1_000, renewMs: 50 });
    // a replica claimed the key, sent the request and died: its lease is no longer renewed
    const claimedAt = Date.now();
    await db
      .insertInto('idempotency')
      .values({
        key: 'key-00004',
        email: 'u@a.fr',
        operation: 'createProject',
        fingerprint: fingerprint(print),
        status: null,
        content_type: null,
        body: null,
        created_at: claimedAt,
        lease_until: claimedAt + 1_000,
      })
      .execute();
    let sent = 0;
    const send = async () => {
      sent++;
      return { status: 201, contentType: 'application/json', body: 'second' };
    };
    const repeat = store.run('key-00004', 'u@a.fr', print, send);
    await expect(repeat).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_INTERRUPTED', status: 409 });
    expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(1_000); // it waited for the lease, no longer than needed
    expect(Date.now() - claimedAt).toBeLessThan(4_000);
    // every later repeat is told at once; the request is never sent again
    const t = Date.now();
    await expect(store.run('key-00004', 'u@a.fr', print, send)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_INTERRUPTED' });
    expect(Date.now() - t).toBeLessThan(500);
    expect(sent).toBe(0);
    // the key still names that request: another one with it is refused as before
    await expect(store.run('key-00004', 'u@a.fr', { ...print, body: { a: 2 } }, send)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('tell the repeats of a first request the partner did not answer in time that it was interrupted (it may exist)', async () => {
    const { db, dialect } = await empty();
    await migrate(db, dialect);
    const store = new IdempotencyStore(db);
    const timeout = new HttpError('UPSTREAM_TIMEOUT');
    await expect(store.run('key-00006', 'u@a.fr', print, () => Promise.reject(timeout))).rejects.toBe(timeout);
    let sent = 0;
    const again = store.run('key-00006', 'u@a.fr', print, async () => {
      sent++;
      return { status: 201, contentType: 'application/json', body: 'second' };
    });
    await expect(again).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_INTERRUPTED' });
    expect(sent).toBe(0);
    // the partner out of reach did nothing: that key is free for the retry
    const unreachable = new HttpError('UPSTREAM_UNAVAILABLE');
    await expect(store.run('key-00007', 'u@a.fr', print, () => Promise.reject(unreachable))).rejects.toBe(unreachable);
    expect(await store.run('key-00007', 'u@a.fr', print, answer('retried'))).toMatchObject({ body: 'retried', replayed: false });
  });

  it('keep a repeat waiting while the first, slower than its lease, is alive and renews it', async () => {
    const { db, dialect } = await empty();
    await migrate(db, dialect);
    // renewed every 50 ms, the lease lapses only if the process stalls for 950 ms: with a 200 ms
    // lease, a loaded CI machine (Node 22's run) once held the renewal back long enough, and the
    // repeat was rightly told the first was interrupted
    const store = new IdempotencyStore(db, { leaseMs: 1_000, renewMs: 50 });
    let calls = 0;
    const slow = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 2_600)); // more than two leases long
      return { status: 201, contentType: 'application/json', body: `made-${calls}` };
    };
    const first = store.run('key-00005', 'u@a.fr', print, slow);
    await new Promise((r) => setTimeout(r, 50));
    const repeat = store.run('key-00005', 'u@a.fr', print, slow);
    // both settled before the database is closed, whatever the outcome
    const [firstAnswer, repeatAnswer] = await Promise.allSettled([first, repeat]);
    expect(repeatAnswer).toMatchObject({ status: 'fulfilled', value: { body: 'made-1', replayed: true } });
    expect(firstAnswer).toMatchObject({ status: 'fulfilled', value: { body: 'made-1', replayed: false } });
    expect(calls).toBe(1);
  });
});

describe(`sign-in throttle (${TEST_DIALECT})`, () => {
  it('counts failures per pair, forgets them after 15 minutes and prunes what it forgot', async () => {
    const { db, dialect } = await empty();
    await migrate(db, dialect);
    let now = 1_000_000_000;
    const throttle = new SignInThrottle(db, () => now);
    for (let i = 1; i <= 5; i++) expect(await throttle.failed('a@b.fr', '10.0.0.1')).toBe(i);
    expect(await throttle.wait('a@b.fr', '10.0.0.1')).toBe(2_000);
    expect(await throttle.wait('a@b.fr', '10.0.0.2')).toBe(0);
    for (let i = 0; i < 50; i++) await throttle.failed(`user${i}@b.fr`, '10.0.0.9');
    now += FORGET_AFTER_MS + 1;
    expect(await throttle.wait('a@b.fr', '10.0.0.1')).toBe(0);
    expect(await throttle.purge()).toBe(51);
    expect(await db.selectFrom('login_failures').selectAll().execute()).toEqual([]);
    expect(await throttle.failed('a@b.fr', '10.0.0.1')).toBe(1);
  });
});

describe(`per-address rate limits (${TEST_DIALECT})`, () => {
  it('count within a window, start again once it is over, and prune windows long over', async () => {
    const { db, dialect } = await empty();
    await migrate(db, dialect);
    let now = 1_000_000_000;
    const Store = databaseRateLimitStore(db, () => now);
    const store = new Store({} as never);
    const incr = (key: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (err, r) => (err || !r ? reject(err ?? new Error('no result')) : resolve(r)), 60_000, 10),
      );
    expect(await incr('10.0.0.1')).toEqual({ current: 1, ttl: 60_000 });
    now += 20_000;
    expect(await incr('10.0.0.1')).toEqual({ current: 2, ttl: 40_000 });
    expect(await incr('10.0.0.2')).toEqual({ current: 1, ttl: 60_000 });
    now += 40_000; // the first window is over: counting starts again
    expect(await incr('10.0.0.1')).toEqual({ current: 1, ttl: 60_000 });
    await purgeRateLimits(db, () => now);
    expect(await db.selectFrom('rate_limits').select('key').execute()).toHaveLength(2); // both windows still recent
    now += 60 * 60_000 + 1; // an hour after the last window started
    await purgeRateLimits(db, () => now);
    expect(await db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
  });
});

describe(`declarant (${TEST_DIALECT})`, () => {
  it('keeps one row, replaced by the next save', async () => {
    const { db, dialect } = await empty();
    await migrate(db, dialect);
    const store = new DeclarantStore(db);
    expect((await store.get()).legalInfo).toBeNull();
    await db.insertInto('declarant').values({ id: 1, legal_info: '{"bad":true}', updated_at: 'x', updated_by: 'y' }).execute();
    expect((await store.get()).legalInfo).toBeNull(); // not what the schema accepts: offered as none
  });
});

describe(`the event hub (${TEST_DIALECT})`, () => {
  it("fans a new event out on its own replica before record() answers (the webhook's 200), once whatever its bus echoes; another replica's is read from the log", async () => {
    const { db, dialect } = await empty();
    await migrate(db, dialect);
    // a bus as PostgreSQL's: what is published comes back later (or never), through the network
    const published: BusMessage[] = [];
    let hear: BusListener = () => undefined;
    const bus: Bus = {
      shared: true,
      publish: (m) => {
        published.push(m);
        return Promise.resolve();
      },
      subscribe: (fn) => {
        hear = fn;
        return () => undefined;
      },
      close: () => Promise.resolve(),
    };
    const hub = new EventHub(db, bus, silent);
    await hub.start();
    const seen: string[] = [];
    hub.subscribe((e) => seen.push(`${e.id}:${e.seq}`));
    const payload = (id: string) =>
      JSON.stringify({ id, type: 'claim.updated', createdAt: '2026-06-15T10:00:00Z', data: { claimId: 'c1' } });

    expect(await hub.record('evt-1', 'claim.updated', payload('evt-1'))).toBe(true);
    expect(seen).toEqual(['evt-1:1']); // the caches of this replica forgot it before the partner hears "received"
    expect(published).toEqual([{ kind: 'event', seq: 1 }]);
    hear({ kind: 'event', seq: 1 }, true); // its own announcement, heard back
    expect(await hub.record('evt-1', 'claim.updated', payload('evt-1'))).toBe(false); // a duplicate delivery
    // another replica stored evt-2 and announced it
    const other = await db
      .insertInto('partner_events')
      .values({ id: 'evt-2', type: 'claim.updated', payload: payload('evt-2'), received_at: 'now' })
      .returning('seq')
      .executeTakeFirstOrThrow();
    hear({ kind: 'event', seq: Number(other.seq) }, false);
    await vi.waitFor(() => expect(seen).toEqual(['evt-1:1', `evt-2:${other.seq}`]));
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(2);
  });
});
