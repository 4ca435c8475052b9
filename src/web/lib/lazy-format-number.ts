/**
 * MUI's number formatter for its locales and TablePagination ("1–20 sur 57"), built on first use
 * (issue 14). `@mui/material`'s `locale/utils/buildFormatNumber` is replaced by this module
 * (scripts/lazy-number-format.ts). MUI builds its formatter when the module loads: the browser's
 * first Intl number or date formatter sets up ICU's data, 20-80 ms (x4 on a phone), a long task of
 * the start-up on every page, even those that format no number (sign-in, the home page). Built on
 * first use, it costs nothing there and the same where a number is written. Same output as MUI's.
 */

/** Locales that write a whole number below a thousand as String() does (latin digits, ASCII minus). */
const PLAIN_SMALL_INTEGERS = ['fr-FR', 'en-US'];

/** MUI passes its locales' tags (valid ones: Intl takes them; MUI's try/catch never catches). */
export default function buildFormatNumber(locale: string): (value: number) => string {
  let formatter: Intl.NumberFormat | undefined;
  // the pagination's "1–20 of 57": below a thousand, the app's languages write a whole number as its
  // digits (no group separator), so no formatter needs building for it
  return (value: number) =>
    !Number.isFinite(value) || (Number.isInteger(value) && Math.abs(value) < 1000 && PLAIN_SMALL_INTEGERS.includes(locale))
      ? String(value)
      : (formatter ??= new Intl.NumberFormat(locale)).format(value);
}
