import { z } from 'zod';
import { ClaimViewSchema } from './assignments.js';
import { GuidSchema, IsoDateSchema, TimestampSchema } from './common.js';
import { addMonthsKeepDay, daysBetween } from './dates.js';
import { ClaimStatusSchema, RentalDebtStatus, RentalDebtStatusSchema } from './enums.js';

/**
 * The monthly round (GET /api/round): every open claim with a month to declare, one row per claim,
 * gathered by the server from the partner (the claims and each open claim's months). The statuses
 * are the partner's as given (a late month may be 60, a month declared late 31): the dashboard
 * never derives them. The agency's own target is DECLARATION_DAY: the day of the month by which
 * the team wants each due month declared.
 */

/** At most this many pending months are listed per row (a claim is time-barred after 36 months). */
export const ROUND_MONTHS_MAX = 60;
export const ROUND_ROWS_MAX = 5000;

export const RoundMonthSchema = z.object({
  /** The month's due date (on the claim's day), as the partner lists it. */
  rentDueDate: IsoDateSchema,
  /** The partner's status of the undeclared month: 10, or 60 once past the partner's deadline. */
  status: RentalDebtStatusSchema,
});
export type RoundMonth = z.infer<typeof RoundMonthSchema>;

export const RoundRowSchema = z.object({
  claimId: GuidSchema,
  projectId: GuidSchema,
  claimStatus: ClaimStatusSchema,
  tenant: z.object({ firstName: z.string().max(100), lastName: z.string().max(100) }),
  /** The property's address on one line, when the partner gives it. */
  property: z.string().max(300).nullable(),
  /** The months to declare today (months.ts, isToDeclare), oldest first (the first is the one to declare next). */
  months: z.array(RoundMonthSchema).min(1).max(ROUND_MONTHS_MAX),
  /** How many there are in all (months may be more than listed). */
  monthCount: z.number().int(),
  /** The rent prefilled: the last declared month's, or the claim's first rent. */
  rentAmount: z.number(),
  /** Declared months the partner blocked for a late declaration (status 31). */
  blockedLate: z.number().int(),
  /** The agency's target for the oldest month (DECLARATION_DAY) and the days left to it (negative: past). */
  target: IsoDateSchema,
  daysLeft: z.number().int(),
  /** How long the oldest month's rent has been due: days since its due date on the claim's day (months.ts, daysPastDue), as the work queue counts it. */
  daysLate: z.number().int(),
});
export type RoundRow = z.infer<typeof RoundRowSchema>;

export const RoundSchema = z.object({
  generatedAt: TimestampSchema,
  /** When the data behind the rows was read from the partner (the read model's oldest claim; ms), null before any. */
  asOf: z.number().nullable(),
  today: IsoDateSchema,
  declarationDay: z.number().int().min(1).max(28),
  rows: z.array(RoundRowSchema).max(ROUND_ROWS_MAX),
  /** Months to declare over every row (the menu's badge). */
  monthsDue: z.number().int(),
});
export type Round = z.infer<typeof RoundSchema>;

/** GET /api/round/summary, the menu's badge: the round's rows (claims) and months, counted as the round lists them. */
/** GET /api/round and its summary: `view=mine` keeps the claims the reader opened or looks after. */
export const RoundQuerySchema = z.object({ view: ClaimViewSchema.optional() });
export type RoundQuery = z.infer<typeof RoundQuerySchema>;

export const RoundSummarySchema = z.object({ claims: z.number().int(), monthsDue: z.number().int() });
export type RoundSummary = z.infer<typeof RoundSummarySchema>;

/**
 * The agency's target for a month due on `dueDate`: the first DECLARATION_DAY on or after it
 * (due on the 5th, declared by the 20th of that month; due on the 25th, by the 20th of the next).
 */
export function declarationTarget(dueDate: string, declarationDay: number): string {
  const inMonth = `${dueDate.slice(0, 8)}${String(declarationDay).padStart(2, '0')}`;
  return inMonth >= dueDate ? inMonth : addMonthsKeepDay(inMonth, 1);
}

/**
 * A row is past its deadline when the agency's target for its oldest month has passed, when the
 * partner says a month is past its own deadline (60), or when it blocked months declared late (31).
 * The one thing the dashboard calls late ("Délai dépassé", "Past deadline"): the round's filter,
 * the reminders' count. How long a rent has been due is another thing (months.ts, daysPastDue).
 */
export const isRowPastDeadline = (row: Pick<RoundRow, 'daysLeft' | 'blockedLate' | 'months'>): boolean =>
  row.daysLeft < 0 || row.blockedLate > 0 || row.months.some((m) => m.status === RentalDebtStatus.VirtualPostLimitDate);

/** Days from `today` to the target (0: today is the day, negative: past it). */
export const daysToTarget = (target: string, today: string): number => daysBetween(today, target);

/** The next day the reminders go out for: DECLARATION_DAY of this month if not past, else of the next. */
export function nextDeclarationDay(today: string, declarationDay: number): string {
  return declarationTarget(today, declarationDay);
}

/** Five days before a declaration day: when the first reminder is sent. */
export const REMINDER_DAYS_BEFORE = 5;

/** The signed-in user's own reminders (GET/PUT /api/round/reminders): on or off, and in which language. */
export const RoundReminderBodySchema = z.object({ enabled: z.boolean(), lang: z.enum(['fr', 'en']) });
export type RoundReminderBody = z.infer<typeof RoundReminderBodySchema>;
export const RoundReminderSettingsSchema = RoundReminderBodySchema.extend({
  /** Whether the server sends mail at all (SMTP_URL) and whether this user's role gets reminders (staff, managers). */
  mailConfigured: z.boolean(),
  eligible: z.boolean(),
});
export type RoundReminderSettings = z.infer<typeof RoundReminderSettingsSchema>;
