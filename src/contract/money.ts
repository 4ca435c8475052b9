/**
 * Money of the contract: JSON numbers of euros with at most two decimals. Sums and stored amounts
 * are integer cents (floating-point euros drift: 0.1 + 0.2 !== 0.3), converted here and only here.
 */

/** Euros to integer cents, rounded to the nearest cent (12.345 → 1235). */
export const toCents = (euros: number): number => Math.round(euros * 100);

/** Integer cents to euros (1235 → 12.35). */
export const toEuros = (cents: number): number => cents / 100;

/** Euros rounded to the cent (3.14159 → 3.14). */
export const roundEuros = (euros: number): number => toEuros(toCents(euros));

/** The sum of amounts in euros, added as cents so that no float drift shows (0.1 + 0.2 → 0.3). */
export const sumEuros = (amounts: Iterable<number>): number => {
  let cents = 0;
  for (const a of amounts) cents += toCents(a);
  return toEuros(cents);
};

/** True when `euros` is a whole number of cents (12.34 yes, 12.345 no), tolerating float noise (0.1 * 3). */
export const hasAtMostTwoDecimals = (euros: number): boolean => Math.abs(toCents(euros) - euros * 100) < 1e-6;
