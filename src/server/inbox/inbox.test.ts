import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, RentalDebt } from '../../contract/claims.js';
import { InboxSchema, inboxHref, inboxKey, type Inbox, type InboxLine, type InboxQuery } from '../../contract/inbox.js';
import { claimAwaitsDocuments, isClaimOpen, projectTakesDocuments } from '../../contract/lifecycle.js';
import type { Project, RequiredDocument } from '../../contract/projects.js';
import { INBOX_PROJECT_STATUSES, claimLine, projectLine } from './rules.js';
import { projectAt, claimOn, uploadClaimDocuments, validatedClaim } from '../../sandbox/test/flows.js';
import type { TestSandbox } from '../../sandbox/test/harness.js';
import { run } from '../../sandbox/db/database.js';
import { openDatabase } from '../db/db.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';

let s: TestServer;
let sb: TestSandbox;
let staff: Client;
beforeAll(async () => {
  // (a call budget the reconciliation pass below need not wait for)
  s = await startServer({ sandbox: { now: () => new Date('2026-06-15T10:00:00Z') }, env: { SYNC_CALLS_PER_MINUTE: '100000' } });
  if (!s.sandbox) throw new Error('no sandbox');
  sb = s.sandbox;
  staff = await s.signedIn('staff');
  run(sb.ctx.db, 'UPDATE organizations SET webhook_url = ?', `${s.url}/webhooks/partner`);
  await s.sync.runInitial();
});
afterAll(() => s.close());

async function inbox(c: Client = staff, q: InboxQuery = { pageSize: 100 }): Promise<Inbox> {
  await deliver();
  const query = new URLSearchParams(
    Object.entries(q).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, String(x)]) : [[k, String(v)]])),
  );
  const res = await c.call<Inbox>('GET', `/api/inbox?${query.toString()}`);
  expect(res.status).toBe(200);
  return InboxSchema.parse(res.body);
}

const lineOf = (i: Inbox, id: string): InboxLine | undefined =>
  i.lines.find((l) => (l.area === 'claim' ? l.claimId === id : l.projectId === id));

/** The partner delivers its pending events (webhooks) to this server, as it does in production. */
const deliver = () => sb.deliverer.tick();

/**
 * The work queue as the server used to gather it from the partner on each read (before the read
 * model): every claim, each open one's months and (before apply) required documents, the projects
 * in the statuses the queue reads and their required documents; the same rules (rules.ts).
 */
async function gatheredFromPartner(role: 'staff' | 'intermediary'): Promise<InboxLine[]> {
  const today = (await sb.call<{ today: string }>('GET', '/sandbox/clock')).body.today;
  const all = async <T>(path: string, query = ''): Promise<T[]> =>
    (await sb.call<{ items: T[] }>('GET', `${path}?pageSize=100${query}`)).body.items;
  const lines: InboxLine[] = [];
  for (const c of await all<Claim>('/v1/claims')) {
    if (!isClaimOpen(c.status)) continue;
    const debts = (await sb.call<RentalDebt[]>('GET', `/v1/claims/${c.id}/rentaldebts`)).body;
    const required = claimAwaitsDocuments(c.status)
      ? (await sb.call<RequiredDocument[]>('GET', `/v1/claims/${c.id}/documents/required`)).body
      : null;
    const line = claimLine(c, debts, required, today);
    if (line) lines.push(line);
  }
  if (role === 'intermediary') return lines;
  for (const p of await all<Project>('/v3/projects', INBOX_PROJECT_STATUSES.map((st) => `&status=${st}`).join(''))) {
    const required = projectTakesDocuments(p.status)
      ? (await sb.call<RequiredDocument[]>('GET', `/v3/projects/${p.id}/required`)).body
      : null;
    const line = projectLine(p, required, today);
    if (line) lines.push(line);
  }
  return lines;
}

