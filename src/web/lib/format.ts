import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/en';
import 'dayjs/locale/en-gb';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(localizedFormat);

export function formatDate(value: string | null | undefined, lang: string): string {
  return value ? dayjs(value).locale(lang).format('L') : '—';
}

export function formatDateTime(value: string, lang: string): string {
  return dayjs(value).locale(lang).format('L LTS');
}

export function formatMonth(value: string, lang: string): string {
  return dayjs(value).locale(lang).format('MMMM YYYY');
}

// an Intl formatter is costly to build: one per language, reused (a 36-month timeline formats ~150 amounts)
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(value: number | null | undefined, lang: string): string {
  if (value === null || value === undefined) return '—';
  const locale = lang === 'fr' ? 'fr-FR' : 'en-GB';
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 });
    moneyFormats.set(locale, format);
  }
  return format.format(value);
}

/** The time of a timestamp, hours and minutes, for the language. */
export function formatTime(value: string, lang: string): string {
  return dayjs(value).locale(lang).format('LT');
}
