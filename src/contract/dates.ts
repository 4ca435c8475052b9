/** Date arithmetic on yyyy-MM-dd strings, in UTC, shared by the browser, the server and the sandbox. */

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y ?? 0, m ?? 1, d ?? 1];
}

function fmt(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** yyyy-MM of a date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** First day (yyyy-MM-01) of the month `n` months after the month of `date`. */
export function addMonths(date: string, n: number): string {
  const [y, m] = parts(date);
  const idx = y * 12 + (m - 1) + n;
  return fmt(Math.floor(idx / 12), (idx % 12) + 1, 1);
}

/** Same day `n` calendar months later, clamped to the end of the month. */
export function addMonthsKeepDay(date: string, n: number): string {
  const [, , d] = parts(date);
  const first = addMonths(date, n);
  const [y, m] = parts(first);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return fmt(y, m, Math.min(d, last));
}

/**
 * The due date of `month` (yyyy-MM or any date in it) for a claim whose first unpaid rent was due on
 * `firstDueDate`: the same day of the month, clamped to the month's length (05/03 → 05/04, 31/01 → 28/02).
 */
export function dueDateInMonth(firstDueDate: string, month: string): string {
  return addMonthsKeepDay(firstDueDate, monthsBetween(firstDueDate, `${monthOf(month)}-01`));
}

/** A day in milliseconds: the one length of a day for every clock offset, expiry and retention. */
export const DAY_MS = 86_400_000;

export function addDays(date: string, n: number): string {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return fmt(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / DAY_MS);
}

/**
 * Days from `date` to the same day a calendar month later (clamped to that month's end): how far
 * "one month ahead" moves the sandbox's clock, so a rent due on the 5th falls due once per move
 * (08/12 → 08/01 is 31 days, 08/02 → 08/03 is 28).
 */
export const daysToNextMonth = (date: string): number => daysBetween(date, addMonthsKeepDay(date, 1));

/** Whole months from the month of `from` to the month of `to` (same month: 0). */
export function monthsBetween(from: string, to: string): number {
  const [y1, m1] = parts(from);
  const [y2, m2] = parts(to);
  return (y2 - y1) * 12 + (m2 - m1);
}

/** The partner's time zone: a day, for the partner, is a calendar day in Paris. */
export const PARTNER_TIME_ZONE = 'Europe/Paris';
const partnerDay = new Intl.DateTimeFormat('en-CA', { timeZone: PARTNER_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today as the (live) partner counts days: the calendar day in Paris at `now` (yyyy-MM-dd). */
export function partnerToday(now: Date = new Date()): string {
  return partnerDay.format(now);
}

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
