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

export function formatMoney(value: number | null | undefined, lang: string): string {
  if (value === null || value === undefined) return '—';
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 }).format(
    value,
  );
}
