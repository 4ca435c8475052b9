import { sql, type ExpressionBuilder } from 'kysely';
import { z } from 'zod';
import { ClaimSchema } from '../../contract/claims.js';
import { daysBetween, dueDateInMonth } from '../../contract/dates.js';
import { isMonthDue } from '../../contract/round.js';
import { CLAIM_TERMINAL_STATUSES, ReceiptStatus, RentalDebtStatus } from '../../contract/enums.js';
import type { InboxLine } from '../../contract/inbox.js';
import type { Assignee } from '../../contract/lists.js';
import { ProjectSchema, RequiredDocumentSchema, type RequiredDocument } from '../../contract/projects.js';
import type { ServerDb, Tables } from '../db.js';
import { answerAsOf } from '../sync/as-of.js';
import { INBOX_PROJECT_STATUSES, claimLine, projectLine, type DebtSummary } from './rules.js';

type DebtTables = Tables & { d: Tables['rm_debts']; c: Tables['rm_claims'] };

const RequiredListSchema = z.array(RequiredDocumentSchema);
const requiredOf = (json: string | null): RequiredDocument[] | null => (json === null ? null : RequiredListSchema.parse(JSON.parse(json)));
const assigneeOf = (r: { assignee_id: string | null; assignee_name: string | null }): Assignee | null =>
  r.assignee_id === null ? null : { id: r.assignee_id, name: r.assignee_name ?? '' };

const CLOSED = [...CLAIM_TERMINAL_STATUSES];

/** A claim's months as the database counted them (see monthsByClaim). */
interface MonthCounts {
  before: { n: number; oldest: string } | null;
  current: string[];
  receipts: { count: number; oldest: string } | null;
}

/**
 * The same summary as summarizeDebts (rules.ts) gives from every month: an undeclared month is due
 * from the claim's day of its month, that day included (isMonthDue: the round's and the menu
 * badge's rule), so every one before this month is due, and one of this month once its day has come.
 */
function summaryOf(m: MonthCounts | undefined, firstDueDate: string, today: string): DebtSummary {
  if (!m) return { months: null, receipts: null };
  let count = m.before?.n ?? 0;
  let oldest = m.before ? dueDateInMonth(firstDueDate, m.before.oldest) : '';
  for (const d of m.current) {
    const due = dueDateInMonth(firstDueDate, d);
    if (isMonthDue(firstDueDate, d, today)) {
      count++;
      if (oldest === '' || due < oldest) oldest = due;
    }
  }
  return { months: count > 0 ? { count, oldest, daysLate: daysBetween(oldest, today) } : null, receipts: m.receipts };
}

/**
 * The work queue's lines, read from the read model (src/server/sync keeps it equal to the partner):
 * the open claims with the months that may await something (undeclared, or a receipt to sign) and
 * their required documents, and the projects in the statuses that await the agency. What is due is
 * worked out here against `today` (the sandbox clock's in sandbox mode), so a clock move never
 * leaves a month stale; the rules are the same as ever (rules.ts).
 */
export class InboxReads {
  constructor(private readonly db: ServerDb) {}

  async lines(o: { role: 'manager' | 'staff' | 'intermediary'; today: string; assignee: string | null }): Promise<{
    lines: InboxLine[];
    asOf: number | null;
  }> {
    const [claims, projects, asOf] = await Promise.all([
      this.claimLines(o.today, o.assignee),
      o.role === 'intermediary' ? Promise.resolve([]) : this.projectLines(o.today, o.assignee),
      answerAsOf(this.db, ['rm_claims', 'rm_projects']),
    ]);
    return { lines: [...claims, ...projects], asOf };
  }

