import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assignment, Colleagues } from '../../contract/assignments.js';
import type { AuditPage } from '../../contract/audit.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import type { Team } from '../../contract/team.js';
import { claimOn, projectAt } from '../../sandbox/test/flows.js';
import { TEST_DIALECT, startServer, type Client, type TestServer } from '../test/harness.js';

let s: TestServer;
let staff: Client;
let manager: Client;
let intermediary: Client;
let ids: Record<'manager' | 'staff' | 'intermediary', string>;

beforeAll(async () => {
  s = await startServer({ sandbox: { now: () => new Date('2026-06-15T10:00:00Z') }, env: { LOGIN_RATE_LIMIT_PER_MINUTE: '1000' } });
  [staff, manager, intermediary] = await Promise.all([s.signedIn('staff'), s.signedIn('manager'), s.signedIn('intermediary')]);
  const team = (await manager.call<Team>('GET', '/api/team')).body.users;
  const idOf = (email: string) => team.find((u) => u.email === email)?.id ?? '';
  ids = { manager: idOf('manager@demo-agency.fr'), staff: idOf('staff@demo-agency.fr'), intermediary: idOf('intermediary@demo-agency.fr') };
});
afterAll(() => s.close());

const sandbox = () => {
  if (!s.sandbox) throw new Error('no sandbox');
  return s.sandbox;
};
const put = (c: Client, kind: string, id: string, userId: string | null) =>
  c.call<Assignment & ErrorEnvelope>('PUT', `/api/assignments/${kind}/${id}`, { userId });
const read = (c: Client, kind: string, id: string) => c.call<Assignment & ErrorEnvelope>('GET', `/api/assignments/${kind}/${id}`);

