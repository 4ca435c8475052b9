import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/en-gb';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { formatLongDay, formatMonthName, formatOfMonthName } from '../../contract/date-format.js';
import type { Lang } from '../../contract/enums.js';
import { INTL_LOCALE } from '../../contract/numbers.js';
import { i18n, toLang } from './i18n.js';

/**
 * The one way the web handles dates: dayjs, as the date pickers do, in the UI language. Dates
 * cross the API as yyyy-MM-dd strings (timestamps as ISO 8601); this module reads, writes,
 * compares and formats them, so no component slices strings or builds an Intl formatter for a
 * date. Its locales are registered here, and dayjs takes the UI language as this module loads
 * (then at each change), so a picker shown on the first page after a reload already speaks it (a
 * lazy page once registered the locales after the language was set, and the picker fell back to
 * dayjs' US default). English is British English: day
 * before month, as in every document of a French guarantee service.
 */
dayjs.extend(localizedFormat);
dayjs.extend(advancedFormat);

const ISO_DATE = 'YYYY-MM-DD';

/**
 * The dayjs locale of a UI language (date pickers and the dates shown with dayjs): the contract's
 * locale (INTL_LOCALE) where dayjs has it ("en-gb"), else its language ("fr", as dayjs names French).
 */
export function dayjsLocale(lang: Lang): string {
  const locale = INTL_LOCALE[lang].toLowerCase();
  return locale in dayjs.Ls ? locale : (locale.split('-')[0] ?? lang);
}

/** Dates shown and typed follow the UI language: now, and whenever it changes. */
dayjs.locale(dayjsLocale(toLang(i18n.language)));
i18n.on('languageChanged', (lng: string) => dayjs.locale(dayjsLocale(toLang(lng))));

const inLang = (value: string, lang: Lang): Dayjs => dayjs(value).locale(dayjsLocale(lang));

/** A yyyy-MM-dd string as a date of the pickers, or null when it is not a real date. */
export function parseIsoDate(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const d = dayjs(value);
  // dayjs rolls 2026-02-30 over to March: a date that does not write back the same is not one
  return d.isValid() && d.format(ISO_DATE) === value ? d : null;
}

/** A date of the pickers as the API writes it (yyyy-MM-dd). */
export const toIsoDate = (date: Dayjs): string => date.format(ISO_DATE);

/** The month of a date, yyyy-MM (an anchor, a key). */
export const isoMonth = (value: string): string => dayjs(value).format('YYYY-MM');

/** Whether the day `a` comes after the day `b` (yyyy-MM-dd or timestamps). */
export const isAfterDay = (a: string, b: string): boolean => dayjs(a).isAfter(dayjs(b), 'day');

/** Oldest first, by day. */
export const byDay = (a: string, b: string): number => dayjs(a).diff(dayjs(b));

/** "05/03/2026": short, day first in both languages. */
export function formatDate(value: string | null | undefined, lang: Lang): string {
  return value ? inLang(value, lang).format('L') : '—';
}

/** "5 mars 2026", "1er mars 2026" / "5 March 2026": a date named in a sentence (the contract's, Intl). */
export const formatLongDate = formatLongDay;

export const formatDateTime = (value: string, lang: Lang): string => inLang(value, lang).format('L LTS');

/** "mars 2026" / "March 2026": a month in words, the contract's (Intl), as the server's e-mails and files say it. */
export const formatMonth = formatMonthName;

/** A month after "of": "d’octobre 2026", "de novembre 2026" in French; "October 2026" in English (the contract's). */
export const formatOfMonth = formatOfMonthName;

/** The yyyy-MM-dd `days` days after a yyyy-MM-dd date. */
export const addDays = (value: string, days: number): string => dayjs(value).add(days, 'day').format(ISO_DATE);

/** A short month for chart axes: "sept. 26" / "Sep 26". */
export const formatShortMonth = (value: string, lang: Lang): string => inLang(value, lang).format('MMM YY');

/** The time of a timestamp, hours and minutes, for the language: "14:05" in both. */
export const formatTime = (value: string, lang: Lang): string => inLang(value, lang).format('LT');

/** The time of a timestamp as said in a sentence: "10 h 12" in French, "10:12" in English. */
export const formatSpokenTime = (value: string, lang: Lang): string => inLang(value, lang).format(lang === 'fr' ? 'H [h] mm' : 'HH:mm');