  private async claimLines(today: string, assignee: string | null): Promise<InboxLine[]> {
    const [claims, months] = await Promise.all([
      this.db
        .selectFrom('rm_claims as t')
        .leftJoin('assignments as a', (j) => j.on('a.kind', '=', 'claim').onRef('a.entity_id', '=', 't.id'))
        .leftJoin('users as u', 'u.id', 'a.user_id')
        .select(['t.id', 't.data', 't.required', 'a.user_id as assignee_id', 'u.name as assignee_name'])
        .where('t.status', 'not in', CLOSED)
        .$if(assignee !== null, (b) => b.where('a.user_id', '=', assignee ?? ''))
        .execute(),
      this.monthsByClaim(today),
    ]);
    return claims.flatMap((r) => {
      const claim = ClaimSchema.parse(JSON.parse(r.data));
      const line = claimLine(claim, summaryOf(months.get(r.id), claim.rentDueDate, today), requiredOf(r.required), today);
      return line ? [{ ...line, assignee: assigneeOf(r) }] : [];
    });
  }

  /**
   * What the open claims' months await, counted by the database (a claim may have thousands of
   * months): the undeclared months before this month (all due, whatever the claim's due day),
   * each undeclared month of this month (due or not yet, by the claim's day), the receipts to sign.
   */
  private async monthsByClaim(today: string): Promise<Map<string, MonthCounts>> {
    const thisMonth = today.slice(0, 7);
    const month = sql<string>`substr(d.rent_due_date, 1, 7)`;
    const undeclared = (eb: ExpressionBuilder<DebtTables, 'd' | 'c'>) =>
      eb.and([eb('d.id', 'is', null), eb('d.status', 'in', [RentalDebtStatus.Virtual, RentalDebtStatus.VirtualPostLimitDate])]);
    const [before, current, receipts] = await Promise.all([
      this.debts()
        .where(undeclared)
        .where(month, '<', thisMonth)
        .select((eb) => ['d.claim_id', eb.fn.countAll<number>().as('n'), eb.fn.min('d.rent_due_date').as('oldest')])
        .groupBy('d.claim_id')
        .execute(),
      this.debts().where(undeclared).where(month, '=', thisMonth).select(['d.claim_id', 'd.rent_due_date']).execute(),
      this.debts()
        .where('d.receipt_status', '=', ReceiptStatus.PendingSignature)
        .select((eb) => ['d.claim_id', eb.fn.countAll<number>().as('n'), eb.fn.min('d.rent_due_date').as('oldest')])
        .groupBy('d.claim_id')
        .execute(),
    ]);
    const out = new Map<string, MonthCounts>();
    const of = (id: string): MonthCounts => {
      const kept = out.get(id);
      if (kept) return kept;
      const made: MonthCounts = { before: null, current: [], receipts: null };
      out.set(id, made);
      return made;
    };
    for (const r of before) of(r.claim_id).before = { n: Number(r.n), oldest: String(r.oldest) };
    for (const r of current) of(r.claim_id).current.push(r.rent_due_date);
    for (const r of receipts) of(r.claim_id).receipts = { count: Number(r.n), oldest: String(r.oldest) };
    return out;
  }

  private debts() {
    return this.db.selectFrom('rm_debts as d').innerJoin('rm_claims as c', 'c.id', 'd.claim_id').where('c.status', 'not in', CLOSED);
  }

  private async projectLines(today: string, assignee: string | null): Promise<InboxLine[]> {
    const rows = await this.db
      .selectFrom('rm_projects as t')
      .leftJoin('assignments as a', (j) => j.on('a.kind', '=', 'project').onRef('a.entity_id', '=', 't.id'))
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select(['t.data', 't.required', 'a.user_id as assignee_id', 'u.name as assignee_name'])
      .where('t.status', 'in', [...INBOX_PROJECT_STATUSES])
      .$if(assignee !== null, (b) => b.where('a.user_id', '=', assignee ?? ''))
      .execute();
    return rows.flatMap((r) => {
      const line = projectLine(ProjectSchema.parse(JSON.parse(r.data)), requiredOf(r.required), today);
      return line ? [{ ...line, assignee: assigneeOf(r) }] : [];
    });
  }
}
