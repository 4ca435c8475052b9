/**
 * Plausibility bounds of every value a user or a partner sends: one place, used by the sandbox,
 * the server and the web forms. The spec gives few limits (10 MB files, rent ≥ 250 by scoring, a
 * due date not in the future, a lease start not in the past); where it is silent these are our
 * decisions, chosen so real use is never blocked and absurd input (year 0100, 1e300 €) is refused.
 * They are listed in the sandbox's OpenAPI introduction and the README.
 */

/** Any date of a request body: from 1900 (no one alive was born earlier) to 2199. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2199-12-31';

/** A tenant, a referent: adults (French law: a lease is signed by an adult). */
export const ADULT_AGE_YEARS = 18;

/**
 * A claim's first unpaid month: at most 36 months before the current month. Rent arrears are
 * time-barred after 3 years (loi du 6 juillet 1989, art. 7-1), so an older month cannot be claimed.
 */
export const CLAIM_FIRST_MONTH_MAX_AGE_MONTHS = 36;

/**
 * Rental debt due dates, tenant payment dates and "received" dates: within 10 years before today.
 * A claim starts at most 36 months back and the longest procedures (eviction, recovery) last a
 * few years, so 10 years covers every real claim while keeping a timeline bounded (≤ 120 + 36 months).
 */
export const CLAIM_HISTORY_MAX_MONTHS = 120;

/** A tenant payment may be recorded up to a month ahead (a cheque dated next week), not later. */
export const PAYMENT_DATE_MAX_AHEAD_DAYS = 31;

/** A lease starts today or later (spec) and at most 12 months ahead: leases are signed weeks, not years, before. */
export const LEASE_START_MAX_AHEAD_MONTHS = 12;

/** A lease's theoretical end: at most 10 years after its start (the longest lease type lasts 6). */
export const LEASE_MAX_YEARS = 10;

/** The sandbox clock can be moved at most 10 years away from the real date (demos, tests). */
export const SANDBOX_CLOCK_MAX_YEARS = 10;

/** Rents, deposits, payments, amounts declared: at most 1,000,000 € (far above any monthly rent). */
export const MONEY_MAX = 1_000_000;

/**
 * A month's rent more than this many times the lease's rent is asked again before it is recorded:
 * more likely a digit too many ("5501200,50") than a rent, and once declared it is a debt.
 */
export const RENT_CONFIRM_FACTOR = 2;

/** Incomes, savings, allowances of a tenant's finance: at most 100,000,000 € (savings can be large). */
export const FINANCE_MONEY_MAX = 100_000_000;

/** Maximum lengths of free text, in characters. */
export const TEXT_MAX = {
  /** First and last names. */
  name: 100,
  /** RFC 5321: an address is at most 254 characters. */
  email: 254,
  companyName: 200,
  street: 200,
  city: 100,
  country: 60,
  zipCode: 20,
  shortCode: 50,
  /** A metadata value (externalReference, source...). */
  metadata: 500,
  /** A metadata value that names something (externalReference, source, externalLeadId). */
  reference: 100,
  /** A document's comment (spec 2.5 "optional free text"); the sandbox stores 1,000 characters. */
  comment: 1000,
  /** The reason a manager gives when rejecting documents (sandbox back office). */
  reason: 500,
  search: 100,
} as const;

/**
 * A claim's debt statement (PDF and CSV) lists at most this many months; beyond, it says how many
 * more the claim has (its totals still cover every month). 240 months is 20 years: no real claim.
 */
export const STATEMENT_MAX_MONTHS = 240;

/** The longest search of a list (a tenant's name, an address, a reference): longer is refused, and the field takes no more. */
export const SEARCH_MAX_LENGTH = 100;
