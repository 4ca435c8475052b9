import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../contract/dates.js';
import { migrate, openDatabase, type OpenedDatabase } from '../db/db.js';
import { freshDatabase, type TestDatabase } from '../test/harness.js';
import { AuditStore, type AuditEntry } from './store.js';

let database: TestDatabase;
let opened: OpenedDatabase;
let dataDir: string;
let clock = Date.parse('2023-01-01T09:00:00Z');
let store: AuditStore;

beforeAll(async () => {
  database = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'audit-retention-'));
  opened = openDatabase({ dataDir, databaseUrl: database.url });
  await migrate(opened.db, opened.dialect);
  store = new AuditStore(opened.db, opened.dialect, () => clock);
});
afterAll(async () => {
  await opened.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const entry = (n: number): AuditEntry => ({
  actorId: 'staff@demo-agency.fr',
  actorName: 'Samuel Staff',
  actorRole: 'staff',
  operation: 'addPayment',
  projectId: null,
  claimId: null,
  details: { amount: n },
  result: 'success',
  status: 201,
  requestId: `r${n}`,
  address: '127.0.0.1',
});

describe('audit retention', () => {
  it('removes the records past retention in batches, and the chain stays verifiable from the first kept one', async () => {
    // one record a day for more than two batches' worth, then a year of nothing
    const batch = 20;
    const old = batch * 2 + 10;
    for (let i = 0; i < old; i++) {
      await store.append(entry(i));
      clock += DAY_MS / 4;
    }
    clock += 400 * DAY_MS;
    for (let i = 0; i < 3; i++) await store.append(entry(old + i));
    expect(await store.verify()).toMatchObject({ intact: true, checked: old + 3, retainedFrom: null });

    const removed = await store.purge(365, batch);
    expect(removed).toBe(old);
    const after = await store.verify();
    expect(after).toMatchObject({ intact: true, checked: 3, breakAt: null });
    expect(after.retainedFrom).toBe(new Date(clock - 365 * DAY_MS).toISOString());
    expect((await store.page({}, 1, 10)).items.map((r) => r.details.amount)).toEqual([old + 2, old + 1, old]);
    // what is kept stays undeletable: retention's note covers only what it removed
    await expect(sql`DELETE FROM audit_log`.execute(opened.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_anchors`.execute(opened.db)).rejects.toThrow(/append-only/);
    await expect(sql`UPDATE audit_anchors SET cutoff = cutoff + 1`.execute(opened.db)).rejects.toThrow(/append-only/);
    expect(await store.purge(365)).toBe(0);
  });

  it('keeps the chain when every record expired, and new ones link on', async () => {
    clock += 800 * DAY_MS;
    expect(await store.purge(365)).toBe(3);
    expect(await store.verify()).toMatchObject({ intact: true, checked: 0, firstSeq: null });
    await store.append(entry(1));
    await store.append(entry(2));
    expect(await store.verify()).toMatchObject({ intact: true, checked: 2, breakAt: null });
  });
});
