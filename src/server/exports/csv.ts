import { formatSheetDay } from '../../contract/date-format.js';
import type { Lang } from '../../contract/enums.js';
import { formatSheetAmount } from '../../contract/numbers.js';

export type Cell = string | number | null | undefined;

/** Text a spreadsheet would run as a formula (CSV injection): prefixed with an apostrophe. */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * CSV for spreadsheets in the user's language: French uses ";" and a decimal comma, dates
 * dd/mm/yyyy; English uses "," and a decimal point, dates yyyy-mm-dd. UTF-8 with a BOM (so Excel
 * reads accents), CRLF line ends, RFC 4180 quoting of separators, quotes and line breaks.
 */
export class CsvFormat {
  readonly sep: ';' | ',';
  static readonly BOM = '\uFEFF';

  constructor(readonly lang: Lang) {
    this.sep = lang === 'fr' ? ';' : ',';
  }

  text(value: string | null | undefined): string {
    if (value === null || value === undefined) return '';
    const safe = FORMULA.test(value) ? `'${value}` : value;
    return /[;,"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  }

  /** Euros with two decimals and the language's decimal sign, no grouping: a spreadsheet reads it as a number (contract/numbers). */
  money(value: number | null | undefined): string {
    return value === null || value === undefined ? '' : formatSheetAmount(value, this.lang);
  }

  /** A yyyy-MM-dd day, or a timestamp's day in Paris, as the language's spreadsheet date (contract/date-format). */
  date(value: string | null | undefined): string {
    return value ? formatSheetDay(value, this.lang) : '';
  }

  row(cells: readonly string[]): string {
    return `${cells.join(this.sep)}\r\n`;
  }

  header(names: readonly string[]): string {
    return this.row(names.map((n) => this.text(n)));
  }
}
