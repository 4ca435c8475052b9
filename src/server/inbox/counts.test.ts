import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, RentalDebt } from '../../contract/claims.js';
import { addDays } from '../../contract/dates.js';
import type { ClaimStatus, ProjectStatus } from '../../contract/enums.js';
import { INBOX_KINDS, INBOX_PAGE_MAX, InboxKindSchema, InboxQuerySchema, type InboxKind } from '../../contract/inbox.js';
import type { Project, RequiredDocument } from '../../contract/projects.js';
import type { OpenedDatabase } from '../db/db.js';
import { projectRow } from '../sync/rows.js';
import { ReadModelStore } from '../sync/store.js';
import { TEST_DIALECT, migratedDatabase } from '../test/harness.js';
import { declared, id, missing, month } from '../test/read-model-rows.js';
import { InboxReads } from './reads.js';
import { kindOn } from './rules.js';

/**
 * The work queue's counts are kept by the database beside the rows (018_readmodel_order_indexes):
 * after every kind of change a row can go through, the counts answered equal a fresh count of the
 * rows by the rules (kindOn), and as many lines are listed page after page as each group says.
 */
const TODAY = '2026-06-15';
let database: OpenedDatabase;
let close: () => Promise<void>;
let store: ReadModelStore;
let reads: InboxReads;
let readAt = 1;
const daysAgo = (days: number) => addDays(TODAY, -days);

const project = (status: ProjectStatus, lastName: string, updated: string, pid = id()): Project =>
  ({
    id: pid,
    status,
    createDate: `${updated}T08:00:00.000Z`,
    updatedAt: `${updated}T08:00:00.000Z`,
    rejectionReason: null,
    publicUrl: 'https://partner.example/resume/abc',
    profile: { firstName: 'Léa', lastName, email: `${lastName.toLowerCase()}@exemple.fr` },
    rent: null,
    metadata: {},
  }) as unknown as Project;

const claim = (status: ClaimStatus, lastName: string, rentDueDate: string, cid = id()): Claim =>
  ({
    id: cid,
    projectId: `10000000-0000-4000-8000-${cid.slice(-12)}`,
    status,
    rentDueDate,
    rentAmount: 800,
    amountOutstanding: 0,
    createdAt: '2026-01-10T08:00:00.000Z',
    updatedAt: '2026-01-10T08:00:00.000Z',
    tenant: { firstName: 'Hugo', lastName, email: `${lastName.toLowerCase()}@exemple.fr` },
    property: null,
    metadata: {},
  }) as unknown as Claim;

const keep = {
  project: (p: Project | null, pid = p?.id ?? '') => store.applyProject({ id: pid, readAt: ++readAt, project: p, required: null }),
  claim: (c: Claim | null, debts: RentalDebt[] = [], required: RequiredDocument[] | null = null, cid = c?.id ?? '') =>
    store.applyClaim({ id: cid, readAt: ++readAt, claim: c, debts, required }),
};

/** The lines per kind on `today`, counted afresh from every row by the rules (rules.ts). */
async function fresh(today: string, role: 'staff' | 'intermediary'): Promise<Record<InboxKind, number>> {
  const out = Object.fromEntries(INBOX_KINDS.map((k) => [k, 0])) as Record<InboxKind, number>;
  const claims = await database.db.selectFrom('rm_claims').select(['inbox_kind', 'inbox_since', 'inbox_months_from']).execute();
  const projects =
    role === 'intermediary'
      ? []
      : await database.db
          .selectFrom('rm_projects')
          .select(['inbox_kind', 'inbox_since', sql<string | null>`NULL`.as('inbox_months_from')])
          .execute();
  for (const r of [...claims, ...projects]) {
    const kind = r.inbox_kind === null ? null : InboxKindSchema.parse(r.inbox_kind);
    const at = kindOn({ kind, since: r.inbox_since, monthsFrom: r.inbox_months_from }, today);
    if (at) out[at.kind]++;
  }
  return out;
}

const read = (today: string, role: 'staff' | 'intermediary', q: Record<string, unknown> = {}) =>
  reads.page({ role, today, assignee: null, query: InboxQuerySchema.parse(q) });

/** Counts answered on each day around today, for each role, against a fresh count; and the lines listed per group. */
async function expectCountsTrue(): Promise<void> {
  for (const today of [daysAgo(40), daysAgo(8), daysAgo(1), TODAY, addDays(TODAY, 1), addDays(TODAY, 40)])
    for (const role of ['staff', 'intermediary'] as const) {
      const answer = await read(today, role);
      expect({ today, role, counts: answer.counts }).toEqual({ today, role, counts: await fresh(today, role) });
      expect(answer.total).toBe(Object.values(answer.counts).reduce((a, b) => a + b, 0));
    }
  for (const kind of INBOX_KINDS) {
    const first = await read(TODAY, 'staff', { kind: [kind], pageSize: INBOX_PAGE_MAX });
    let listed = first.lines.length;
    for (let page = 2; (page - 1) * INBOX_PAGE_MAX < first.total; page++)
      listed += (await read(TODAY, 'staff', { kind: [kind], pageSize: INBOX_PAGE_MAX, page })).lines.length;
    expect({ kind, listed }).toEqual({ kind, listed: first.counts[kind] });
  }
}

