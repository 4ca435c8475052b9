import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, RentalDebt } from '../../contract/claims.js';
import { addDays } from '../../contract/dates.js';
import type { ClaimStatus, ProjectStatus } from '../../contract/enums.js';
import { INBOX_PAGE_MAX, InboxQuerySchema, InboxSchema, inboxKey, type Inbox, type InboxQuery } from '../../contract/inbox.js';
import type { Project, RequiredDocument } from '../../contract/projects.js';
import { AssignmentStore } from '../assignments/store.js';
import type { OpenedDatabase } from '../db/db.js';
import { projectRow } from '../sync/rows.js';
import { ReadModelStore } from '../sync/store.js';
import { TEST_DIALECT, migratedDatabase } from '../test/harness.js';
import { declared, id, missing, month } from '../test/read-model-rows.js';
import { InboxReads } from './reads.js';
import { monthsDueBy } from './rules.js';

/**
 * The work queue's read (reads.ts) against the run's database (SQLite with `--project node`,
 * PostgreSQL with `--project server-postgres`): rows written as the sync writes them (ReadModelStore),
 * the page, its order, its filters and its counts worked out by the database.
 */
const TODAY = '2026-06-15';
let database: OpenedDatabase;
let close: () => Promise<void>;
let store: ReadModelStore;
let reads: InboxReads;
const daysAgo = (days: number) => addDays(TODAY, -days);

const project = (status: ProjectStatus, firstName: string, lastName: string, updated: string): Project =>
  ({
    id: id(),
    status,
    createDate: `${updated}T08:00:00.000Z`,
    updatedAt: `${updated}T08:00:00.000Z`,
    rejectionReason: null,
    publicUrl: 'https://partner.example/resume/abc',
    profile: { firstName, lastName, email: `${lastName.toLowerCase()}@exemple.fr` },
    rent: null,
    metadata: {},
  }) as unknown as Project;

const claim = (status: ClaimStatus, firstName: string, lastName: string, rentDueDate: string, createdAt = '2026-01-10'): Claim =>
  ({
    id: id(),
    projectId: id(),
    status,
    rentDueDate,
    rentAmount: 800,
    amountOutstanding: 0,
    createdAt: `${createdAt}T08:00:00.000Z`,
    updatedAt: `${createdAt}T08:00:00.000Z`,
    tenant: { firstName, lastName, email: `${lastName.toLowerCase()}@exemple.fr` },
    property: null,
    metadata: {},
  }) as unknown as Claim;

const keep = {
  project: (p: Project, required: RequiredDocument[] | null = null) => store.applyProject({ id: p.id, readAt: 1, project: p, required }),
  claim: (c: Claim, debts: RentalDebt[], required: RequiredDocument[] | null = null) =>
    store.applyClaim({ id: c.id, readAt: 1, claim: c, debts, required }),
};

/** The six lines of selectInbox's old cases, kept as the sync keeps them. */
const lines = {
  durand: project(5, 'Paul', 'Durand', daysAgo(9)),
  bernard: claim(10, 'Zoé', 'Bernard', '2026-06-01', daysAgo(3)),
  martin: claim(30, 'Léa', 'Martin', '2026-06-01'),
  eluard: claim(30, 'Hugo', 'Éluard', daysAgo(262)),
  leo: project(2, 'Léo', 'Martin', daysAgo(30)),
  petit: claim(30, 'Anna', 'Petit', daysAgo(40)),
};

beforeAll(async () => {
  ({ database, close } = await migratedDatabase());
  store = new ReadModelStore(database.db);
  reads = new InboxReads(database.db, database.dialect);
  await keep.project(lines.durand);
  await keep.claim(lines.bernard, [], missing);
  await keep.claim(lines.martin, [month('2026-06-01')]);
  await keep.claim(lines.eluard, [month(daysAgo(262)), month(addDays(daysAgo(262), 31))]);
  await keep.project(lines.leo);
  await keep.claim(lines.petit, [declared(daysAgo(40), { receiptStatus: 1 })]);
  // no line: waiting 7 days only, a month due tomorrow, a closed claim, an active project
  await keep.project(project(4, 'Rémi', 'Attente', daysAgo(7)));
  await keep.claim(claim(30, 'Tom', 'Demain', '2026-03-16'), [month('2026-06-16')]);
  await keep.claim(claim(140, 'Clo', 'Close', '2026-01-05'), [month('2026-01-05')]);
  await keep.project(project(7, 'Act', 'Actif', daysAgo(100)));
});
afterAll(() => close());

const read = async (q: InboxQuery = {}, o: { role?: 'staff' | 'intermediary'; today?: string; assignee?: string } = {}): Promise<Inbox> => {
  const today = o.today ?? TODAY;
  const page = await reads.page({ role: o.role ?? 'staff', today, assignee: o.assignee ?? null, query: InboxQuerySchema.parse(q) });
  return InboxSchema.parse({ generatedAt: `${today}T10:00:00.000Z`, today, ...page });
};
const names = (r: Inbox) => r.lines.map((l) => `${l.kind} ${l.tenant.lastName}`);

