import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim } from '../../contract/claims.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import type { Inbox } from '../../contract/inbox.js';
import type { Colleagues } from '../../contract/assignments.js';
import type { ClaimRows, ProjectRows } from '../../contract/lists.js';
import type { Project } from '../../contract/projects.js';
import { projectAt } from '../../sandbox/test/flows.js';
import { claimBody, projectBody, tenantNamed } from '../../sandbox/test/harness.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';

/** The claims and projects lists over the read model, on the run's dialect. */
let s: TestServer;
let staff: Client;
let lukasz: { project: Project; claim: Claim };
let zed: { project: Project; claim: Claim };
let abel: { project: Project; claim: Claim };
let referenced: Project;
let quote: Project;

beforeAll(async () => {
  s = await startServer({ sandbox: { now: () => new Date('2026-06-15T10:00:00Z') } });
  const sb = s.sandbox;
  if (!sb) throw new Error('no sandbox');
  const claimed = async (first: string, last: string, email: string, due: string) => {
    const project = await projectAt(sb, 7, projectBody(tenantNamed(first, last, email)));
    const claim = (await sb.call<Claim>('POST', `/v1/projects/${project.id}/claims`, claimBody(due))).body;
    return { project, claim };
  };
  lukasz = await claimed('Łukasz', 'Wiśniewski', 'lukasz.w@exemple.pl', '2026-03-05');
  zed = await claimed('Anna', 'Zed', 'anna.zed@exemple.fr', '2026-05-05');
  abel = await claimed('Bob', 'Abel', 'bob.abel@exemple.fr', '2026-04-05');
  referenced = await projectAt(sb, 0, {
    ...projectBody(tenantNamed('Chloé', 'Réf', 'chloe.ref@exemple.fr')),
    metadata: { externalLeadId: 'DOSSIER-4242' },
  });
  quote = await projectAt(sb, 0, projectBody(tenantNamed('Seán', "O'Brien", 'sean.obrien@exemple.ie')));
  await s.sync.runInitial();
  staff = await s.signedIn('staff');
}, 60_000);
afterAll(() => s.close());

const claims = async (q: string, c: Client = staff) => {
  const res = await c.call<ClaimRows>('GET', `/api/lists/claims?${q}`);
  expect(res.status, q).toBe(200);
  return res.body;
};
const projects = async (q: string, c: Client = staff) => {
  const res = await c.call<ProjectRows>('GET', `/api/lists/projects?${q}`);
  expect(res.status, q).toBe(200);
  return res.body;
};

