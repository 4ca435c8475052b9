import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncState } from '../../contract/sync.js';
import { claimOn } from '../../sandbox/test/flows.js';
import { startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import { hashPassword } from '../auth/passwords.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../auth/users.js';
import { SANDBOX_DEFAULT_TOKEN, SANDBOX_DEFAULT_WEBHOOK_SECRET } from '../config.js';
import { freshPostgres, startServer, type TestDatabase, type TestServer } from '../test/harness.js';
import { startReplica, type ReplicaProcess } from '../test/replica-process.js';

/**
 * Several replicas, one sync: the read model's lease in PostgreSQL. Replica A is main.ts in its
 * own process (killed with SIGKILL: no graceful release), B runs here; both sync in the
 * background against one sandbox.
 */
const SESSION_SECRET = 'replicas-share-this-secret-0123456789abcdef';
/** The lease the replicas are started with (SYNC_LEASE_SECONDS; 30 by default): the time a dead holder keeps it. */
const LEASE_SECONDS = 5;
let sb: TestSandbox;
let db: TestDatabase & { url: string };
let dir: string;
let b: TestServer | null = null;

beforeAll(async () => {
  sb = await startSandbox({ seed: false, now: () => new Date('2026-06-15T10:00:00Z') });
  await claimOn(sb, '2026-04-05');
  db = await freshPostgres();
  dir = mkdtempSync(join(tmpdir(), 'sync-lease-'));
}, 60_000);

afterAll(async () => {
  await b?.close();
  await sb.close();
  await db.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function startA(): Promise<ReplicaProcess> {
  const users = join(dir, 'users.json');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  writeFileSync(users, JSON.stringify({ users: DEMO_USERS.map((u) => ({ ...u, passwordHash })) }));
  return startReplica(() => ({
    DATA_DIR: join(dir, 'a'),
    STATIC_DIR: join(dir, 'none'),
    DATABASE_URL: db.url,
    PARTNER_API_BASE_URL: sb.url,
    PARTNER_API_TOKEN: SANDBOX_DEFAULT_TOKEN,
    PARTNER_WEBHOOK_SECRET: SANDBOX_DEFAULT_WEBHOOK_SECRET,
    SESSION_SECRET,
    USERS_FILE: users,
    SYNC_LEASE_SECONDS: String(LEASE_SECONDS),
  }));
}

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('the sync lease', () => {
  it('one replica syncs at a time; when its holder is killed, another takes over once its lease has run out and the read model stays served', async () => {
    const a = await startA();
    try {
      b = await startServer({
        sandboxUrl: sb.url,
        databaseUrl: db.url,
        env: { SESSION_SECRET, LOGIN_RATE_LIMIT_PER_MINUTE: '100', SYNC_LEASE_SECONDS: String(LEASE_SECONDS) },
        server: { sync: { background: true, renewMs: 500 } },
      });
      const manager = await b.signedIn('manager');
      const state = () => manager.call<SyncState>('GET', '/api/sync/state').then((r) => r.body);
      const pidOf = (holder: string | null) => holder?.split(':')[1];

      // A (started first) holds the lease and does the initial sync; B, trying every half second, does not take it
      const first = await until(state, (st) => st.initial.phase === 'done' && st.holder !== null, 30_000);
      expect(first.initial.phase).toBe('done');
      expect(pidOf(first.holder)).toBe(String(a.child.pid));
      await new Promise((r) => setTimeout(r, 2_000));
      expect(pidOf((await state()).holder)).toBe(String(a.child.pid));

      const killedAt = Date.now();
      a.child.kill('SIGKILL');
      await a.exited;
      const after = await until(state, (st) => st.holder === b?.sync.holder, 60_000);
      expect(after.holder).toBe(b.sync.holder);
      // A's last renewal was at most a third of the lease before it died, B tries every half second:
      // the default lease (30 s) would not be out yet
      expect(Date.now() - killedAt).toBeLessThan(LEASE_SECONDS * 1000 + 10_000);
      expect((await b.stores.readModel.counts()).claims).toBe(1);
    } finally {
      if (a.child.exitCode === null && a.child.signalCode === null) a.child.kill('SIGKILL');
    }
  }, 120_000);
});