describe(`the work queue read by the database (${TEST_DIALECT})`, () => {
  it('groups by kind in a fixed order, the most urgent first within a group, with counts per group and per area', async () => {
    const r = await read();
    expect(names(r)).toEqual([
      'claim.months Éluard',
      'claim.months Martin',
      'claim.receipts Petit',
      'claim.documents Bernard',
      'project.rent Martin',
      'project.waiting Durand',
    ]);
    expect(r.counts).toEqual({
      'claim.months': 2,
      'claim.receipts': 1,
      'claim.documents': 1,
      'project.documents': 0,
      'project.rent': 1,
      'project.waiting': 1,
      'project.ending': 0,
    });
    expect(r.areas).toEqual({ claims: 4, projects: 2 });
    expect(r.total).toBe(6);
  });

  it('says what each line is about today: months (how many, the oldest, its delay), receipts, documents, a waiting project', async () => {
    const r = await read();
    const of = (key: string) => r.lines.find((l) => inboxKey(l) === key);
    expect(of(`claim:${lines.eluard.id}`)).toMatchObject({ months: { count: 2, oldest: daysAgo(262), daysLate: 262 }, days: 262 });
    expect(of(`claim:${lines.martin.id}`)).toMatchObject({ months: { count: 1, oldest: '2026-06-01', daysLate: 14 } });
    expect(of(`claim:${lines.petit.id}`)).toMatchObject({ receipts: { count: 1, oldest: daysAgo(40) }, months: null, days: 40 });
    expect(of(`claim:${lines.bernard.id}`)).toMatchObject({ documents: { missing: [2] }, since: daysAgo(3), days: 3 });
    expect(of(`project:${lines.durand.id}`)).toMatchObject({ status: 5, days: 9, reminder: { to: 'tenant', lastName: 'Durand' } });
  });

  it('counts the months to declare by the contract’s rule on every day: a month the partner dates on the 1st counts from the claim’s day', async () => {
    // due on the 20th; the partner dates its months on the 1st; May past the partner's deadline (60)
    const vingt = claim(30, 'Ana', 'Vingtieme', '2026-01-20');
    const debts = [declared('2026-04-01'), month('2026-05-01', { status: 60 }), month('2026-06-01'), month('2026-07-01')];
    await keep.claim(vingt, debts);
    for (const today of ['2026-05-19', '2026-05-20', '2026-06-10', '2026-06-19', '2026-06-20', '2026-07-01', '2026-07-20']) {
      const line = (await read({ tenant: 'vingtieme' }, { today })).lines[0];
      const count = monthsDueBy(vingt, debts, today);
      expect(line?.kind === 'claim.months' ? line.months?.count : 0, today).toBe(count);
    }
    expect([monthsDueBy(vingt, debts, '2026-06-19'), monthsDueBy(vingt, debts, '2026-06-20')]).toEqual([1, 2]);
    await keep.claim({ ...vingt, status: 140 } as Claim, debts);
  });

  it('works "today" out on each read: a month due tomorrow counts tomorrow, a project waiting 7 days is listed on the 8th', async () => {
    expect(names(await read())).not.toContain('claim.months Demain');
    expect(names(await read())).not.toContain('project.waiting Attente');
    const tomorrow = await read({}, { today: addDays(TODAY, 1) });
    expect(names(tomorrow)).toContain('claim.months Demain');
    expect(names(await read({ kind: ['project.waiting'] }, { today: addDays(TODAY, 1) }))).toEqual([
      'project.waiting Durand',
      'project.waiting Attente',
    ]);
    // Martin's June month on the day before it was due: no line (nothing else awaits)
    expect(names(await read({}, { today: '2026-05-31' }))).not.toContain('claim.months Martin');
  });

  it('sorts within groups by the most recent, or by tenant name', async () => {
    expect(names(await read({ sort: 'recent' })).slice(0, 2)).toEqual(['claim.months Martin', 'claim.months Éluard']);
    expect(names(await read({ sort: 'tenant', kind: ['claim.months', 'claim.documents'] }))).toEqual([
      'claim.months Éluard',
      'claim.months Martin',
      'claim.documents Bernard',
    ]);
  });

  it('filters by kind and by tenant (either name, any case, accents ignored); groups keep counting under the tenant filter', async () => {
    const kinds = await read({ kind: ['project.rent', 'claim.receipts'] });
    expect(names(kinds)).toEqual(['claim.receipts Petit', 'project.rent Martin']);
    expect(kinds.total).toBe(2);
    expect(kinds.counts['claim.months']).toBe(2); // the other groups still say how many they hold
    const martin = await read({ tenant: 'MARTIN' });
    expect(names(martin)).toEqual(['claim.months Martin', 'project.rent Martin']);
    expect(martin.counts).toMatchObject({ 'claim.months': 1, 'project.rent': 1, 'claim.documents': 0 });
    expect(martin.areas).toEqual({ claims: 4, projects: 2 }); // the navigation's badges are not filtered
    expect(names(await read({ tenant: 'eluard hugo' }))).toEqual(['claim.months Éluard']);
    expect(names(await read({ tenant: 'léa mart' }))).toEqual(['claim.months Martin']);
    expect((await read({ tenant: 'nobody' })).total).toBe(0);
    // LIKE's own characters typed are not wildcards (the folded filter keeps letters and digits only)
    expect((await read({ tenant: '%' })).total).toBe(6);
    expect((await read({ tenant: 'mar_in' })).total).toBe(0);
  });

  it('finds a tenant typed without the letters or punctuation of their name ("lukasz", "obrien")', async () => {
    const nguyen = claim(30, 'Łukasz', 'Nguyễn', '2026-05-03');
    const obrien = project(2, 'Siobhan', "O'Brien", daysAgo(2));
    await keep.claim(nguyen, [month('2026-05-03')]);
    await keep.project(obrien);
    const found = async (tenant: string) => (await read({ tenant })).lines.map((l) => l.tenant.lastName);
    expect(await found('lukasz')).toEqual(['Nguyễn']);
    expect(await found('nguyen lukasz')).toEqual(['Nguyễn']);
    expect(await found('obrien')).toEqual(["O'Brien"]);
    expect(await found('o brien')).toEqual(["O'Brien"]);
    await store.applyClaim({ id: nguyen.id, readAt: 2, claim: null });
    await store.applyProject({ id: obrien.id, readAt: 2, project: null });
  });

  it('shows an intermediary the claims only; the assignee filter keeps the files a colleague looks after', async () => {
    const intermediary = await read({}, { role: 'intermediary' });
    expect(names(intermediary)).toEqual(['claim.months Éluard', 'claim.months Martin', 'claim.receipts Petit', 'claim.documents Bernard']);
    expect(intermediary.areas).toEqual({ claims: 4, projects: 0 });
    const assignments = new AssignmentStore(database.db, () => 1);
    await assignments.set('claim', lines.petit.id, 'user-a', 'manager');
    await assignments.set('project', lines.leo.id, 'user-a', 'manager');
    const mine = await read({}, { assignee: 'user-a' });
    expect(names(mine)).toEqual(['claim.receipts Petit', 'project.rent Martin']);
    expect(mine.areas).toEqual({ claims: 1, projects: 1 });
    expect(mine.lines[0]?.assignee).toEqual({ id: 'user-a', name: '' });
    expect((await read()).lines.find((l) => inboxKey(l) === `claim:${lines.petit.id}`)?.assignee).toEqual({ id: 'user-a', name: '' });
    await assignments.set('claim', lines.petit.id, null, 'manager');
    await assignments.set('project', lines.leo.id, null, 'manager');
  });

  it('cuts to pages and says how many lines match in all', async () => {
    const first = await read({ pageSize: 4 });
    const second = await read({ pageSize: 4, page: 2 });
    expect(first.lines).toHaveLength(4);
    expect(second.lines.map(inboxKey)).toEqual((await read()).lines.slice(4).map(inboxKey));
    expect([first.total, second.total]).toEqual([6, 6]);
    expect((await read({ page: 9 })).lines).toEqual([]);
  });

  it('answers a bounded page whatever the number of lines, equal lines in a stable order', async () => {
    const many = Array.from({ length: 3_000 }, (_, i) =>
      projectRow({ id: '', readAt: 1, project: project(2, 'Léa', `Zmartin${i % 7}`, daysAgo(i % 40)), required: null }),
    );
    for (let i = 0; i < many.length; i += 200)
      await database.db
        .insertInto('rm_projects')
        .values(many.slice(i, i + 200))
        .execute();
    const r = await read({ pageSize: INBOX_PAGE_MAX, kind: ['project.rent'] });
    expect(r.lines).toHaveLength(INBOX_PAGE_MAX);
    expect(r.total).toBe(3_001);
    expect(JSON.stringify(r).length).toBeLessThan(60_000);
    // ties (the same day, the same name) by id: pages never overlap
    const pages = await Promise.all([1, 2, 3].map((page) => read({ pageSize: 40, page, kind: ['project.rent'], sort: 'tenant' })));
    const keys = pages.flatMap((p) => p.lines.map(inboxKey));
    expect(new Set(keys).size).toBe(120);
    expect(pages[0]?.lines[0]?.tenant.lastName).toBe('Martin');
    // every line, most urgent or most recent first (each group read from its place): pages are the
    // slices of one long page, across the groups' ends
    for (const sort of ['urgency', 'recent'] as const) {
      const whole = (await read({ pageSize: INBOX_PAGE_MAX, sort })).lines.map(inboxKey);
      const cut = await Promise.all([1, 2, 3, 4].map((page) => read({ pageSize: 25, page, sort })));
      expect(cut.flatMap((p) => p.lines.map(inboxKey))).toEqual(whole);
      const deep = await read({ pageSize: 30, page: 50, sort });
      expect(deep.lines).toHaveLength(30);
      const around = await Promise.all([97, 98, 99].map((page) => read({ pageSize: 15, page, sort })));
      expect(around.flatMap((p) => p.lines.map(inboxKey))).toEqual((await read({ pageSize: 45, page: 33, sort })).lines.map(inboxKey));
    }
  });
});
