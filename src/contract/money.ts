import type { Lang } from './enums.js';

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

/** Groups of three digits, by the separator that groups them. */
const GROUPED = { ' ': /^\d{1,3}( \d{3})+$/, ',': /^\d{1,3}(,\d{3})+$/, '.': /^\d{1,3}(\.\d{3})+$/ } as const;

/**
 * An amount of euros as a person types or pastes it, read the way their language writes it:
 * "1 200,50", "1200.50", "1 200" and "1 200 €" alike, whatever space groups the digits (Intl's
 * French writes a narrow no-break space). A point is a decimal point in both languages ("1200.50");
 * a comma is the decimal point in French, and groups thousands in English when followed by groups
 * of three digits ("1,200.50", "1,200"); with both, the last one is the decimal point ("1.200,50").
 * Digits are grouped by three or not at all ("12 00" is a typo, not 1,200). Empty: null (nothing
 * typed). Anything else that is not an amount written in figures ("12abc", "1e300", "0x10",
 * "1,2,3"): NaN, which the money schemas refuse as "not a number". The sign and the size are left
 * to the schemas (negative, more than two decimals, too large).
 */
export function readAmount(text: string, lang: Lang): number | null {
  const t = text
    .replace(/€|\bEUR\b/gi, '')
    .replace(/[\s\u00a0\u2007\u202f]+/g, ' ')
    .trim();
  if (t === '') return null;
  const m = /^([-+\u2212]?)([\d.,]*(?: [\d.,]+)*)$/.exec(t);
  const body = m?.[2] ?? '';
  if (!m || !/\d/.test(body)) return Number.NaN;
  const sign = m[1] === '\u2212' || m[1] === '-' ? -1 : 1;
  const dot = body.lastIndexOf('.');
  const comma = body.lastIndexOf(',');
  // the decimal separator, if any; the other marks group thousands
  let decimal = -1;
  if (dot >= 0 && comma >= 0) decimal = Math.max(dot, comma);
  else if (comma >= 0) decimal = lang === 'en' && GROUPED[','].test(body.replace(/ /g, '')) ? -1 : comma;
  else if (dot >= 0) decimal = GROUPED['.'].test(body.replace(/ /g, '')) && body.indexOf('.') !== dot ? -1 : dot;
  const whole = decimal >= 0 ? body.slice(0, decimal) : body;
  const cents = decimal >= 0 ? body.slice(decimal + 1) : '';
  const marks = new Set(whole.replace(/\d/g, ''));
  if (marks.size > 1 || !/^\d*$/.test(cents)) return Number.NaN;
  const [mark] = marks as Set<' ' | ',' | '.'>;
  if (mark && !GROUPED[mark].test(whole)) return Number.NaN;
  return sign * Number(`${(mark ? whole.split(mark).join('') : whole) || '0'}.${cents || '0'}`);
}
