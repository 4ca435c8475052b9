import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DIALECT, migratedDatabase } from '../test/harness.js';
import { AssignmentStore } from './store.js';

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

async function store(): Promise<AssignmentStore> {
  const { database, close } = await migratedDatabase();
  opened.push(close);
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
