import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localBus, postgresBus, type Bus } from '../db/bus.js';
import { migrate, openDatabase, type OpenedDatabase } from '../db/db.js';
import { freshDatabase, type TestDatabase } from '../test/harness.js';
import { SESSION_CACHE_MS, SessionStore, TOUCH_EVERY_MS, hashId } from './sessions.js';
import { UserDirectory } from './users.js';

const silent = { warn: () => undefined };
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/**
 * Two replicas' session stores on one database, each with its own clock reading `clock.now`:
 * on PostgreSQL each has its own LISTEN connection (the real fan-out); on SQLite (one process
 * by design) they share the in-process bus.
 */
async function replicas(idleMs: number, clock: { now: number }, absoluteMs = 12 * 3_600_000) {
  const database: TestDatabase = await freshDatabase();
  const opened: OpenedDatabase = openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'sessions-')), databaseUrl: database.url });
  cleanup.push(async () => {
    await opened.close();
    await database.drop();
  });
  await migrate(opened.db, opened.dialect);
  const shared = localBus();
  const bus = async (): Promise<Bus> => {
    if (!opened.pgConfig) return shared;
    const b = await postgresBus(opened.db, opened.pgConfig, silent);
    cleanup.push(() => b.close());
    return b;
  };
  const now = () => clock.now;
  const a = new SessionStore(opened.db, { idleMs, absoluteMs }, now, await bus());
  const b = new SessionStore(opened.db, { idleMs, absoluteMs }, now, await bus());
  cleanup.push(async () => {
    a.close();
    b.close();
  });
  const lastSeenInDb = async (id: string) =>
    (await opened.db.selectFrom('sessions').select('last_seen').where('id_hash', '=', hashId(id)).executeTakeFirst())?.last_seen;
  return { a, b, db: opened.db, lastSeenInDb, bus };
}

describe('sessions held in memory', () => {
  it('are refused on a replica that holds them as soon as another replica signs them out', async () => {
    const clock = { now: 1_000_000 };
    const { a, b, db } = await replicas(30 * 60_000, clock);
    const { id } = await a.create('held@agence.fr');
    expect((await a.touch(id))?.email).toBe('held@agence.fr');
    // A now holds it (and B too); a sign-out on B reaches A through the bus. (Here both replicas
    // share one process and a loaded machine: A's copy of the notice may come a moment after B's
    // own; across machines the grace and the round trip to the browser cover that. The clock is
    // frozen: without the bus A would hold it for good.)
    clock.now += 1_000;
    expect((await b.touch(id))?.email).toBe('held@agence.fr');
    await b.destroy(id);
    await expect.poll(() => a.touch(id), { timeout: 1_000, interval: 5 }).toBeUndefined();
    expect(await b.touch(id)).toBeUndefined();
    expect(await db.selectFrom('sessions').select('id_hash').where('id_hash', '=', hashId(id)).executeTakeFirst()).toBeUndefined();
  });

  it('serve a request without reading the database, and read it again after SESSION_CACHE_MS', async () => {
    const clock = { now: 1_000_000 };
    const { a, db } = await replicas(30 * 60_000, clock);
    const { id } = await a.create('cached@agence.fr');
    expect((await a.touch(id))?.email).toBe('cached@agence.fr');
    // the row removed without a sign-out (what only the bus would otherwise say): still held…
    await db.deleteFrom('sessions').execute();
    clock.now += SESSION_CACHE_MS;
    expect((await a.touch(id))?.email).toBe('cached@agence.fr');
    // …until the memory is too old to trust: then the database decides
    clock.now += 1;
    expect(await a.touch(id)).toBeUndefined();
  });

  it('expire when idle even while held in memory', async () => {
    const clock = { now: 1_000_000 };
    // an idle limit shorter than the memory's lifetime, so only the held copy can decide
    const { a } = await replicas(5_000, clock);
    const { id } = await a.create('idle@agence.fr');
    expect((await a.touch(id))?.email).toBe('idle@agence.fr');
    clock.now += 4_000;
    expect((await a.touch(id))?.email).toBe('idle@agence.fr');
    clock.now += 5_001;
    expect(await a.touch(id)).toBeUndefined();
  });

  it('are not held while the bus is lost (a sign-out elsewhere could not be heard), and are again once it is back', async () => {
    const clock = { now: 1_000_000 };
    const shared = localBus();
    const { db } = await replicas(30 * 60_000, clock);
    const a = new SessionStore(db, { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 }, () => clock.now, shared);
    cleanup.push(async () => a.close());
    const gone = async (id: string) => db.deleteFrom('sessions').where('id_hash', '=', hashId(id)).execute();
    const first = await a.create('deaf@agence.fr');
    expect((await a.touch(first.id))?.email).toBe('deaf@agence.fr');
    await shared.publish({ kind: 'deaf' });
    // what it held is forgotten, and what it reads now is not held: the database decides each time
    await gone(first.id);
    expect(await a.touch(first.id)).toBeUndefined();
    const second = await a.create('deaf@agence.fr');
    expect((await a.touch(second.id))?.email).toBe('deaf@agence.fr');
    await gone(second.id);
    expect(await a.touch(second.id)).toBeUndefined();
    // listening again: held again
    await shared.publish({ kind: 'resync' });
    const third = await a.create('deaf@agence.fr');
    expect((await a.touch(third.id))?.email).toBe('deaf@agence.fr');
    await gone(third.id);
    expect((await a.touch(third.id))?.email).toBe('deaf@agence.fr');
  });

  it('write their activity at most every TOUCH_EVERY_MS, and another replica keeps a session alive', async () => {
    const clock = { now: 1_000_000 };
    const idleMs = 60_000;
    const { a, b, lastSeenInDb } = await replicas(idleMs, clock);
    const { id } = await a.create('busy@agence.fr');
    const created = clock.now;
    expect((await a.touch(id))?.email).toBe('busy@agence.fr');
    clock.now += TOUCH_EVERY_MS - 1_000;
    await a.touch(id);
    expect(await lastSeenInDb(id)).toBe(created); // not written on every request
    clock.now += 2_000;
    await a.touch(id);
    expect(await lastSeenInDb(id)).toBe(clock.now); // written once TOUCH_EVERY_MS has passed
    // used on A only for longer than the idle limit: B (which read it long ago) still accepts it
    expect((await b.touch(id))?.email).toBe('busy@agence.fr');
    for (let i = 0; i < 8; i++) {
      clock.now += TOUCH_EVERY_MS;
      expect((await a.touch(id))?.email).toBe('busy@agence.fr');
    }
    expect((await b.touch(id))?.email).toBe('busy@agence.fr');
  });
});

