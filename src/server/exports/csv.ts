import type { Lang } from '../../contract/enums.js';

export type Cell = string | number | null | undefined;

/** Text a spreadsheet would run as a formula (CSV injection): prefixed with an apostrophe. */
const FORMULA = /^[=+\-@\t\r]/;

/** Two decimals, no thousands separator and never an exponent (1e+300): every digit, as a spreadsheet reads a number. */
const AMOUNT = new Intl.NumberFormat('en-US', { useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 });

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

  /** Euros with two decimals, no thousands separator (a spreadsheet reads it as a number). */
  money(value: number | null | undefined): string {
    if (value === null || value === undefined) return '';
    // one formatter for every amount (toLocaleString with options builds one per call: 20,000 rows)
    const s = AMOUNT.format(value);
    return this.lang === 'fr' ? s.replace('.', ',') : s;
  }

  /** yyyy-MM-dd (or a timestamp) as the language's spreadsheet date. */
  date(value: string | null | undefined): string {
    if (!value) return '';
    const [y, m, d] = value.slice(0, 10).split('-');
    return this.lang === 'fr' ? `${d}/${m}/${y}` : `${y}-${m}-${d}`;
  }

  row(cells: readonly string[]): string {
    return `${cells.join(this.sep)}\r\n`;
  }

  header(names: readonly string[]): string {
    return this.row(names.map((n) => this.text(n)));
  }
}
