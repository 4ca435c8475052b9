import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { ClaimRows } from '../../contract/lists.js';
import type { SyncState } from '../../contract/sync.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import type { SandboxOptions } from '../../sandbox/app.js';
import { buildServer, type DashboardServer, type ServerOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { DEMO_PASSWORD } from '../auth/users.js';
import { migrate, openDatabase, type OpenedDatabase } from '../db/db.js';
import pg from 'pg';
import { DAY_MS } from '../../contract/dates.js';

/** The database this run tests: SQLite (the `node` project) or PostgreSQL (the `server-postgres` project). */
export const TEST_DIALECT: 'sqlite' | 'postgres' = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  /** A postgres:// URL, or null for SQLite in the server's DATA_DIR. */
  url: string | null;
  drop: () => Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A new empty PostgreSQL database in the run's cluster (the PostgreSQL run only). */
export async function freshPostgres(): Promise<TestDatabase & { url: string }> {
  const adminUrl = inject('pgAdminUrl');
  if (!adminUrl)
    throw new Error('No test PostgreSQL cluster: run this file in the server-postgres project (npx vitest run --project server-postgres).');
  const name = `t_${randomBytes(8).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
}

/** A fresh database of this run's dialect. */
export async function freshDatabase(): Promise<TestDatabase> {
  return TEST_DIALECT === 'postgres' ? freshPostgres() : { url: null, drop: async () => undefined };
}

/** A fresh database of this run's dialect, opened and migrated (a store's own tests); `close` closes and drops it. */
export async function migratedDatabase(): Promise<{ database: OpenedDatabase; close: () => Promise<void> }> {
  const test = await freshDatabase();
  const database = openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'store-test-')), databaseUrl: test.url });
  await migrate(database.db, database.dialect);
  return {
    database,
    close: async () => {
      await database.close();
      await test.drop();
    },
  };
}

export interface Client {
  call: <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; body: T; headers: Headers; text: string }>;
  login: (email: string, password?: string) => Promise<number>;
  csrf: string;
  cookie: string;
  /** The Origin header sent (the server's own URL unless changed). */
  origin: string;
}

export interface TestServer extends DashboardServer {
  url: string;
  config: Config;
  sandbox: TestSandbox | null;
  hits: string[];
  client: () => Client;
  signedIn: (role: 'manager' | 'staff' | 'intermediary') => Promise<Client>;
  close: () => Promise<void>;
}

export async function startServer(
  options: {
    sandbox?: Partial<SandboxOptions> | false;
    /** Another server's sandbox (a second replica in front of the same partner). */
    sandboxUrl?: string;
    env?: Record<string, string>;
    server?: Partial<ServerOptions>;
    /** A database shared with another server (replicas); default: a fresh one of the run's dialect, dropped at close. */
    databaseUrl?: string;
  } = {},
): Promise<TestServer> {
  const hits: string[] = [];
  const sandbox =
    options.sandbox === false || options.sandboxUrl
      ? null
      : await startSandbox({ seed: false, ...options.sandbox, onRequest: (m, u) => hits.push(`${m} ${u}`) });
  const sandboxUrl = options.sandboxUrl ?? sandbox?.url;
  const dataDir = mkdtempSync(join(tmpdir(), 'server-test-'));
  const database: TestDatabase = options.databaseUrl ? { url: options.databaseUrl, drop: async () => undefined } : await freshDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    SANDBOX_PORT: sandboxUrl ? new URL(sandboxUrl).port : '1',
    STATIC_DIR: join(dataDir, 'no-dist'),
    ...options.env,
  });
  let server: DashboardServer;
  try {
    // the read model's initial sync and passes run when a test asks (s.sync.runInitial(), runPass())
    server = await buildServer({ config, logger: false, ...options.server, sync: { background: false, ...options.server?.sync } });
  } catch (err) {
    await sandbox?.close();
    await database.drop();
    throw err;
  }
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;

  const client = (): Client => {
    const c: Client = {
      csrf: '',
      cookie: '',
      origin: url,
      async call(method, path, body, headers = {}) {
        const all: Record<string, string> = {
          origin: c.origin,
          ...(c.cookie ? { cookie: c.cookie } : {}),
          ...(c.csrf ? { 'x-csrf-token': c.csrf } : {}),
          ...headers,
        };
        const h = Object.fromEntries(Object.entries(all).filter(([, v]) => v !== ''));
        let payload: BodyInit | undefined;
        if (body instanceof FormData) payload = body;
        else if (body !== undefined) {
          h['content-type'] ??= 'application/json';
          payload = typeof body === 'string' ? body : JSON.stringify(body);
        }
        const res = await fetch(url + path, { method, headers: h, body: payload });
        const setCookie = res.headers.get('set-cookie');
        if (setCookie) c.cookie = setCookie.split(';')[0] ?? '';
        const text = await res.text();
        let parsed: unknown = text;
        if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
        return { status: res.status, body: parsed as never, headers: res.headers, text };
      },
      async login(email, password = DEMO_PASSWORD) {
        const res = await c.call('POST', '/api/login', { email, password });
        if (res.status === 200) c.csrf = (await c.call<{ csrfToken: string }>('GET', '/api/session')).body.csrfToken;
        return res.status;
      },
    };
    return c;
  };

  return {
    ...server,
    url,
    config,
    sandbox,
    hits,
    client,
    async signedIn(role) {
      const c = client();
      const email = { manager: 'manager@demo-agency.fr', staff: 'staff@demo-agency.fr', intermediary: 'intermediary@demo-agency.fr' }[role];
      if ((await c.login(email)) !== 200) throw new Error(`login failed for ${role}`);
      return c;
    },
    async close() {
      await server.app.close();
      await sandbox?.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * How far the partner's clock (the sandbox's, moved or injected) is from the real one, in whole
 * days as ms: the times the server gives users (a list's "data as of", the sync's passes) are on it.
 */
export async function partnerShiftMs(c: Client): Promise<number> {
  const { generatedAt } = (await c.call<{ generatedAt: string }>('GET', '/api/inbox')).body;
  return Math.round((Date.parse(generatedAt) - Date.now()) / DAY_MS) * DAY_MS;
}

/** A form as the app sends an upload: its fields, then the file (named `name`) when given. */
export function uploadForm(fields: Record<string, string>, file?: Uint8Array<ArrayBuffer>, name = 'doc.pdf'): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append('file', new Blob([file]), name);
  return f;
}

/**
 * For a test file: a server and its sandbox (clock on 2026-06-15) started before its tests and
 * closed after, and a client signed in as `role`; read them inside the tests.
 */
export function serverForTests(role: 'manager' | 'staff' | 'intermediary'): { s: TestServer; client: Client } {
  const ctx = {} as { s: TestServer; client: Client };
  beforeAll(async () => {
    ctx.s = await startServer({ sandbox: { now: () => new Date('2026-06-15T10:00:00Z') } });
    ctx.client = await ctx.s.signedIn(role);
  });
  afterAll(() => ctx.s.close());
  return ctx;
}

/**
 * A server started on a database that lost its read model (a restore): it reads it again from the
 * partner by itself; once its first sync is done, its claims' list holds every claim of the partner.
 */
export async function expectEveryClaimReadAgain(manager: Client, sb: TestSandbox): Promise<void> {
  await expect
    .poll(async () => (await manager.call<SyncState>('GET', '/api/sync/state')).body.initial.phase, { timeout: 15_000, interval: 200 })
    .toBe('done');
  const partnerClaims = (await sb.call<{ total: number }>('GET', '/v1/claims?pageSize=1')).body.total;
  expect((await manager.call<ClaimRows>('GET', '/api/lists/claims?pageSize=100')).body.total).toBe(partnerClaims);
}

/** What replicas share: the session secret, and a sign-in limit per address these tests do not reach. */
export const REPLICA_ENV = { SESSION_SECRET: 'replicas-share-this-secret-0123456789abcdef', LOGIN_RATE_LIMIT_PER_MINUTE: '100' };

/** Two replicas of the server on one fresh PostgreSQL database, in front of one sandbox (its clock on 2026-06-15). */
export interface Replicas {
  sb: TestSandbox;
  db: TestDatabase & { url: string };
  a: TestServer;
  b: TestServer;
  /** Stops both replicas and the sandbox, drops the database. */
  close: () => Promise<void>;
}

/**
 * What a balancer sending each request to either of two replicas needs: one database, one
 * session secret, one partner. The per-address sign-in limit is shared too (these tests sign in
 * more than 10 times a minute). `server`: options both replicas take (a mailer, the digests' tick).
 */
export async function startReplicas(server?: Partial<ServerOptions>): Promise<Replicas> {
  const env = REPLICA_ENV;
  const sb = await startSandbox({ seed: false, now: () => new Date('2026-06-15T10:00:00Z') });
  const db = await freshPostgres();
  const a = await startServer({ sandboxUrl: sb.url, databaseUrl: db.url, env, server });
  const b = await startServer({ sandboxUrl: sb.url, databaseUrl: db.url, env, server });
  return {
    sb,
    db,
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      await sb.close();
      await db.drop();
    },
  };
}
