import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DIALECT, migratedDatabase } from '../test/harness.js';
import { AgencyCopyStore } from './store.js';

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

async function store(): Promise<AgencyCopyStore> {
  const { database, close } = await migratedDatabase();
  opened.push(close);
  return new AgencyCopyStore(database.db);
}

describe(`the agency's copies (${TEST_DIALECT})`, () => {
  it('are read for a whole export at once: 1,200 projects, ids in any case, unknown ones left out', async () => {
    const s = await store();
    const ids = Array.from({ length: 1_200 }, (_, i) => `AB12CD34-0000-4000-8000-${String(i).padStart(12, '0')}`);
    for (const [i, id] of ids.entries())
      await s.keep(id, { profile: { lastName: `N${i}` }, referent: null, metadata: { externalLeadId: `REF-${i}` } }, `req-${i}`);
    const found = await s.many([...ids, 'ab12cd34-0000-4000-8000-999999999999']);
    expect(found.size).toBe(1_200);
    expect(found.get(ids[1_199]?.toLowerCase() ?? '')).toEqual({
      profile: { lastName: 'N1199' },
      referent: null,
      metadata: { externalLeadId: 'REF-1199' },
    });
    expect(found.get(ids[0]?.toLowerCase() ?? '')?.profile).toEqual({ lastName: 'N0' });
  });
});
