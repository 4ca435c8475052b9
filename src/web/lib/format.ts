import type { Lang } from '../../contract/enums.js';
import { plainMoney } from '../../contract/money.js';

// (the app shell's rows use the same rule, on the server: contract/money.ts)
export { plainMoney };

/**
 * Numbers for the UI language: amounts, counts, file sizes (dates: dates.ts). An Intl formatter is
 * costly to build: one per language and kind, reused (a 36-month timeline formats ~150 amounts).
 */
const INTL_LOCALE: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB' };

const KINDS = {
  money: { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 },
  compactMoney: { style: 'currency', currency: 'EUR', notation: 'compact', maximumFractionDigits: 1 },
  count: { maximumFractionDigits: 0 },
  // a limit named in a sentence: grouped from five digits ("1000 caractères", "1 000 000")
  limit: { maximumFractionDigits: 0, useGrouping: 'min2' },
  kilobytes: { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 },
  megabytes: { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 },
} satisfies Record<string, Intl.NumberFormatOptions>;

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: Lang, kind: keyof typeof KINDS): Intl.NumberFormat {
  const key = `${lang}:${kind}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], KINDS[kind]);
    formats.set(key, format);
  }
  return format;
}

export function formatMoney(value: number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '—';
  return plainMoney(value, lang) ?? numberFormat(lang, 'money').format(value);
}

/**
 * An axis amount below a million with at most two decimals, written as the browser's Intl writes
 * it in compact notation ("950 €", "1,5 k €" / "€950", "€1.5k": one decimal at most, half up),
 * without building a formatter (see plainMoney). Anything else: null.
 */
export function plainCompactMoney(value: number, lang: Lang): string | null {
  if (!/^-?\d+(\.\d\d?)?$/.test(String(value)) || Object.is(value, -0)) return null;
  const cents = Math.round(Math.abs(value) * 100);
  // tenths of a euro, or of a thousand euros from 999.95 up (rounded, 999.96 is "1 k")
  const small = Math.floor((cents + 5) / 10);
  const thousands = small >= 10_000;
  const tenths = thousands ? Math.floor((cents + 5_000) / 10_000) : small;
  // a million and more, or a negative amount that rounds to 0 ("-0"): Intl's
  if (tenths >= 10_000 || (value < 0 && tenths === 0)) return null;
  const fr = lang === 'fr';
  const digits = `${Math.floor(tenths / 10)}${tenths % 10 ? `${fr ? ',' : '.'}${tenths % 10}` : ''}`;
  const sign = value < 0 ? '-' : '';
  if (fr) return `${sign}${digits}${thousands ? '\u00a0k' : ''}\u00a0€`;
  return `${sign}€${digits}${thousands ? 'k' : ''}`;
}

/** An amount on a chart axis, short enough to fit: "15 k €" / "€15k". */
export function formatCompactMoney(value: number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '';
  return plainCompactMoney(value, lang) ?? numberFormat(lang, 'compactMoney').format(value);
}

/**
 * A whole number of at most 16 digits (a safe integer), written as Intl writes a count for fr-FR
 * and en-GB ("1 234" with a narrow no-break space, "1,234"; "-5"), without building a formatter
 * (see plainMoney: the work queue's lines were its page's first Intl formatter). Anything else
 * (a fraction, -0, 2^53 and more, NaN): null.
 */
export function plainCount(value: number, lang: Lang): string | null {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return null;
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, lang === 'fr' ? '\u202f' : ',');
  return value < 0 ? `-${digits}` : digits;
}

/** A whole count, grouped the language's way: "1 000" / "1,000". */
export function formatCount(value: number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '';
  return plainCount(value, lang) ?? numberFormat(lang, 'count').format(value);
}

/** A limit named in a message: "1000" / "1000", "1 000 000" / "1,000,000". */
export const formatLimit = (value: number, lang: Lang): string => numberFormat(lang, 'limit').format(value);

/**
 * A size of a whole number of bytes, written as Intl writes it in kilobytes or megabytes (one decimal
 * at most) for fr-FR and en-GB ("12,3\u202fko", "1.5 MB"), without building a formatter (see
 * plainMoney: the project page's first Intl object was most of an 80-180 ms task at 4x CPU). The
 * value (bytes / 1024 or / 1024²) is an exact binary fraction, so rounding its tenths half up is
 * Intl's rounding. Anything else (a fraction of a byte, a negative or unsafe number): null.
 */
export function plainFileSize(bytes: number, lang: Lang): string | null {
  if (!Number.isSafeInteger(bytes) || !Number.isSafeInteger(bytes * 10) || bytes < 0) return null;
  const mega = bytes >= 1024 * 1024;
  const tenths = Math.max(1, Math.round((bytes * 10) / (mega ? 1024 * 1024 : 1024)));
  const fr = lang === 'fr';
  const units = String(Math.floor(tenths / 10)).replace(/\B(?=(\d{3})+$)/g, fr ? '\u202f' : ',');
  const decimal = tenths % 10 ? `${fr ? ',' : '.'}${tenths % 10}` : '';
  const unit = fr ? (mega ? 'Mo' : 'ko') : mega ? 'MB' : 'kB';
  return `${units}${decimal}${fr ? '\u202f' : ' '}${unit}`;
}

/** A file size in kilobytes or megabytes, written for the language ("12 ko", "1.5 MB"). */
export function formatFileSize(bytes: number, lang: Lang): string {
  const plain = plainFileSize(bytes, lang);
  if (plain !== null) return plain;
  const mega = bytes >= 1024 * 1024;
  return mega
    ? numberFormat(lang, 'megabytes').format(bytes / (1024 * 1024))
    : numberFormat(lang, 'kilobytes').format(Math.max(0.1, bytes / 1024));
}
