import type { Lang } from '../../contract/enums.js';
import { formatEuros, formatNumber, numberFormat } from '../../contract/numbers.js';

/**
 * Numbers for the UI language: amounts, counts, file sizes (dates: dates.ts), written by the
 * contract's one Intl.NumberFormat per language and kind (numberFormat), as the server writes them.
 */

/** An amount in euros: "1 234,50 €" / "€1,234.50" (the contract's, as the server's files write it); none: "—". */
export function formatMoney(value: number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '—';
  return formatEuros(value, lang);
}

/** An amount as a field shows it, without the currency its field already says: "1 200,50" / "1,200.50", "800". */
export function formatAmountInput(value: number, lang: Lang): string {
  return numberFormat(lang, Number.isInteger(value) ? 'wholeAmount' : 'amount').format(value);
}

/** An amount on a chart axis, short enough to fit: "15 k €" / "€15K". */
export function formatCompactMoney(value: number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '';
  return numberFormat(lang, 'compactMoney').format(value);
}

/** A count, grouped the language's way: "1 000" / "1,000"; none: "". */
export function formatCount(value: number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '';
  return formatNumber(value, lang);
}

/** A file size in kilobytes or megabytes, written for the language ("12 ko", "1.5 MB"). */
export function formatFileSize(bytes: number, lang: Lang): string {
  return bytes >= 1024 * 1024
    ? numberFormat(lang, 'megabytes').format(bytes / (1024 * 1024))
    : numberFormat(lang, 'kilobytes').format(Math.max(0.1, bytes / 1024));
}