describe(`who looks after a file (${TEST_DIALECT})`, () => {
  it('lists the active colleagues (id and name) for staff and managers, not intermediaries', async () => {
    const res = await staff.call<Colleagues>('GET', '/api/colleagues');
    expect(res.status).toBe(200);
    expect(res.body.colleagues).toEqual(
      expect.arrayContaining([
        { id: ids.staff, name: 'Samuel Staff' },
        { id: ids.manager, name: 'Marion Manager' },
      ]),
    );
    expect(res.body.me).toBe(ids.staff);
    expect((await intermediary.call<ErrorEnvelope>('GET', '/api/colleagues')).body.code).toBe('FORBIDDEN_ROLE');
    // the team endpoints stay managers-only
    expect((await staff.call('GET', '/api/team')).status).toBe(403);
  });

  it('staff assign a claim to a colleague, then to nobody; everyone who sees it reads it; every change is audited', async () => {
    const { claim } = await claimOn(sandbox(), '2026-05-05');
    expect((await read(staff, 'claim', claim.id)).body).toEqual({ assignee: null, assignedBy: null, assignedAt: null, mine: false });
    const set = await put(staff, 'claim', claim.id, ids.manager);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      assignee: { id: ids.manager, name: 'Marion Manager' },
      assignedBy: { id: ids.staff, name: 'Samuel Staff' },
    });
    expect((await read(intermediary, 'claim', claim.id)).body.assignee).toEqual({ id: ids.manager, name: 'Marion Manager' });
    // an intermediary may look after a claim (they see claims)
    expect((await put(manager, 'claim', claim.id, ids.intermediary)).body.assignee?.id).toBe(ids.intermediary);
    expect((await put(staff, 'claim', claim.id, null)).body.assignee).toBeNull();
    expect((await read(manager, 'claim', claim.id)).body.assignee).toBeNull();

    const trail = (await manager.call<AuditPage>('GET', `/api/audit?operation=assignFile&claimId=${claim.id}&pageSize=10`)).body.items;
    expect(trail.map((r) => [r.actorName, r.details.assignee, r.result])).toEqual([
      ['Samuel Staff', 'nobody', 'success'],
      ['Marion Manager', 'intermediary@demo-agency.fr', 'success'],
      ['Samuel Staff', 'manager@demo-agency.fr', 'success'],
    ]);
  });

  it('an intermediary takes a claim nobody looks after and lets go of it; never a colleague’s, never for someone else', async () => {
    const { claim } = await claimOn(sandbox(), '2026-05-05');
    const taken = await put(intermediary, 'claim', claim.id, 'me');
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ assignee: { id: ids.intermediary, name: 'Inès Intermédiaire' }, mine: true });
    expect((await read(staff, 'claim', claim.id)).body).toMatchObject({ assignee: { id: ids.intermediary }, mine: false });
    // taking it again changes nothing; giving it to a colleague is not hers to do
    expect((await put(intermediary, 'claim', claim.id, ids.intermediary)).status).toBe(200);
    const giving = await put(intermediary, 'claim', claim.id, ids.staff);
    expect([giving.status, giving.body.code]).toEqual([403, 'FORBIDDEN_ROLE']);
    expect((await put(intermediary, 'claim', claim.id, null)).body).toMatchObject({ assignee: null, mine: false });
    // a colleague's claim stays theirs: she can neither take it nor clear it
    expect((await put(staff, 'claim', claim.id, ids.staff)).status).toBe(200);
    for (const userId of ['me', null]) {
      const refused = await put(intermediary, 'claim', claim.id, userId);
      expect([refused.status, refused.body.code], String(userId)).toEqual([403, 'FORBIDDEN_ROLE']);
    }
    expect((await read(manager, 'claim', claim.id)).body.assignee?.id).toBe(ids.staff);
    const trail = (await manager.call<AuditPage>('GET', `/api/audit?operation=assignFile&claimId=${claim.id}&pageSize=10`)).body.items;
    expect(trail.filter((r) => r.actorName === 'Inès Intermédiaire').map((r) => [r.details.assignee, r.result])).toEqual([
      ['nobody', 'FORBIDDEN_ROLE'],
      ['intermediary@demo-agency.fr', 'FORBIDDEN_ROLE'],
      ['nobody', 'success'],
      ['staff@demo-agency.fr', 'FORBIDDEN_ROLE'],
      ['intermediary@demo-agency.fr', 'success'],
      ['intermediary@demo-agency.fr', 'success'],
    ]);
  });

  it('an intermediary takes a project only in her scope, and is told why not otherwise', async () => {
    const active = await projectAt(sandbox(), 7);
    expect((await put(intermediary, 'project', active.id, 'me')).body.mine).toBe(true);
    const pending = await projectAt(sandbox(), 2);
    const refused = await put(intermediary, 'project', pending.id, 'me');
    expect([refused.status, refused.body.code]).toEqual([403, 'OUT_OF_SCOPE']);
    expect(refused.body.message).toMatch(/no claim and is not an active contract/);
    expect((await read(staff, 'project', pending.id)).body.assignee).toBeNull();
  });

  it('refuses with a clear 4xx and writes nothing: unknown file, unknown or deactivated colleague, one who may not see the file, a wrong kind', async () => {
    const project = await projectAt(sandbox(), 1);
    const unknownFile = await put(staff, 'project', '7f3c1a52-1111-4222-8333-944455556666', ids.staff);
    expect([unknownFile.status, unknownFile.body.code]).toEqual([404, 'NOT_FOUND']);
    const unknownClaim = await put(staff, 'claim', '7f3c1a52-1111-4222-8333-944455556666', ids.staff);
    expect([unknownClaim.status, unknownClaim.body.code]).toEqual([404, 'NOT_FOUND']);
    const nobody = await put(staff, 'project', project.id, 'no-such-user');
    expect([nobody.status, nobody.body.code, nobody.body.message]).toEqual([400, 'ASSIGNEE_INVALID', expect.stringContaining('userId')]);
    // a project that is not in an intermediary's scope (no claim, not an active contract)
    const outOfScope = await put(staff, 'project', project.id, ids.intermediary);
    expect([outOfScope.status, outOfScope.body.code]).toEqual([400, 'ASSIGNEE_INVALID']);
    expect((await read(intermediary, 'project', project.id)).body.code).toBe('OUT_OF_SCOPE');
    const wrongKind = await put(staff, 'invoice', project.id, ids.staff);
    expect(wrongKind.status).toBe(400);
    const badBody = await staff.call<ErrorEnvelope>('PUT', `/api/assignments/project/${project.id}`, { userId: 42 });
    expect(badBody.status).toBe(400);
    expect((await read(staff, 'project', project.id)).body.assignee).toBeNull();

    // a deactivated colleague
    const invited = await manager.call<{ user: { id: string } }>('POST', '/api/team/invitations', {
      email: 'leaving@demo-agency.fr',
      name: 'Léo Leaving',
      role: 'staff',
      lang: 'fr',
    });
    const invitee = await put(staff, 'project', project.id, invited.body.user.id);
    expect(invitee.body.code).toBe('ASSIGNEE_INVALID');
    expect((await read(staff, 'project', project.id)).body.assignee).toBeNull();
    expect((await manager.call<AuditPage>('GET', `/api/audit?operation=assignFile&projectId=${project.id}`)).body.items[0]?.result).toBe(
      'ASSIGNEE_INVALID',
    );
  });
});

