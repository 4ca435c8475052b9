import { sql, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import { RentalDebtStatus } from '../../contract/enums.js';
import { INBOX_KINDS, InboxKindSchema, type Inbox, type InboxKind, type InboxLine, type InboxQuerySchema } from '../../contract/inbox.js';
import { isMonthDue } from '../../contract/round.js';
import { foldForSearch } from '../../contract/search.js';
import { assignedTo } from '../assignments/store.js';
import type { Dialect, ServerDb } from '../db.js';
import { answerAsOf } from '../sync/as-of.js';
import { LineFixedSchema, lineOf, waitingBefore } from './rules.js';

type Query = z.output<typeof InboxQuerySchema>;
type Role = 'manager' | 'staff' | 'intermediary';

const UNDECLARED = [RentalDebtStatus.Virtual, RentalDebtStatus.VirtualPostLimitDate];

/** The groups' order (INBOX_KINDS) as a number the database sorts by. */
const RANK = sql<number>`CASE l.kind ${sql.join(
  INBOX_KINDS.map((k, i) => sql`WHEN ${sql.lit(k)} THEN ${sql.lit(i)}`),
  sql` `,
)} END`;

/**
 * The work queue (GET /api/inbox), read from the read model by the database: each row keeps what
 * of its line does not depend on today (inbox_* columns, inbox/rules.ts); what it is about today
 * and since when is worked out here in SQL, the same rule as kindOn (rules.ts):
 * - a claim is about its months once its oldest undeclared month is due (inbox_months_from <= today),
 *   otherwise about what it keeps (receipts, documents) or nothing;
 * - a project waiting on someone is a line once it has waited more than WAITING_TOO_LONG_DAYS.
 * The database filters (tenant, kind, assignee, role), groups, sorts, pages and counts; only the
 * page's rows (at most INBOX_PAGE_MAX) are read whole, their months due counted for them alone.
 */
export class InboxReads {
  constructor(
    private readonly db: ServerDb,
    private readonly dialect: Dialect,
  ) {}

  async page(o: { role: Role; today: string; assignee: string | null; query: Query }): Promise<Omit<Inbox, 'generatedAt' | 'today'>> {
    const { query: q, today } = o;
    const tenant = q.tenant ? foldForSearch(q.tenant) : '';
    const kinds = q.kind?.length ? q.kind : null;
    const [filtered, unfiltered, rows, asOf] = await Promise.all([
      this.counts(o, tenant),
      tenant === '' ? null : this.counts(o, ''),
      this.pageRows(o, tenant, kinds),
      answerAsOf(this.db, ['rm_claims', 'rm_projects']),
    ]);
    const asked: readonly InboxKind[] = kinds ?? INBOX_KINDS;
    const counts = Object.fromEntries(INBOX_KINDS.map((k) => [k, filtered.get(k) ?? 0])) as Record<InboxKind, number>;
    const all = unfiltered ?? filtered;
    const inArea = (prefix: string) => INBOX_KINDS.filter((k) => k.startsWith(prefix)).reduce((n, k) => n + (all.get(k) ?? 0), 0);
    return {
      lines: await this.lines(rows, today),
      page: q.page,
      pageSize: q.pageSize,
      total: asked.reduce((n, k) => n + counts[k], 0),
      counts,
      areas: { claims: inArea('claim.'), projects: inArea('project.') },
      asOf,
    };
  }

  /**
   * Every line's key for the role, the assignee asked and the tenant typed (folded; '' for all):
   * its area, id, kind today (null: no line today), since when, its name for the name orders.
   */
  private keys(o: { role: Role; today: string; assignee: string | null }, tenant: string) {
    const { today, assignee } = o;
    const mine = (kind: 'claim' | 'project') => assignedTo(this.db, kind, assignee ?? '');
    const monthsDue = sql`t.inbox_months_from <= ${today}`;
    // a project waiting on someone for WAITING_TOO_LONG_DAYS or less: no line yet
    const notYet = sql`t.inbox_kind = 'project.waiting' AND t.inbox_since >= ${waitingBefore(today)}`;
    const projectKind = sql<string | null>`CASE WHEN ${notYet} THEN NULL ELSE t.inbox_kind END`;
    const claims = this.db
      .selectFrom('rm_claims as t')
      // rm_claims_inbox's condition (017_inbox_columns): the rows that can have a line
      .where(sql<boolean>`(t.inbox_kind IS NOT NULL OR t.inbox_months_from IS NOT NULL)`)
      .$if(assignee !== null, (b) => b.where('t.id', 'in', mine('claim')))
      .$if(tenant !== '', (b) => b.where('t.inbox_tenant', 'like', `%${tenant}%`))
      .select([
        sql<'claim' | 'project'>`'claim'`.as('area'),
        't.id',
        sql<string | null>`CASE WHEN ${monthsDue} THEN 'claim.months' ELSE t.inbox_kind END`.as('kind'),
        sql<string | null>`CASE WHEN ${monthsDue} THEN t.inbox_months_from ELSE t.inbox_since END`.as('since'),
        't.inbox_name as name',
      ]);
    if (o.role === 'intermediary') return claims;
    const projects = this.db
      .selectFrom('rm_projects as t')
      .where('t.inbox_kind', 'is not', null)
      .$if(assignee !== null, (b) => b.where('t.id', 'in', mine('project')))
      .$if(tenant !== '', (b) => b.where('t.inbox_tenant', 'like', `%${tenant}%`))
      .select([
        sql<'claim' | 'project'>`'project'`.as('area'),
        't.id',
        projectKind.as('kind'),
        't.inbox_since as since',
        't.inbox_name as name',
      ]);
    return claims.unionAll(projects);
  }

  /** Lines per kind today. */
  private async counts(o: { role: Role; today: string; assignee: string | null }, tenant: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom(this.keys(o, tenant).as('l'))
      .select((eb) => ['l.kind', eb.fn.countAll<number | string>().as('n')])
      .where('l.kind', 'is not', null)
      .groupBy('l.kind')
      .execute();
    return new Map(rows.map((r) => [String(r.kind), Number(r.n)]));
  }

  /** The page's keys, grouped by kind (INBOX_KINDS order), sorted within a group, ties by id. */
  private pageRows(o: { role: Role; today: string; assignee: string | null; query: Query }, tenant: string, kinds: InboxKind[] | null) {
    const name: RawBuilder<string> = this.dialect === 'postgres' ? sql`l.name COLLATE "C"` : sql`l.name`;
    const base = this.db
      .selectFrom(this.keys(o, tenant).as('l'))
      .select(['l.area', 'l.id', 'l.kind', 'l.since'])
      .where('l.kind', 'is not', null)
      .$if(kinds !== null, (b) => b.where('l.kind', 'in', kinds ?? []))
      .orderBy(RANK);
    const sorted =
      o.query.sort === 'tenant'
        ? base.orderBy(name).orderBy('l.since')
        : base.orderBy('l.since', o.query.sort === 'recent' ? 'desc' : 'asc').orderBy(name);
    return sorted
      .orderBy('l.id')
      .limit(o.query.pageSize)
      .offset((o.query.page - 1) * o.query.pageSize)
      .execute();
  }

  /** The page's lines: each row's fixed part, its assignee, a line about months its count of months due today. */
  private async lines(rows: { area: 'claim' | 'project'; id: string; kind: string | null; since: string | null }[], today: string) {
    const ids = (area: 'claim' | 'project') => rows.filter((r) => r.area === area).map((r) => r.id);
    const claimIds = ids('claim');
    const projectIds = ids('project');
    const columns = ['t.id', 't.inbox_line', 'a.user_id as assignee_id', 'u.name as assignee_name'] as const;
    const monthClaims = rows.filter((r) => r.kind === 'claim.months').map((r) => r.id);
    const [claims, projects, due] = await Promise.all([
      claimIds.length === 0
        ? []
        : this.db
            .selectFrom('rm_claims as t')
            .leftJoin('assignments as a', (j) => j.on('a.kind', '=', 'claim').onRef('a.entity_id', '=', 't.id'))
            .leftJoin('users as u', 'u.id', 'a.user_id')
            .select(columns)
            .where('t.id', 'in', claimIds)
            .execute(),
      projectIds.length === 0
        ? []
        : this.db
            .selectFrom('rm_projects as t')
            .leftJoin('assignments as a', (j) => j.on('a.kind', '=', 'project').onRef('a.entity_id', '=', 't.id'))
            .leftJoin('users as u', 'u.id', 'a.user_id')
            .select(columns)
            .where('t.id', 'in', projectIds)
            .execute(),
      this.monthsDue(monthClaims, today),
    ]);
    const byId = new Map([...claims, ...projects].map((r) => [r.id, r]));
    return rows.flatMap((r): InboxLine[] => {
      const kept = byId.get(r.id);
      const kind = InboxKindSchema.safeParse(r.kind);
      if (!kept?.inbox_line || !kind.success || r.since === null) return [];
      const line = lineOf(
        LineFixedSchema.parse(JSON.parse(kept.inbox_line)),
        { kind: kind.data, since: r.since },
        today,
        due.get(r.id) ?? 0,
      );
      const assignee = kept.assignee_id === null ? null : { id: kept.assignee_id, name: kept.assignee_name ?? '' };
      return line ? [{ ...line, assignee }] : [];
    });
  }

  /**
   * The undeclared months due by today of these claims, counted by the database (a claim may have
   * thousands): every one before this month is due, one of this month once the claim's day has come
   * (isMonthDue: the round's and the menu badge's rule).
   */
  private async monthsDue(claimIds: string[], today: string): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (claimIds.length === 0) return out;
    const thisMonth = today.slice(0, 7);
    const month = sql<string>`substr(d.rent_due_date, 1, 7)`;
    const undeclared = () =>
      this.db
        .selectFrom('rm_debts as d')
        .innerJoin('rm_claims as c', 'c.id', 'd.claim_id')
        .where('d.claim_id', 'in', claimIds)
        .where('d.id', 'is', null)
        .where('d.status', 'in', UNDECLARED);
    const [before, current] = await Promise.all([
      undeclared()
        .where(month, '<', thisMonth)
        .select((eb) => ['d.claim_id', eb.fn.countAll<number | string>().as('n')])
        .groupBy('d.claim_id')
        .execute(),
      undeclared().where(month, '=', thisMonth).select(['d.claim_id', 'd.rent_due_date', 'c.rent_due_date as first']).execute(),
    ]);
    for (const r of before) out.set(r.claim_id, Number(r.n));
    for (const r of current) if (isMonthDue(r.first, r.rent_due_date, today)) out.set(r.claim_id, (out.get(r.claim_id) ?? 0) + 1);
    return out;
  }
}
