import type { Lang } from '../../contract/enums.js';

/**
 * Numbers for the UI language: amounts, counts, file sizes (dates: dates.ts). One Intl.NumberFormat
 * per language and kind, built at its first use and reused: every browser writes them its own
 * consistent way, and a 36-month timeline formats ~150 amounts with the same one.
 */
const INTL_LOCALE: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB' };

const KINDS = {
  money: { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 },
  // no trailing ",0" on a whole axis amount ("950 €", not "950,0 €"), whatever the engine's data
  compactMoney: { style: 'currency', currency: 'EUR', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 },
  count: { maximumFractionDigits: 0 },
  // a limit named in a sentence: grouped from five digits ("1000 caractères", "1 000 000")
  limit: { maximumFractionDigits: 0, useGrouping: 'min2' },
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

/** An amount in euros: "1 234,50 €" / "€1,234.50"; none: "—". */
export function formatMoney(value: number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '—';
  return numberFormat(lang, 'money').format(value);
}

/** An amount on a chart axis, short enough to fit: "15 k €" / "€15K". */
export function formatCompactMoney(value: number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '';
  return numberFormat(lang, 'compactMoney').format(value);
}

/** A whole count, grouped the language's way: "1 000" / "1,000". */
export function formatCount(value: number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '';
  // below a thousand a whole count is its digits in both languages (format.test.ts checks all of
  // them against Intl): no formatter for it. A page's first Intl.NumberFormat sets up ICU's number
  // data (70-190 ms measured in Chromium on this machine), which a page showing only counts such as
  // the round's or the menu's badges need not pay; amounts and large counts still build it
  if (Number.isInteger(value) && value >= 0 && value < 1000) return String(value);
  return numberFormat(lang, 'count').format(value);
}

/** A limit named in a message: "1000" / "1000", "1 000 000" / "1,000,000". */
export const formatLimit = (value: number, lang: Lang): string => numberFormat(lang, 'limit').format(value);

/** A file size in kilobytes or megabytes, written for the language ("12 ko", "1.5 MB"). */
export function formatFileSize(bytes: number, lang: Lang): string {
  return bytes >= 1024 * 1024
    ? numberFormat(lang, 'megabytes').format(bytes / (1024 * 1024))
    : numberFormat(lang, 'kilobytes').format(Math.max(0.1, bytes / 1024));
}
