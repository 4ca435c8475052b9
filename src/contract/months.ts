import { daysBetween, dueDateInMonth } from './dates.js';
import { isMonthToDeclare } from './lifecycle.js';

/**
 * The rules of a claim's months, each written once here and read by the server (the round, the work
 * queue, the sync, the statement) and the browser (the claim page, its timeline) alike.
 * A month is what the partner lists (or the read model keeps of it): its id once declared, its
 * status, its rent's due date (the partner may date it on the 1st; the claim's own day counts).
 */
export type MonthLine = { id: string | null; status: number; rentDueDate: string };

/** Not declared yet: a line without id whose status is a month to declare (10, or 60 past the partner's deadline). */
export const isUndeclared = (m: Pick<MonthLine, 'id' | 'status'>): boolean => m.id === null && isMonthToDeclare(m.status);

/**
 * A month's rent is due on the claim's own day of that month (the partner may date the line on the
 * 1st): 05/03 → 05/04, 31/01 → 28/02.
 */
export const monthDueOn = (claimRentDueDate: string, monthRentDueDate: string): string =>
  dueDateInMonth(claimRentDueDate, monthRentDueDate);

/** A month's rent is due by `today` (that day included): the partner refuses only a month due after today (E0201). */
export const isMonthDue = (claimRentDueDate: string, monthRentDueDate: string, today: string): boolean =>
  monthDueOn(claimRentDueDate, monthRentDueDate) <= today;

/**
 * From which day a month is to declare: its due date on the claim's day while it is undeclared,
 * null once declared. The read model keeps it per month (rm_debts.declarable_from), so a query
 * says "to declare today" as `declarable_from <= today`, exactly as isToDeclare does.
 */
export const declarableFrom = (claimRentDueDate: string, m: MonthLine): string | null =>
  isUndeclared(m) ? monthDueOn(claimRentDueDate, m.rentDueDate) : null;

/**
 * The one rule of "to declare": a month not declared yet whose rent is due by today. The round's
 * rows and count, the menu's badge, the work queue's count, the claim page's "next claim", the
 * timeline's "Declare" and the statement all follow it.
 */
export function isToDeclare(claimRentDueDate: string, m: MonthLine, today: string): boolean {
  const from = declarableFrom(claimRentDueDate, m);
  return from !== null && from <= today;
}

/**
 * How long a rent has been due: days since its due date (on the claim's own day), 0 on that day and
 * before. Said as "rent due for N days", never as "late": the agency's target (round.ts,
 * isPastTarget) is the only thing the dashboard calls late.
 */
export const daysPastDue = (dueDate: string, today: string): number => Math.max(0, daysBetween(dueDate, today));
