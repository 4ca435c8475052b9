import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/en-gb';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { Lang } from '../../contract/enums.js';

/**
 * The one way the web handles dates: dayjs, as the date pickers do. Its locales are registered
 * here, and this module is loaded with the app shell (provider.tsx), so a picker shown on the
 * first page after a reload already knows them (a lazy page used to register them too late, and
 * the picker fell back to dayjs' US default). English is British English: day before month, as in
 * every document of a French guarantee service.
 */
dayjs.extend(localizedFormat);

const DAYJS_LOCALE: Record<Lang, string> = { fr: 'fr', en: 'en-gb' };
const INTL_LOCALE: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB' };

const asLang = (lang: string): Lang => (lang === 'en' ? 'en' : 'fr');

/** The dayjs locale of a UI language (date pickers and every date shown). */
export const dayjsLocale = (lang: string): string => DAYJS_LOCALE[asLang(lang)];
/** The Intl locale of a UI language (numbers). */
export const intlLocale = (lang: string): string => INTL_LOCALE[asLang(lang)];

export function formatDate(value: string | null | undefined, lang: string): string {
  return value ? dayjs(value).locale(dayjsLocale(lang)).format('L') : '—';
}

export function formatDateTime(value: string, lang: string): string {
  return dayjs(value).locale(dayjsLocale(lang)).format('L LTS');
}

export function formatMonth(value: string, lang: string): string {
  return dayjs(value).locale(dayjsLocale(lang)).format('MMMM YYYY');
}

/** A short month for chart axes: "sept. 26" / "Sep 26". */
export function formatShortMonth(value: string, lang: string): string {
  return dayjs(value).locale(dayjsLocale(lang)).format('MMM YY');
}

// an Intl formatter is costly to build: one per language and kind, reused (a 36-month timeline formats ~150 amounts)
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: string, kind: 'money' | 'count' | 'compactMoney'): Intl.NumberFormat {
  const locale = intlLocale(lang);
  const key = `${locale}:${kind}`;
  let format = formats.get(key);
  if (!format) {
    format =
      kind === 'money'
        ? new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 })
        : kind === 'compactMoney'
          ? new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', notation: 'compact', maximumFractionDigits: 1 })
          : new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    formats.set(key, format);
  }
  return format;
}

export function formatMoney(value: number | null | undefined, lang: string): string {
  if (value === null || value === undefined) return '—';
  return numberFormat(lang, 'money').format(value);
}

/** An amount on a chart axis, short enough to fit: "15 k€" / "€15K". */
export function formatCompactMoney(value: number | null | undefined, lang: string): string {
  if (value === null || value === undefined) return '';
  return numberFormat(lang, 'compactMoney').format(value);
}

/** A whole count, grouped the language's way: "1 000" / "1,000". */
export function formatCount(value: number | null | undefined, lang: string): string {
  if (value === null || value === undefined) return '';
  return numberFormat(lang, 'count').format(value);
}

/** The time of a timestamp, hours and minutes, for the language. */
export function formatTime(value: string, lang: string): string {
  return dayjs(value).locale(lang).format('LT');
}
