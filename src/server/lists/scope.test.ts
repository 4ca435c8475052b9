import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim } from '../../contract/claims.js';
import { PROJECT_STATUSES, type ProjectStatus } from '../../contract/enums.js';
import { inIntermediaryScope } from '../../contract/lifecycle.js';
import type { Project } from '../../contract/projects.js';
import type { OpenedDatabase } from '../db/db.js';
import { projectRow } from '../sync/rows.js';
import { ReadModelStore } from '../sync/store.js';
import { TEST_DIALECT, migratedDatabase } from '../test/harness.js';
import { ReadModelLists } from './read-model-lists.js';

/**
 * The intermediary's scope (the contract's inIntermediaryScope) is kept on each project by the
 * database's triggers, which a migration wrote with its own literals: on every status, and after every kind of change, the projects an
 * intermediary's export lists are those the rule selects from the rows, newest first.
 */
let database: OpenedDatabase;
let close: () => Promise<void>;
let store: ReadModelStore;
let lists: ReadModelLists;
let n = 0;
let readAt = 1;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const inter = { id: 'someone', email: 'someone@demo-agency.fr', role: 'intermediary' as const };

const project = (status: ProjectStatus, pid = id(), created = `2026-01-${String((n % 28) + 1).padStart(2, '0')}`): Project =>
  ({
    id: pid,
    status,
    createDate: `${created}T08:00:00.000Z`,
    updatedAt: `${created}T08:00:00.000Z`,
    rejectionReason: null,
    publicUrl: null,
    profile: { firstName: 'Léa', lastName: `Nom${n}`, email: 'lea@exemple.fr' },
    rent: null,
    metadata: {},
  }) as unknown as Project;
const claim = (projectId: string, cid = id()): Claim =>
  ({
    id: cid,
    projectId,
    status: 30,
    rentDueDate: '2026-03-05',
    rentAmount: 800,
    amountOutstanding: 0,
    createdAt: '2026-03-10T08:00:00.000Z',
    updatedAt: '2026-03-10T08:00:00.000Z',
    tenant: { firstName: 'Léa', lastName: 'Nom', email: 'lea@exemple.fr' },
    property: null,
    metadata: {},
  }) as unknown as Claim;

const keepProject = (p: Project) => store.applyProject({ id: p.id, readAt: ++readAt, project: p, required: null });
const forgetProject = (pid: string) => store.applyProject({ id: pid, readAt: ++readAt, project: null });
const keepClaim = (c: Claim) => store.applyClaim({ id: c.id, readAt: ++readAt, claim: c, debts: [], required: null });
const forgetClaim = (cid: string) => store.applyClaim({ id: cid, readAt: ++readAt, claim: null });

/** What the intermediary's export lists, in its order. */
async function listed(): Promise<string[]> {
  const out: string[] = [];
  for await (const page of lists.projectPages({}, inter)) out.push(...page.map((p) => p.id));
  return out;
}
/** The contract's rule applied afresh to the rows; newest first, then by id. */
async function rule(): Promise<string[]> {
  const claimed = new Set((await database.db.selectFrom('rm_claims').select('project_id').execute()).map((r) => r.project_id));
  const rows = await database.db.selectFrom('rm_projects').select(['id', 'status', 'created_at']).execute();
  return rows
    .filter((r) => inIntermediaryScope({ status: Number(r.status), hasClaim: claimed.has(r.id) }))
    .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? 1 : -1))
    .map((r) => r.id);
}
const expectScopeTrue = async () => {
  const want = await rule();
  expect(await listed()).toEqual(want);
  return want;
};

beforeAll(async () => {
  ({ database, close } = await migratedDatabase());
  store = new ReadModelStore(database.db);
  lists = new ReadModelLists(database.db, database.dialect);
});
afterAll(() => close());

describe(`the intermediary's scope kept on each project (${TEST_DIALECT})`, () => {
  const p = { active: id(), pending: id(), claimed: id(), other: id() };
  const c = { one: id(), two: id() };

  it("agrees with the contract's rule on every project status, with a claim and without", async () => {
    const rows: { id: string; status: ProjectStatus; hasClaim: boolean }[] = [];
    for (const { code } of PROJECT_STATUSES)
      for (const hasClaim of [false, true]) {
        const row = { id: id(), status: code, hasClaim };
        rows.push(row);
        await keepProject(project(code, row.id));
        if (hasClaim) await keepClaim(claim(row.id));
      }
    const kept = await database.db
      .selectFrom('rm_projects')
      .select(['id', 'in_scope'])
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    const inScope = new Map(kept.map((r) => [r.id, Number(r.in_scope) === 1]));
    for (const r of rows) expect({ ...r, inScope: inScope.get(r.id) }).toEqual({ ...r, inScope: inIntermediaryScope(r) });
    // then a project with a claim and one without move through every status
    for (const r of rows.slice(0, 2))
      for (const { code } of PROJECT_STATUSES) {
        await keepProject(project(code, r.id));
        const now = await database.db.selectFrom('rm_projects').select('in_scope').where('id', '=', r.id).executeTakeFirstOrThrow();
        expect({ ...r, status: code, inScope: Number(now.in_scope) === 1 }).toEqual({
          ...r,
          status: code,
          inScope: inIntermediaryScope({ status: code, hasClaim: r.hasClaim }),
        });
      }
    const ids = rows.map((r) => r.id);
    await database.db.deleteFrom('rm_claims').where('project_id', 'in', ids).execute();
    await database.db.deleteFrom('rm_projects').where('id', 'in', ids).execute();
  });

  it('follows projects and claims as they arrive, in either order', async () => {
    await keepProject(project(7, p.active));
    await keepProject(project(0, p.pending));
    await keepClaim(claim(p.claimed, c.one)); // its project arrives after it
    await keepProject(project(5, p.claimed));
    await keepProject(project(2, p.other));
    const bulk = Array.from({ length: 40 }, (_, i) =>
      projectRow({ id: '', readAt: 1, project: project(i % 3 === 0 ? 7 : 0), required: null }),
    );
    await database.db.insertInto('rm_projects').values(bulk).execute();
    expect(await expectScopeTrue()).toEqual(expect.arrayContaining([p.active, p.claimed]));
  });

  it('follows a status change, a claim opened, moved or gone, a project gone', async () => {
    await keepProject(project(9, p.active)); // the contract ends: out, no claim on it
    await keepProject(project(7, p.pending)); // active now: in
    await keepClaim(claim(p.other, c.two)); // a claim on it: in
    expect(await expectScopeTrue()).toEqual(expect.arrayContaining([p.pending, p.claimed, p.other]));
    await keepClaim(claim(p.pending, c.two)); // the claim read again under another project
    await forgetClaim(c.one); // its project has no claim any more: out
    const now = await expectScopeTrue();
    expect(now).not.toContain(p.claimed);
    expect(now).not.toContain(p.other);
    await forgetProject(p.pending);
    await database.db.updateTable('rm_projects').set({ status: 7 }).where('status', '=', 0).execute();
    await expectScopeTrue();
  });
});
