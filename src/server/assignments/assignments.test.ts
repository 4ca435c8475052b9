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
    expect((await read(staff, 'claim', claim.id)).body).toEqual({ assignee: null, assignedBy: null, assignedAt: null });
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

  it('intermediaries read only', async () => {
    const { claim } = await claimOn(sandbox(), '2026-05-05');
    const res = await put(intermediary, 'claim', claim.id, ids.intermediary);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN_ROLE');
    expect((await read(staff, 'claim', claim.id)).body.assignee).toBeNull();
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
    expect((await read(intermediary, 'project', project.id)).status).toBe(403);
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