describe('a session’s life', () => {
  const MINUTE = 60_000;

  it('is kept alive by activity on any replica, not by background reads, which are refused once it has ended', async () => {
    const clock = { now: 1_000_000 };
    const { a, b } = await replicas(30 * MINUTE, clock);
    const { id } = await a.create('reads@agence.fr');
    // a page that only reads for 29 minutes (polling, refetches, the stream's checks)
    for (let i = 0; i < 29; i++) {
      clock.now += MINUTE;
      expect((await a.read(id))?.email).toBe('reads@agence.fr');
    }
    // the person does something on B: 30 more minutes from now, on both replicas
    clock.now += MINUTE - 1;
    expect((await b.touch(id))?.email).toBe('reads@agence.fr');
    clock.now += 29 * MINUTE;
    expect((await a.read(id))?.email).toBe('reads@agence.fr');
    expect((await b.read(id))?.email).toBe('reads@agence.fr');
    // nothing but reads since: refused everywhere once 30 minutes have passed, and forgotten
    clock.now += MINUTE + 1;
    expect(await a.read(id)).toBeUndefined();
    expect(await b.read(id)).toBeUndefined();
    expect(await b.touch(id)).toBeUndefined();
    expect(await a.listOf('reads@agence.fr')).toEqual([]);
  });

  it('ends at its absolute limit however active the person is, and My account no longer lists it', async () => {
    const clock = { now: 1_000_000 };
    const { a, b } = await replicas(30 * MINUTE, clock, 12 * 60 * MINUTE);
    const { id } = await a.create('busy@agence.fr');
    const other = await a.create('busy@agence.fr');
    // active every 20 minutes for 12 hours: alive (and listed) to the last minute
    for (let t = 20; t < 12 * 60; t += 20) {
      clock.now += 20 * MINUTE;
      expect((await (t % 40 ? a : b).touch(id))?.email).toBe('busy@agence.fr');
    }
    clock.now = 1_000_000 + 12 * 60 * MINUTE;
    expect((await a.touch(id))?.email).toBe('busy@agence.fr');
    expect(await a.alive(hashId(id))).toBe(true);
    expect((await a.listOf('busy@agence.fr')).map((s) => s.key)).toEqual([hashId(id)]);
    const last = await a.read(id);
    expect(last && a.remaining(last)).toEqual({ idleEndsIn: 30 * MINUTE, endsIn: 0 });
    clock.now += 1;
    expect(await b.touch(id)).toBeUndefined();
    expect(await a.read(id)).toBeUndefined();
    expect(await a.alive(hashId(id))).toBe(false);
    // the other session (idle for 12 hours) is not listed either: the list is what the server accepts
    expect(await a.listOf('busy@agence.fr')).toEqual([]);
    expect(await a.read(other.id)).toBeUndefined();
  });

  it('housekeeping forgets the sessions past either limit, and keeps the others', async () => {
    const clock = { now: 1_000_000 };
    const { a, db } = await replicas(30 * MINUTE, clock, 60 * MINUTE);
    await a.create('idle@agence.fr');
    const old = await a.create('old@agence.fr');
    clock.now += 40 * MINUTE;
    const fresh = await a.create('fresh@agence.fr');
    await a.touch(old.id);
    clock.now += 25 * MINUTE; // idle: 65 min without activity; old: 65 min since sign-in; fresh: 25 min
    await a.purgeEnded();
    const left = (await db.selectFrom('sessions').select('id_hash').execute()).map((r) => r.id_hash);
    expect(left).toEqual([hashId(fresh.id)]);
  });
});