describe('GET /api/lists/claims', () => {
  it('finds a claim by its tenant, accents and case ignored: "lukasz" finds Łukasz', async () => {
    for (const q of ['lukasz', 'LUKASZ', 'Łukasz', 'wisniewski', 'lukasz wisn']) {
      const r = await claims(`search=${encodeURIComponent(q)}`);
      expect(
        r.items.map((c) => c.id),
        q,
      ).toEqual([lukasz.claim.id]);
      expect(r.total).toBe(1);
    }
    expect((await claims('search=nobody')).items).toEqual([]);
  });

  it('sorts by tenant, opening date, outstanding and status, both ways', async () => {
    const asc = await claims('sort=tenant');
    expect(asc.items.map((c) => c.tenant.lastName)).toEqual(['Abel', 'Wiśniewski', 'Zed']);
    expect((await claims('sort=-tenant')).items.map((c) => c.tenant.lastName)).toEqual(['Zed', 'Wiśniewski', 'Abel']);
    const owed = (await claims('sort=-outstanding')).items.map((c) => c.amountOutstanding);
    expect(owed).toEqual([...owed].sort((a, b) => b - a));
    const opened = (await claims('sort=opened')).items.map((c) => c.createdAt);
    expect(opened).toEqual([...opened].sort());
    const statuses = (await claims('sort=status')).items.map((c) => c.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
  });

  it('pages on the server: a page past the end is empty, a page too big or a sort unknown is a clear 400', async () => {
    const all = await claims('sort=tenant');
    const second = await claims('sort=tenant&pageSize=2&page=2');
    expect(second.items.map((c) => c.id)).toEqual(all.items.slice(2, 4).map((c) => c.id));
    expect(second.total).toBe(3);
    const past = await claims('pageSize=2&page=50');
    expect([past.items, past.total]).toEqual([[], 3]);
    for (const q of ['pageSize=101', 'page=0', 'sort=name', 'status=999', 'assignee=a%20b']) {
      const res = await staff.call<ErrorEnvelope>('GET', `/api/lists/claims?${q}`);
      expect([res.status, res.body.code], q).toEqual([400, 'INVALID_REQUEST']);
    }
    expect((await s.client().call('GET', '/api/lists/claims')).status).toBe(401);
  });

  it('says who looks after each claim, filters by "mine" and by a colleague, in the lists and the work queue', async () => {
    const team = (await staff.call<Colleagues>('GET', '/api/colleagues')).body.colleagues;
    const samuel = team.find((u) => u.name === 'Samuel Staff');
    const marion = team.find((u) => u.name === 'Marion Manager');
    if (!samuel || !marion) throw new Error('demo users missing');
    await s.stores.assignments.set('claim', abel.claim.id, samuel.id, marion.id);
    await s.stores.assignments.set('claim', zed.claim.id, marion.id, marion.id);
    const mine = await claims('assignee=me');
    expect(mine.items.map((c) => [c.id, c.assignee?.name])).toEqual([[abel.claim.id, 'Samuel Staff']]);
    expect((await claims(`assignee=${marion.id}`)).items.map((c) => c.id)).toEqual([zed.claim.id]);
    expect((await claims('sort=tenant')).items.map((c) => c.assignee?.name ?? null)).toEqual(['Samuel Staff', null, 'Marion Manager']);
    const queue = (await staff.call<Inbox>('GET', '/api/inbox?assignee=me&pageSize=100')).body;
    expect(queue.lines.map((l) => (l.area === 'claim' ? l.claimId : l.projectId))).toEqual([abel.claim.id]);
    expect(queue.lines[0]?.assignee?.name).toBe('Samuel Staff');
    expect(queue.asOf).toBeGreaterThan(0);
  });
});

describe('GET /api/lists/projects', () => {
  it('finds a project by tenant, e-mail part or the agency’s reference, and says when its tenant has an open claim', async () => {
    expect((await projects('search=dossier-4242')).items.map((p) => p.id)).toEqual([referenced.id]);
    expect((await projects('search=chloe.ref')).items.map((p) => p.id)).toEqual([referenced.id]);
    expect((await projects('search=obrien')).items.map((p) => p.id)).toEqual([quote.id]);
    const row = (await projects('search=lukasz')).items[0];
    expect(row?.openClaimId).toBe(lukasz.claim.id);
    expect((await projects('search=obrien')).items[0]?.openClaimId).toBeNull();
    expect((await projects('status=0&pageSize=100')).items.every((p) => p.status === 0)).toBe(true);
    const asOf = (await projects('')).asOf;
    expect(asOf).toBeGreaterThan(0);
  });

  it('sorts and pages like the claims: by tenant both ways or by creation, a page a slice of the whole, the total of all', async () => {
    const all = await projects('sort=tenant&pageSize=100');
    const names = all.items.map((p) => p.profile.lastName);
    expect(names.indexOf('Abel')).toBeLessThan(names.indexOf('Wiśniewski'));
    expect(names.indexOf('Wiśniewski')).toBeLessThan(names.indexOf('Zed'));
    expect((await projects('sort=-tenant&pageSize=100')).items.map((p) => p.id)).toEqual(all.items.map((p) => p.id).reverse());
    const created = (await projects('sort=createDate&pageSize=100')).items.map((p) => p.createDate);
    expect(created).toEqual([...created].sort());
    const second = await projects('sort=tenant&pageSize=2&page=2');
    expect(second.items.map((p) => p.id)).toEqual(all.items.slice(2, 4).map((p) => p.id));
    expect(second.total).toBe(all.items.length);
    const past = await projects('pageSize=2&page=500');
    expect([past.items, past.total]).toEqual([[], all.items.length]);
  });

  it('shows intermediaries only the projects they may read, and no colleagues', async () => {
    const i = await s.signedIn('intermediary');
    const ids = (await projects('pageSize=100', i)).items.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([lukasz.project.id, zed.project.id, abel.project.id]));
    expect(ids).not.toContain(referenced.id);
    const refused = await i.call<ErrorEnvelope>('GET', '/api/colleagues');
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN_ROLE']);
  });
});