describe('GET /api/inbox', () => {
  it('is for signed-in users only, and refuses a query it does not understand', async () => {
    expect((await s.client().call('GET', '/api/inbox')).status).toBe(401);
    for (const q of ['pageSize=1000', 'kind=claim.month', 'sort=name', 'page=0'])
      expect((await staff.call<{ code: string }>('GET', `/api/inbox?${q}`)).body.code).toBe('INVALID_REQUEST');
  });

  it('gathers one line per claim or project, and only claims for an intermediary', async () => {
    const p0 = await projectAt(sb, 0);
    const p2 = await projectAt(sb, 2);
    const p5 = await projectAt(sb, 5);
    const p12 = await projectAt(sb, 7);
    expect((await sb.call('POST', `/sandbox/projects/${p12.id}/status`, { status: 12 })).status).toBe(200);
    const { project: active, claim } = await claimOn(sb, '2026-03-05');

    const first = await inbox();
    // the claim's three late months and its missing documents are one line, about the months
    expect(lineOf(first, claim.id)).toMatchObject({
      kind: 'claim.months',
      months: { count: 3, oldest: '2026-04-05', daysLate: 71 },
      documents: { missing: [1, 2, 3] },
      receipts: null,
    });
    const claimLine = lineOf(first, claim.id);
    expect(claimLine && inboxHref(claimLine)).toBe(`/claims/${claim.id}#month-2026-04`);
    expect(first.lines.filter((l) => l.area === 'claim' && l.claimId === claim.id)).toHaveLength(1);
    const required = (await sb.call<{ documentType: number }[]>('GET', `/v3/projects/${p0.id}/required`)).body;
    expect(lineOf(first, p0.id)).toMatchObject({ kind: 'project.documents', missing: required.map((r) => r.documentType) });
    expect(lineOf(first, p2.id)?.kind).toBe('project.rent');
    expect(lineOf(first, p12.id)?.kind).toBe('project.ending');
    // waiting on the tenant's signature since today: not yet too long; an active contract awaits nothing
    expect(lineOf(first, p5.id)).toBeUndefined();
    expect(lineOf(first, active.id)).toBeUndefined();
    expect(first.areas.claims).toBe(first.lines.filter((l) => l.area === 'claim').length);

    // 8 days later (moved through the server) the signature has been pending too long: a reminder to the tenant
    expect((await staff.call('POST', '/api/sandbox/clock', { advanceDays: 8 })).status).toBe(200);
    const later = await inbox();
    expect(later.today).toBe('2026-06-23');
    expect(lineOf(later, p5.id)).toMatchObject({
      kind: 'project.waiting',
      status: 5,
      days: 8,
      reminder: { to: 'tenant', email: p5.profile.email, publicUrl: p5.publicUrl },
    });
    expect(lineOf(later, claim.id)).toMatchObject({ months: { daysLate: 79 } });

    // line for line what the gather from the partner gave, for both roles
    const byKey = (a: InboxLine, b: InboxLine) => inboxKey(a).localeCompare(inboxKey(b));
    expect([...later.lines].sort(byKey)).toEqual((await gatheredFromPartner('staff')).sort(byKey));
    const intermediary = await inbox(await s.signedIn('intermediary'));
    expect([...intermediary.lines].sort(byKey)).toEqual((await gatheredFromPartner('intermediary')).sort(byKey));
    expect(intermediary.lines.every((l) => l.area === 'claim')).toBe(true);
    expect(intermediary.areas.projects).toBe(0);
    expect(intermediary.lines.map(inboxKey)).toEqual(later.lines.filter((l) => l.area === 'claim').map(inboxKey));
  });

  it('filters by kind and tenant, sorts and pages on the server', async () => {
    const all = await inbox();
    const months = await inbox(staff, { kind: ['claim.months'], pageSize: 100 });
    expect(months.lines.length).toBeGreaterThan(0);
    expect(months.lines.every((l) => l.kind === 'claim.months')).toBe(true);
    expect(months.total).toBe(all.counts['claim.months']);
    const [someone] = all.lines;
    const byName = await inbox(staff, { tenant: someone?.tenant.lastName.toUpperCase() ?? '' });
    expect(byName.lines.map(inboxKey)).toContain(someone && inboxKey(someone));
    const page2 = await inbox(staff, { pageSize: 2, page: 2 });
    expect(page2.lines.map(inboxKey)).toEqual(all.lines.slice(2, 4).map(inboxKey));
  });

  it('drops a claim once nothing is due there, as soon as it is done through the server', async () => {
    const { claim } = await claimOn(sb, '2026-04-05');
    await uploadClaimDocuments(sb, claim.id);
    expect((await sb.call('POST', `/v1/claims/${claim.id}/apply`)).status).toBe(200);
    expect(lineOf(await inbox(), claim.id)).toMatchObject({ months: { count: 2, oldest: '2026-05-05' } });
    for (const due of ['2026-05-05', '2026-06-05']) {
      const declared = await staff.call('POST', `/api/v1/claims/${claim.id}/rentaldebts`, {
        rentAmount: 800,
        rentAmountReceived: 0,
        rentDueDate: due,
      });
      expect(declared.status).toBe(201);
      if (due === '2026-05-05') expect(lineOf(await inbox(), claim.id)).toMatchObject({ months: { count: 1, oldest: '2026-06-05' } });
    }
    expect(lineOf(await inbox(), claim.id)).toBeUndefined();
  });

  it('hears of a write made through the server from the route itself, before the partner’s event arrives', async () => {
    /** The inbox as the server answers it now, the partner's events (webhooks) not delivered. */
    const undelivered = async () => InboxSchema.parse((await staff.call<Inbox>('GET', '/api/inbox?pageSize=100')).body);
    const { claim } = await claimOn(sb, '2026-04-05');
    await uploadClaimDocuments(sb, claim.id);
    expect((await sb.call('POST', `/v1/claims/${claim.id}/apply`)).status).toBe(200);
    expect(lineOf(await inbox(), claim.id)).toMatchObject({ months: { count: 2 } });
    // the proxy: a month declared
    const body = { rentAmount: 800, rentAmountReceived: 0, rentDueDate: '2026-05-05' };
    expect((await staff.call('POST', `/api/v1/claims/${claim.id}/rentaldebts`, body)).status).toBe(201);
    expect(lineOf(await undelivered(), claim.id)).toMatchObject({ months: { count: 1, oldest: '2026-06-05' } });
    expect(lineOf(await inbox(), claim.id)).toBeDefined(); // events delivered, the inbox read (and kept) again
    // the back office: the claim closed
    expect((await staff.call('POST', `/api/sandbox/claims/${claim.id}/status`, { status: 140 })).status).toBe(200);
    expect(lineOf(await undelivered(), claim.id)).toBeUndefined();
    await deliver();
  });

  it('answers from the read model: a change without an event shows after the next pass, one with an event at once', async () => {
    const { claim } = await claimOn(sb, '2026-06-05');
    expect(lineOf(await inbox(), claim.id)?.kind).toBe('claim.documents');
    // straight to the partner, not through this server, and no event: the read model still says what it read
    await uploadClaimDocuments(sb, claim.id);
    expect(lineOf(await inbox(), claim.id)?.kind).toBe('claim.documents');
    // the reconciliation pass re-reads it: nothing is missing any more, the claim leaves the queue
    await s.sync.runPass();
    expect(lineOf(await inbox(), claim.id)).toBeUndefined();
    // closed at the partner's back office: its event, delivered, re-reads the claim before any pass
    const other = (await claimOn(sb, '2026-05-05')).claim;
    expect(lineOf(await inbox(), other.id)).toBeDefined();
    expect((await sb.call('POST', `/sandbox/claims/${other.id}/status`, { status: 140 })).status).toBe(200);
    expect(lineOf(await inbox(), other.id)).toBeUndefined();
  });

  it('reads no partner data to answer, even across a sign-in', async () => {
    await inbox();
    const before = s.hits.length;
    await s.signedIn('manager');
    await inbox();
    expect(s.hits.slice(before).filter((h) => h.includes('/v1/') || h.includes('/v3/'))).toEqual([]);
  });

  it('lists a receipt awaiting signature until it is signed', async () => {
    const { claim } = await validatedClaim(sb, '2026-06-05');
    const [month] = (await sb.call<RentalDebt[]>('GET', `/v1/claims/${claim.id}/rentaldebts`)).body;
    expect((await staff.call('POST', `/api/sandbox/claims/${claim.id}/rentaldebts/${month?.id}/pay`)).status).toBe(200);
    expect(lineOf(await inbox(), claim.id)).toMatchObject({ kind: 'claim.receipts', receipts: { count: 1, oldest: '2026-06-05' } });
    expect((await staff.call('POST', `/api/sandbox/claims/${claim.id}/rentaldebts/${month?.id}/receipt/sign`)).status).toBe(200);
    expect(lineOf(await inbox(), claim.id)).toBeUndefined();
  });

  it('a closed claim leaves the inbox', async () => {
    const { claim } = await claimOn(sb, '2026-05-05');
    expect(lineOf(await inbox(), claim.id)).toBeDefined();
    expect((await staff.call('POST', `/api/sandbox/claims/${claim.id}/status`, { status: 140 })).status).toBe(200);
    expect(lineOf(await inbox(), claim.id)).toBeUndefined();
  });

  it('rows kept under older rules get their work-queue columns again from what they hold, without a partner call', async () => {
    const before = await inbox();
    expect(before.lines.length).toBeGreaterThan(3);
    // as a server of the previous version left them (017_inbox_columns: version 0, nothing worked out)
    const second = openDatabase({ dataDir: s.config.dataDir, databaseUrl: s.config.databaseUrl });
    try {
      const reset = { inbox_version: 0, inbox_kind: null, inbox_since: null, inbox_line: null, inbox_tenant: '', inbox_name: '' };
      await second.db.updateTable('rm_projects').set(reset).execute();
      await second.db
        .updateTable('rm_claims')
        .set({ ...reset, inbox_months_from: null })
        .execute();
    } finally {
      await second.close();
    }
    expect((await inbox()).lines).toEqual([]);
    const calls = s.hits.length;
    expect(await s.stores.readModel.refreshInbox(7)).toBeGreaterThan(before.lines.length);
    expect(s.hits.slice(calls).filter((h) => h.includes('/v1/') || h.includes('/v3/'))).toEqual([]);
    const after = await inbox();
    expect(after.lines).toEqual(before.lines);
    expect([after.counts, after.areas]).toEqual([before.counts, before.areas]);
    expect(await s.stores.readModel.refreshInbox()).toBe(0);
  });

  it('a claim whose first unpaid month is in year 0100 is one small line, the same at every answer', async () => {
    const { claim } = await claimOn(sb, '2026-05-05');
    // as if the partner had accepted that date (the contract may refuse it today): 23,000 months to declare
    run(
      sb.ctx.db,
      `UPDATE claims SET first_due_date = '0100-01-05', body = json_set(body, '$.rentDueDate', '0100-01-05') WHERE id = ?`,
      claim.id,
    );
    run(sb.ctx.db, `UPDATE rental_debts SET month = '0100-01', rent_due_date = '0100-01-05' WHERE claim_id = ?`, claim.id);
    run(sb.ctx.db, `UPDATE organizations SET webhook_url = NULL`); // no event: the next pass re-reads it
    await s.sync.syncClaim(claim.id);
    const res = await staff.call<Inbox>('GET', '/api/inbox');
    run(sb.ctx.db, 'UPDATE organizations SET webhook_url = ?', `${s.url}/webhooks/partner`);
    expect(res.status).toBe(200);
    const line = lineOf(InboxSchema.parse(res.body), claim.id);
    expect(line).toMatchObject({ kind: 'claim.months', months: { oldest: '0100-02-05' } });
    expect(line?.area === 'claim' && line.months?.count).toBeGreaterThan(23_000);
    expect(res.text.length).toBeLessThan(50_000);
    // answered again, without any cache: the same one line (how fast is npm run bench's business)
    const again = await staff.call<Inbox>('GET', '/api/inbox');
    expect(again.status).toBe(200);
    expect(lineOf(InboxSchema.parse(again.body), claim.id)).toEqual(line);
    expect((await staff.call('POST', `/api/sandbox/claims/${claim.id}/status`, { status: 150 })).status).toBe(200);
  });
});