beforeAll(async () => {
  ({ database, close } = await migratedDatabase());
  store = new ReadModelStore(database.db);
  reads = new InboxReads(database.db, database.dialect);
});
afterAll(() => close());

describe(`the work queue's counts kept beside the rows (${TEST_DIALECT})`, () => {
  const p = { waiting: id(), rent: id(), docs: id() };
  const c = { months: id(), receipts: id(), documents: id(), later: id() };

  it('count what is added: every kind of line, and rows that have none (yet)', async () => {
    await keep.project(project(5, 'Attente', daysAgo(9), p.waiting));
    await keep.project(project(2, 'Loyer', daysAgo(30), p.rent));
    await keep.project(project(0, 'Pieces', daysAgo(3), p.docs));
    await keep.project(project(7, 'Actif', daysAgo(100)));
    await keep.project(project(4, 'Recent', daysAgo(2)));
    await keep.claim(claim(30, 'Mois', daysAgo(262), c.months), [month(daysAgo(262)), month(addDays(daysAgo(262), 31))]);
    await keep.claim(claim(30, 'Quittance', daysAgo(40), c.receipts), [declared(daysAgo(40), { receiptStatus: 1 })]);
    await keep.claim(claim(10, 'Pieces', '2026-06-01', c.documents), [], missing);
    await keep.claim(claim(30, 'Demain', '2026-03-16', c.later), [month('2026-06-16')]);
    await keep.claim(claim(140, 'Close', '2026-01-05'), [month('2026-01-05')]);
    // rows written by other means than the sync's apply (a bulk insert) are counted too
    const bulk = Array.from({ length: 130 }, (_, i) =>
      projectRow({ id: '', readAt: 1, project: project(5, `Lot${i % 9}`, daysAgo(i % 20)), required: null }),
    );
    await database.db.insertInto('rm_projects').values(bulk).execute();
    await expectCountsTrue();
  });

  it('follow each change of what a row awaits: a status, a waiting date, months declared or due, receipts signed', async () => {
    await keep.project(project(6, 'Attente', daysAgo(2), p.waiting)); // another signature awaited, since two days
    await keep.project(project(9, 'Loyer', daysAgo(1), p.rent)); // an ending contract
    await keep.project(project(7, 'Pieces', daysAgo(1), p.docs)); // active: no line any more
    await keep.claim(claim(30, 'Mois', daysAgo(262), c.months), [declared(daysAgo(262)), month(addDays(daysAgo(262), 31))]);
    await keep.claim(claim(30, 'Quittance', daysAgo(40), c.receipts), [declared(daysAgo(40), { receiptStatus: 2 }), month(daysAgo(5))]);
    await keep.claim(claim(30, 'Pieces', '2026-06-01', c.documents), [month('2026-06-01')]);
    await keep.claim(claim(30, 'Demain', '2026-03-16', c.later), [declared('2026-06-16')]);
    await expectCountsTrue();
  });

  it('forget what is gone, and what a stale read or an unchanged one leaves as it is', async () => {
    await keep.project(null, p.docs);
    await keep.claim(null, [], null, c.receipts);
    // a read older than the one kept changes nothing; the same read again neither
    await store.applyProject({ id: p.rent, readAt: 0, project: project(2, 'Loyer', daysAgo(30), p.rent), required: null });
    await keep.project(project(9, 'Loyer', daysAgo(1), p.rent));
    await database.db.deleteFrom('rm_projects').where('inbox_name', 'like', 'lot3%').execute();
    await expectCountsTrue();
  });

  it('follow the columns rewritten in bulk (rows kept before the columns existed, then the rules worked out again)', async () => {
    // as 017 left the rows kept before it: no line until the rules are worked out again
    await database.db
      .updateTable('rm_claims')
      .set({ inbox_version: 0, inbox_kind: null, inbox_since: null, inbox_months_from: null })
      .execute();
    await database.db.updateTable('rm_projects').set({ inbox_version: 0, inbox_kind: null, inbox_since: null }).execute();
    await expectCountsTrue();
    expect((await read(TODAY, 'staff')).total).toBe(0);
    // worked out again (as refreshInbox writes them: one UPDATE per row, here all at once)
    await database.db
      .updateTable('rm_claims')
      .set({ inbox_months_from: daysAgo(3) })
      .where('inbox_line', 'is not', null)
      .execute();
    await database.db
      .updateTable('rm_projects')
      .set({ inbox_kind: 'project.waiting', inbox_since: daysAgo(10) })
      .where('inbox_line', 'is not', null)
      .execute();
    await expectCountsTrue();
    expect((await read(TODAY, 'staff')).counts['claim.months']).toBeGreaterThan(0);
  });
});
