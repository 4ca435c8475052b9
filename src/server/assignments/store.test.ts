import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, type OpenedDatabase } from '../db.js';
import { TEST_DIALECT, freshDatabase, type TestDatabase } from '../test/harness.js';
import { AssignmentStore } from './store.js';

const opened: { database: OpenedDatabase; test: TestDatabase }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.database.close();
    await o.test.drop();
  }
});

async function store(): Promise<AssignmentStore> {
  const test = await freshDatabase();
  const database = openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'assign-test-')), databaseUrl: test.url });
  opened.push({ database, test });
  await migrate(database.db, database.dialect);
  let t = 1_000;
  return new AssignmentStore(database.db, () => t++);
}

describe(`assignments (${TEST_DIALECT})`, () => {
  it('keep one colleague per file: a new assignment replaces the old one, null removes it, ids in any case', async () => {
    const s = await store();
    const id = 'AB12CD34-0000-4000-8000-000000000001';
    expect(await s.get('project', id)).toBeNull();
    await s.set('project', id, 'user-a', 'manager-1');
    await s.set('project', id.toLowerCase(), 'user-b', 'manager-2');
    expect(await s.get('project', id)).toMatchObject({ userId: 'user-b', assignedBy: 'manager-2', entityId: id.toLowerCase() });
    // the same id as a claim is another file
    expect(await s.get('claim', id)).toBeNull();
    await s.set('project', id, null, 'manager-1');
    expect(await s.get('project', id)).toBeNull();
  });
});
