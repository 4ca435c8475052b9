import { addDays } from '../../contract/dates.js';

/**
 * The sandbox's declaration deadline (the spec names statuses 60 and 31 but not their rule): a
 * month is due for declaration within this many days of its due date, or of the claim's opening
 * when the claim was opened later (a claim opened with months already past gives the landlord
 * the same time to declare them). Undeclared past it, the month lists as 60
 * (VirtualPostLimitDate); declared past it, it is 31 (BlockedLateDeclaration) until the back
 * office unblocks it. The dashboard never assumes this rule: it shows the statuses it is given.
 */
export const DECLARATION_DEADLINE_DAYS = 45;

/** The last day a month due on `dueDate` of a claim opened on `openedAt` (timestamp or date) may be declared in time. */
export function declarationDeadline(dueDate: string, openedAt: string): string {
  const opened = openedAt.slice(0, 10);
  return addDays(dueDate > opened ? dueDate : opened, DECLARATION_DEADLINE_DAYS);
}

/** Whether, on `today`, that month's declaration is past its deadline. */
export const isPastDeadline = (dueDate: string, openedAt: string, today: string): boolean => today > declarationDeadline(dueDate, openedAt);
