import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inbox } from '../../contract/inbox.js';
import type { ClaimRows, ProjectRows } from '../../contract/lists.js';
import { projectAt } from '../../sandbox/test/flows.js';
import { claimBody, projectBody } from '../../sandbox/test/harness.js';
import { partnerShiftMs, startServer, type Client, type TestServer } from '../test/harness.js';

/** Before its first sync with the partner ends, a server's lists say they are incomplete instead of dating a partial answer. */
let s: TestServer;
let staff: Client;
let claimId: string;
let projectId: string;

beforeAll(async () => {
  s = await startServer({ sandbox: { now: () => new Date('2026-06-15T10:00:00Z') } });
  const sb = s.sandbox;
  if (!sb) throw new Error('no sandbox');
  const project = await projectAt(sb, 7, projectBody());
  projectId = project.id;
  claimId = (await sb.call<{ id: string }>('POST', `/v1/projects/${project.id}/claims`, claimBody('2026-03-05'))).body.id;
  staff = await s.signedIn('staff');
}, 60_000);
afterAll(() => s.close());

const asOfs = async () =>
  Promise.all([
    staff.call<Inbox>('GET', '/api/inbox').then((r) => r.body.asOf),
    staff.call<ClaimRows>('GET', '/api/lists/claims').then((r) => r.body.asOf),
    staff.call<ProjectRows>('GET', '/api/lists/projects').then((r) => r.body.asOf),
  ]);

describe('the lists before and after the first sync', () => {
  it('a claim reads before the first sync has reached it: from the partner, the page and its statement alike', async () => {
    const read = await staff.call<{ id: string; projectId: string }>('GET', `/api/claims/${claimId}`);
    expect([read.status, read.body.id, read.body.projectId]).toEqual([200, claimId, projectId]);
    expect((await staff.call('GET', `/api/claims/${claimId}/statement.csv?lang=en`)).status).toBe(200);
    // kept once read; the lists still say they are incomplete
    expect(await s.stores.readModel.claim(claimId)).not.toBeNull();
    expect(await asOfs()).toEqual([null, null, null]);
  });

  it('answer no "data as of" while the first sync runs, then the time of their oldest read', async () => {
    expect(await asOfs()).toEqual([null, null, null]);
    // a webhook or a write through the dashboard reads one entity before the first sync reached the others
    await s.sync.syncProject(projectId);
    await s.sync.syncClaim(claimId, projectId);
    expect(await asOfs()).toEqual([null, null, null]);
    const before = Date.now();
    await s.sync.runInitial();
    // said on the partner's clock (the sandbox's), as every date the pages show
    const shift = await partnerShiftMs(staff);
    for (const at of await asOfs()) {
      expect((at ?? 0) - shift).toBeGreaterThanOrEqual(before - 1);
      expect((at ?? 0) - shift).toBeLessThanOrEqual(Date.now());
    }
  });
});
