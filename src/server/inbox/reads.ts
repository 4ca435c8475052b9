import { sql, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import { INBOX_KINDS, InboxKindSchema, type Inbox, type InboxKind, type InboxLine, type InboxQuerySchema } from '../../contract/inbox.js';
import { foldForSearch } from '../../contract/search.js';
import type { Role } from '../../contract/session.js';
import { queueHasProjects } from '../../contract/access.js';
import { assignedTo, assigneeOfRow, isMine, withAssignee, type MineReader } from '../assignments/store.js';
import type { Dialect, ReadModelQuery, ServerDb } from '../db/db.js';
import { answerAsOf } from '../sync/as-of.js';
import { LineFixedSchema, lineOf, waitingBefore } from './rules.js';

type Query = z.output<typeof InboxQuerySchema>;

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

  async page(o: {
    role: Role;
    today: string;
    assignee: string | null;
    mine?: MineReader | null;
    query: Query;
  }): Promise<Omit<Inbox, 'generatedAt' | 'today'>> {
    const { query: q, today } = o;
    const tenant = q.tenant ? foldForSearch(q.tenant) : '';
    const kinds = q.kind?.length ? q.kind : null;
    // every line of the role (no tenant, no assignee): the counts the database keeps, and each
    // group's page read from its index in order; else the lines the filters keep, counted and sorted
    const everyLine = tenant === '' && o.assignee === null && !o.mine;
    const [filtered, unfiltered, asOf] = await Promise.all([
      everyLine ? this.keptCounts(o) : this.counts(o, tenant),
      tenant === '' ? null : o.assignee === null && !o.mine ? this.keptCounts(o) : this.counts(o, ''),
      answerAsOf(this.db, ['rm_claims', 'rm_projects']),
    ]);
    const rows = everyLine && q.sort !== 'tenant' ? await this.groupsPage(o, filtered, kinds) : await this.pageRows(o, tenant, kinds);
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
  private keys(o: { role: Role; today: string; assignee: string | null; mine?: MineReader | null }, tenant: string) {
    const { today, assignee, mine: reader } = o;
    // the assignee asked, "mine" (what the reader opened or looks after: the lists' rule, isMine), the tenant typed
    const asked = <O>(kind: 'claim' | 'project', rows: ReadModelQuery<O>) => {
      const mine = reader ? isMine(this.db, kind, reader) : null;
      return rows
        .$if(assignee !== null, (b) => b.where('t.id', 'in', assignedTo(this.db, kind, assignee ?? '')))
        .$if(mine !== null, (b) => (mine ? b.where(mine) : b))
        .$if(tenant !== '', (b) => b.where('t.inbox_tenant', 'like', `%${tenant}%`));
    };
    const monthsDue = sql`t.inbox_months_from <= ${today}`;
    // a project waiting on someone for WAITING_TOO_LONG_DAYS or less: no line yet
    const notYet = sql`t.inbox_kind = 'project.waiting' AND t.inbox_since >= ${waitingBefore(today)}`;
    const projectKind = sql<string | null>`CASE WHEN ${notYet} THEN NULL ELSE t.inbox_kind END`;
    const claims = asked(
      'claim',
      this.db
        .selectFrom('rm_claims as t')
        // rm_claims_inbox's condition (017_inbox_columns): the rows that can have a line
        .where(sql<boolean>`(t.inbox_kind IS NOT NULL OR t.inbox_months_from IS NOT NULL)`)
        .select([
          sql<'claim' | 'project'>`'claim'`.as('area'),
          't.id',
          sql<string | null>`CASE WHEN ${monthsDue} THEN 'claim.months' ELSE t.inbox_kind END`.as('kind'),
          sql<string | null>`CASE WHEN ${monthsDue} THEN t.inbox_months_from ELSE t.inbox_since END`.as('since'),
          't.inbox_name as name',
        ]),
    );
    if (!queueHasProjects(o.role)) return claims;
    const projects = asked(
      'project',
      this.db
        .selectFrom('rm_projects as t')
        .where('t.inbox_kind', 'is not', null)
        .select([
          sql<'claim' | 'project'>`'project'`.as('area'),
          't.id',
          projectKind.as('kind'),
          't.inbox_since as since',
          't.inbox_name as name',
        ]),
    );
    return claims.unionAll(projects);
  }

  /** Lines per kind today. */
  private async counts(
    o: { role: Role; today: string; assignee: string | null; mine?: MineReader | null },
    tenant: string,
  ): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom(this.keys(o, tenant).as('l'))
      .select((eb) => ['l.kind', eb.fn.countAll<number | string>().as('n')])
      .where('l.kind', 'is not', null)
      .groupBy('l.kind')
      .execute();
    return new Map(rows.map((r) => [String(r.kind), Number(r.n)]));
  }

  /**
   * Lines per kind today, from the counts the database keeps per area, kind and day (018,
   * rm_inbox_counts): the same rule as keys() on a few rows per day instead of every line.
   */
  private async keptCounts(o: { role: Role; today: string }): Promise<Map<string, number>> {
    const kind = sql<string | null>`CASE
      WHEN c.area = 'claim' AND c.day <> '' AND c.day <= ${o.today} THEN 'claim.months'
      WHEN c.area = 'claim' THEN NULLIF(c.kind, '')
      WHEN c.kind = 'project.waiting' AND c.day >= ${waitingBefore(o.today)} THEN NULL
      ELSE c.kind END`;
    const kept = this.db
      .selectFrom('rm_inbox_counts as c')
      .$if(!queueHasProjects(o.role), (b) => b.where('c.area', '=', 'claim'))
      .select([kind.as('kind'), 'c.n']);
    const rows = await this.db
      .selectFrom(kept.as('l'))
      .select((eb) => ['l.kind', eb.fn.sum<number | string>('l.n').as('n')])
      .where('l.kind', 'is not', null)
      .groupBy('l.kind')
      .execute();
    return new Map(rows.map((r) => [String(r.kind), Number(r.n)]));
  }

  /**
   * The page's keys when it shows every line of the role (most urgent or most recent first): the
   * counts say which groups it falls in, and each of those is read from its index in order
   * (018), from the page's place in the group: what is read is bounded by the page, not by the
   * organization.
   */
  private async groupsPage(o: { today: string; query: Query }, counts: Map<string, number>, kinds: InboxKind[] | null) {
    let skip = (o.query.page - 1) * o.query.pageSize;
    let want = o.query.pageSize;
    const out: { area: 'claim' | 'project'; id: string; kind: string | null; since: string | null }[] = [];
    for (const kind of INBOX_KINDS) {
      if (want <= 0) break;
      if (kinds && !kinds.includes(kind)) continue;
      const n = counts.get(kind) ?? 0;
      if (skip >= n) {
        skip -= n;
        continue;
      }
      const rows = await this.groupRows(kind, o, skip, want);
      out.push(...rows);
      want -= rows.length;
      skip = 0;
    }
    return out;
  }

  /** A group's lines today from `offset`, at most `limit`, in the group's order (since, name, id). */
  private groupRows(kind: InboxKind, o: { today: string; query: Query }, offset: number, limit: number) {
    const dir = o.query.sort === 'recent' ? 'desc' : 'asc';
    const name: RawBuilder<string> = this.dialect === 'postgres' ? sql`t.inbox_name COLLATE "C"` : sql`t.inbox_name`;
    const fixed = <A extends 'claim' | 'project'>(area: A) => [
      sql<A>`${sql.lit(area)}`.as('area'),
      sql<string>`${sql.lit(kind)}`.as('kind'),
    ];
    const page = <O extends { since: string | null }>(rows: ReadModelQuery<O>) =>
      rows.orderBy('since', dir).orderBy(name).orderBy('t.id').limit(limit).offset(offset).execute();
    if (kind === 'claim.months')
      return page(
        this.db
          .selectFrom('rm_claims as t')
          .where('t.inbox_months_from', 'is not', null)
          .where('t.inbox_months_from', '<=', o.today)
          .select([...fixed('claim'), 't.id', 't.inbox_months_from as since']),
      );
    if (kind.startsWith('claim.'))
      return page(
        this.db
          .selectFrom('rm_claims as t')
          .where('t.inbox_kind', '=', kind)
          .where((eb) => eb.or([eb('t.inbox_months_from', 'is', null), eb('t.inbox_months_from', '>', o.today)]))
          .select([...fixed('claim'), 't.id', 't.inbox_since as since']),
      );
    return page(
      this.db
        .selectFrom('rm_projects as t')
        .where('t.inbox_kind', '=', kind)
        .$if(kind === 'project.waiting', (b) => b.where('t.inbox_since', '<', waitingBefore(o.today)))
        .select([...fixed('project'), 't.id', 't.inbox_since as since']),
    );
  }

  /** The page's keys, grouped by kind (INBOX_KINDS order), sorted within a group, ties by id. */
  private pageRows(
    o: { role: Role; today: string; assignee: string | null; mine?: MineReader | null; query: Query },
    tenant: string,
    kinds: InboxKind[] | null,
  ) {
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
    const read = (area: 'claim' | 'project') => {
      const ids = rows.filter((r) => r.area === area).map((r) => r.id);
      return ids.length === 0 ? [] : withAssignee(this.db, area).select(['t.id', 't.inbox_line']).where('t.id', 'in', ids).execute();
    };
    const monthClaims = rows.filter((r) => r.kind === 'claim.months').map((r) => r.id);
    const [claims, projects, due] = await Promise.all([read('claim'), read('project'), this.monthsDue(monthClaims, today)]);
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
      return line ? [{ ...line, assignee: assigneeOfRow(kept) }] : [];
    });
  }

  /**
   * The months to declare today of these claims, counted by the database (a claim may have
   * thousands): isToDeclare, asked of the column the sync keeps by the contract's declarableFrom.
   */
  private async monthsDue(claimIds: string[], today: string): Promise<Map<string, number>> {
    if (claimIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('rm_debts as d')
      .where('d.claim_id', 'in', claimIds)
      .where('d.declarable_from', '<=', today)
      .select((eb) => ['d.claim_id', eb.fn.countAll<number | string>().as('n')])
      .groupBy('d.claim_id')
      .execute();
    return new Map(rows.map((r) => [r.claim_id, Number(r.n)]));
  }
}