describe('users held in memory', () => {
  it('are forgotten by every replica when one changes a user (the next request reads the new role)', async () => {
    const clock = { now: 1_000_000 };
    const { db, bus } = await replicas(60_000, clock);
    const now = () => clock.now;
    const a = new UserDirectory(db, await bus(), now);
    const b = new UserDirectory(db, await bus(), now);
    cleanup.push(async () => {
      a.close();
      b.close();
    });
    const user = { email: 'role@agence.fr', name: 'R', role: 'manager' as const, passwordHash: 'scrypt$x' };
    await a.seed([user]);
    expect((await b.current(user.email))?.role).toBe('manager');
    // a manager on A demotes them: B must not keep the manager role it holds (the clock is frozen)
    await db.updateTable('users').set({ role: 'staff' }).where('email', '=', user.email).execute();
    await a.changed();
    expect((await b.current(user.email))?.role).toBe('staff');
    await db.updateTable('users').set({ state: 'deactivated' }).where('email', '=', user.email).execute();
    await a.changed();
    expect(await b.current(user.email)).toBeUndefined();
  });

  it('are seeded only where the database lacks them: after the first start, the database is the list', async () => {
    const { db, bus } = await replicas(60_000, { now: 1_000_000 });
    const a = new UserDirectory(db, await bus());
    cleanup.push(async () => a.close());
    const first = { email: 'First@agence.fr', name: 'Première', role: 'manager' as const, passwordHash: 'scrypt$1' };
    await a.seed([first]);
    const seeded = await a.find('first@agence.fr');
    expect(seeded).toMatchObject({ email: 'first@agence.fr', role: 'manager', state: 'active' });
    // changed in the team page since: a restart with the same file (or one saying otherwise) keeps it
    await db.updateTable('users').set({ role: 'staff', password_hash: 'scrypt$changed' }).where('email', '=', 'first@agence.fr').execute();
    const later = { email: 'later@agence.fr', name: 'Ajoutée', role: 'staff' as const, passwordHash: 'scrypt$2' };
    await a.seed([{ ...first, role: 'manager', passwordHash: 'scrypt$other' }, later]);
    expect(await a.find('first@agence.fr')).toMatchObject({ id: seeded?.id, role: 'staff', passwordHash: 'scrypt$changed' });
    expect((await a.find('later@agence.fr'))?.state).toBe('active');
    // a user left out of the file is not removed (the team page deactivates people)
    await a.seed([]);
    expect((await a.all()).map((u) => u.email)).toEqual(['later@agence.fr', 'first@agence.fr']);
  });
});