describe(`an intermediary’s own claims, “mine” (${TEST_DIALECT})`, () => {
  it('are those she opened or looks after: the claims list, the work queue, the round and the export keep them and no other', async () => {
    const sb = sandbox();
    const active = await projectAt(sb, 7);
    const opened = await intermediary.call<{ id: string }>('POST', `/api/v1/projects/${active.id}/claims`, {
      rentAmount: 800,
      rentAmountReceived: 0,
      rentDueDate: '2026-05-05',
      legalInfo: {
        firstName: 'Inès',
        lastName: 'Intermédiaire',
        email: 'ines@agence.fr',
        phone: { phoneContryCode: 'FR', phoneFormated: '+33612345678' },
      },
      mainOwnerEmail: 'owner@exemple.fr',
    });
    expect(opened.status).toBe(201);
    const taken = (await claimOn(sb, '2026-04-05')).claim;
    const others = (await claimOn(sb, '2026-04-05')).claim;
    // the lists read the read model: synced here, as the partner's webhooks would
    await s.sync.runInitial();
    await s.sync.runPass();
    expect((await put(intermediary, 'claim', taken.id, 'me')).status).toBe(200);
    const mine = [opened.body.id, taken.id].sort();

    const listed = async (c: Client, view: string) =>
      (await c.call<{ items: { id: string }[]; total: number }>('GET', `/api/lists/claims?view=${view}&pageSize=100`)).body;
    const hers = await listed(intermediary, 'mine');
    expect(hers.items.map((r) => r.id).sort()).toEqual(mine);
    expect(hers.total).toBe(2);
    expect((await listed(intermediary, 'all')).items.map((r) => r.id)).toEqual(expect.arrayContaining([...mine, others.id]));
    // a colleague's "mine" is theirs: none of hers
    expect((await listed(staff, 'mine')).items.map((r) => r.id)).not.toEqual(expect.arrayContaining([opened.body.id]));

    const queue = (await intermediary.call<{ lines: { claimId?: string }[] }>('GET', '/api/inbox?view=mine&pageSize=100')).body.lines;
    expect(queue.length).toBeGreaterThan(0);
    expect(queue.every((l) => l.claimId !== undefined && mine.includes(l.claimId))).toBe(true);
    const everyLine = (await intermediary.call<{ lines: { claimId?: string }[] }>('GET', '/api/inbox?pageSize=100')).body.lines;
    expect(everyLine.map((l) => l.claimId)).toContain(others.id);

    const round = (await intermediary.call<{ rows: { claimId: string }[] }>('GET', '/api/round?view=mine')).body.rows;
    expect(round.map((r) => r.claimId).sort()).toEqual(mine);
    expect((await intermediary.call<{ claims: number }>('GET', '/api/round/summary?view=mine')).body.claims).toBe(2);

    const csv = await intermediary.call('GET', '/api/exports/claims.csv?view=mine&lang=en');
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(rows.map((r) => r.split(',')[0]).sort()).toEqual(mine);
    expect((await intermediary.call('GET', '/api/lists/claims?view=someone')).status).toBe(400);
  });
});
