import type { Lang } from './enums.js';

/** The locale each language writes its numbers in: French as in France, English as in Britain. */
export const INTL_LOCALE: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB' };

const formats = new Map<Lang, Intl.NumberFormat>();

/**
 * A number written the language's way, grouped and with its decimals: "1 000 000" / "1,000,000",
 * "2,5" / "2.5". Every count and every limit named in a message goes through here: one
 * Intl.NumberFormat per language, built at its first use and reused.
 */
export function formatNumber(value: number, lang: Lang): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang]);
    formats.set(lang, format);
  }
  return format.format(value);
}

const money = new Map<Lang, Intl.NumberFormat>();

/**
 * An amount in euros with its cents, the language's way: "1 234,50 €" / "€1,234.50". The screen,
 * the debt statement and the audit trail's sentences write every amount through here.
 */
export function formatEuros(value: number, lang: Lang): string {
  let format = money.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 });
    money.set(lang, format);
  }
  return format.format(value);
}

const sheet = new Map<Lang, Intl.NumberFormat>();

/**
 * An amount as a spreadsheet of the language reads a number: two decimals with the language's
 * decimal sign, never a grouping, a currency or an exponent (1e300 keeps every digit), no "-0,00":
 * "1234,50" / "1234.50". The CSV files write every amount through here.
 */
export function formatSheetAmount(value: number, lang: Lang): string {
  let format = sheet.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], {
      useGrouping: false,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: 'negative',
    });
    sheet.set(lang, format);
  }
  return format.format(value);
}
