import type { Lang } from './enums.js';

/** The locale each language writes its numbers and dates in: French as in France, English as in Britain. */
export const INTL_LOCALE: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB' };

/** How each kind of number is written; one Intl.NumberFormat per language and kind (numberFormat). */
const KINDS = {
  // a count or a limit named in a message: grouped, with its decimals
  number: {},
  // an amount in euros with its cents
  euros: { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 },
  // an amount in a spreadsheet: no grouping, currency or exponent, no "-0,00"
  sheetAmount: { useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' },
  // an amount in a field: its figures only ("1 200,50", "800"), as the field reads them back
  amount: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  wholeAmount: { maximumFractionDigits: 0 },
  // no trailing ",0" on a whole axis amount ("950 €", not "950,0 €"), whatever the engine's data
  compactMoney: { style: 'currency', currency: 'EUR', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 },
  kilobytes: { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 },
  megabytes: { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 },
} satisfies Record<string, Intl.NumberFormatOptions>;

export type NumberKind = keyof typeof KINDS;

const formats = new Map<`${Lang}:${NumberKind}`, Intl.NumberFormat>();

/**
 * The one Intl.NumberFormat of a language and kind, built at its first use and reused: the
 * browser, the server's files and e-mails write numbers through here (a 36-month timeline or a
 * 20,000-row CSV formats every amount with the same one).
 */
export function numberFormat(lang: Lang, kind: NumberKind): Intl.NumberFormat {
  const key = `${lang}:${kind}` as const;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], KINDS[kind]);
    formats.set(key, format);
  }
  return format;
}

/** A number written the language's way, grouped and with its decimals: "1 000 000" / "1,000,000", "2,5" / "2.5". */
export const formatNumber = (value: number, lang: Lang): string => numberFormat(lang, 'number').format(value);

/**
 * An amount in euros with its cents, the language's way: "1 234,50 €" / "€1,234.50". The screen,
 * the debt statement and the audit trail's sentences write every amount through here.
 */
export const formatEuros = (value: number, lang: Lang): string => numberFormat(lang, 'euros').format(value);

/**
 * An amount as a spreadsheet of the language reads a number: two decimals with the language's
 * decimal sign, never a grouping, a currency or an exponent (1e300 keeps every digit), no "-0,00":
 * "1234,50" / "1234.50". The CSV files write every amount through here.
 */
export const formatSheetAmount = (value: number, lang: Lang): string => numberFormat(lang, 'sheetAmount').format(value);
