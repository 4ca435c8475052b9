import type { Lang } from '../../contract/enums.js';
import { INTL_LOCALE, formatEuros, formatNumber } from '../../contract/numbers.js';

/**
 * Numbers for the UI language: amounts, counts, file sizes (dates: dates.ts). One Intl.NumberFormat
 * per language and kind, built at its first use and reused: every browser writes them its own
 * consistent way, and a 36-month timeline formats ~150 amounts with the same one. Plain numbers
 * (counts, limits) are the contract's formatNumber.
 */
const KINDS = {
  // an amount in a field: its figures only ("1 200,50", "800"), as readAmount reads them back
  amount: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  wholeAmount: { maximumFractionDigits: 0 },
  // no trailing ",0" on a whole axis amount ("950 €", not "950,0 €"), whatever the engine's data
  compactMoney: { style: 'currency', currency: 'EUR', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 },
  kilobytes: { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 },
  megabytes: { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 },
} satisfies Record<string, Intl.NumberFormatOptions>;

type Kind = keyof typeof KINDS;

const formats = new Map<`${Lang}:${Kind}`, Intl.NumberFormat>();
function numberFormat(lang: Lang, kind: Kind): Intl.NumberFormat {
  const key = `${lang}:${kind}` as const;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], KINDS[kind]);
    formats.set(key, format);
  }
  return format;
}

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
