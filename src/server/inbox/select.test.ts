import { describe, expect, it } from 'vitest';
import { INBOX_PAGE_MAX, InboxQuerySchema, InboxSchema, inboxKey, type InboxLine, type InboxQuery } from '../../contract/inbox.js';
import { selectInbox } from './select.js';

let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

const claimLine = (
  kind: 'claim.months' | 'claim.receipts' | 'claim.documents',
  firstName: string,
  lastName: string,
  days: number,
): InboxLine => ({
  area: 'claim',
  kind,
  claimId: id(),
  projectId: id(),
  tenant: { firstName, lastName },
  since: '2026-01-01',
  days,
  months: kind === 'claim.months' ? { count: 2, oldest: '2026-01-01', daysLate: days } : null,
  receipts: null,
  documents: null,
  assignee: null,
});

const projectLine = (kind: 'project.rent' | 'project.waiting', firstName: string, lastName: string, days: number): InboxLine => ({
  area: 'project',
  kind,
  projectId: id(),
  tenant: { firstName, lastName },
  since: '2026-01-01',
  days,
  status: kind === 'project.rent' ? 2 : 5,
  assignee: null,
  missing: [],
  rejectionReason: null,
  reminder: null,
});

const ALL = [
  projectLine('project.waiting', 'Paul', 'Durand', 9),
  claimLine('claim.documents', 'Zoé', 'Bernard', 3),
  claimLine('claim.months', 'Léa', 'Martin', 14),
  claimLine('claim.months', 'Hugo', 'Éluard', 262),
  projectLine('project.rent', 'Léo', 'Martin', 30),
  claimLine('claim.receipts', 'Anna', 'Petit', 40),
];

const select = (q: InboxQuery = {}) => selectInbox(ALL, InboxQuerySchema.parse(q));
const names = (r: ReturnType<typeof select>) => r.lines.map((l) => `${l.kind} ${l.tenant.lastName}`);

describe('selecting a page of the inbox', () => {
  it('groups by kind in a fixed order, the most urgent first within a group, with counts per group and per area', () => {
    const r = select();
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

  it('sorts within groups by the most recent, or by tenant name', () => {
    expect(names(select({ sort: 'recent' })).slice(0, 2)).toEqual(['claim.months Martin', 'claim.months Éluard']);
    expect(names(select({ sort: 'tenant', kind: ['claim.months', 'claim.documents'] }))).toEqual([
      'claim.months Éluard',
      'claim.months Martin',
      'claim.documents Bernard',
    ]);
  });

  it('filters by kind and by tenant (either name, any case, accents ignored); groups keep counting under the tenant filter', () => {
    const kinds = select({ kind: ['project.rent', 'claim.receipts'] });
    expect(names(kinds)).toEqual(['claim.receipts Petit', 'project.rent Martin']);
    expect(kinds.total).toBe(2);
    expect(kinds.counts['claim.months']).toBe(2); // the other groups still say how many they hold
    const martin = select({ tenant: 'MARTIN' });
    expect(names(martin)).toEqual(['claim.months Martin', 'project.rent Martin']);
    expect(martin.counts).toMatchObject({ 'claim.months': 1, 'project.rent': 1, 'claim.documents': 0 });
    expect(martin.areas).toEqual({ claims: 4, projects: 2 }); // the navigation's badges are not filtered
    expect(names(select({ tenant: 'eluard hugo' }))).toEqual(['claim.months Éluard']);
    expect(names(select({ tenant: 'léa mart' }))).toEqual(['claim.months Martin']);
    expect(select({ tenant: 'nobody' }).total).toBe(0);
  });

  it('finds a tenant typed without the letters or punctuation of their name ("lukasz", "obrien")', () => {
    const lines = [claimLine('claim.months', 'Łukasz', 'Nguyễn', 3), projectLine('project.rent', 'Siobhan', "O'Brien", 2)];
    const found = (tenant: string) => selectInbox(lines, InboxQuerySchema.parse({ tenant })).lines.map((l) => l.tenant.lastName);
    expect(found('lukasz')).toEqual(['Nguyễn']);
    expect(found('nguyen lukasz')).toEqual(['Nguyễn']);
    expect(found('obrien')).toEqual(["O'Brien"]);
    expect(found('o brien')).toEqual(["O'Brien"]);
  });

  it('cuts to pages and says how many lines match in all', () => {
    const first = select({ pageSize: 4 });
    const second = select({ pageSize: 4, page: 2 });
    expect(first.lines).toHaveLength(4);
    expect(second.lines.map(inboxKey)).toEqual(select().lines.slice(4).map(inboxKey));
    expect([first.total, second.total]).toEqual([6, 6]);
    expect(select({ page: 9 }).lines).toEqual([]);
  });

  it('answers a bounded page whatever the number of lines', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => claimLine('claim.months', 'Léa', `Martin${i}`, i % 400));
    const started = performance.now();
    const r = selectInbox(many, InboxQuerySchema.parse({ pageSize: INBOX_PAGE_MAX }));
    expect(performance.now() - started).toBeLessThan(1000);
    const body = JSON.stringify(InboxSchema.parse({ generatedAt: '2026-06-15T00:00:00Z', today: '2026-06-15', asOf: null, ...r }));
    expect(r.lines).toHaveLength(INBOX_PAGE_MAX);
    expect(r.total).toBe(20_000);
    expect(body.length).toBeLessThan(60_000);
  });

  it('refuses a page size over the maximum, an unknown kind or sort, and a huge page number', () => {
    for (const q of [
      { pageSize: '101' },
      { pageSize: '0' },
      { kind: 'claim.month' },
      { sort: 'name' },
      { page: '1e300' },
      { tenant: 'x'.repeat(101) },
    ])
      expect(InboxQuerySchema.safeParse(q).success).toBe(false);
    expect(InboxQuerySchema.parse({ kind: 'claim.months' }).kind).toEqual(['claim.months']);
  });
});
