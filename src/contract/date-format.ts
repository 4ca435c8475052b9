import { PARTNER_TIME_ZONE, partnerToday } from './dates.js';
import type { Lang } from './enums.js';
import { INTL_LOCALE } from './numbers.js';

/**
 * Dates in words for both sides (the browser's pages and the server's files and sentences): a
 * yyyy-MM-dd day is a calendar day (read in UTC, so no time zone moves it); an instant is said in
 * the partner's time zone (Paris), as its documents are. One Intl formatter per language and kind.
 */
const KINDS = {
  day: { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' },
  month: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  longDay: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  localLongDay: { day: 'numeric', month: 'long', year: 'numeric' },
  partnerDay: { day: 'numeric', month: 'long', year: 'numeric', timeZone: PARTNER_TIME_ZONE },
  partnerTime: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: PARTNER_TIME_ZONE },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(kind: keyof typeof KINDS, lang: Lang): Intl.DateTimeFormat {
  const key = `${lang}:${kind}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE[lang], KINDS[kind]);
    formats.set(key, f);
  }
  return f;
}

/** A day as Intl takes it; a value that is not one is written as it is (a record's detail is never lost to a format). */
function said(kind: 'day' | 'month' | 'longDay', value: string, lang: Lang): string {
  const at = new Date(`${(kind === 'month' ? `${value.slice(0, 7)}-01` : value).slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? value : format(kind, lang).format(at);
}

/** "05/03/2026" in both languages (day first). */
export const formatDay = (value: string, lang: Lang): string => said('day', value, lang);

/** "mars 2026" / "March 2026". */
export const formatMonthName = (value: string, lang: Lang): string => said('month', value, lang);

/** A month after "of": "d’avril 2026", "de mars 2026" in French (elided before a vowel); "April 2026" in English. */
export function formatOfMonthName(value: string, lang: Lang): string {
  const month = formatMonthName(value, lang);
  if (lang !== 'fr') return month;
  return /^[aeiouyàâéèêîïôûh]/i.test(month) ? `d’${month}` : `de ${month}`;
}

/**
 * "1er mars 2026", "5 mars 2026" / "5 March 2026": a day named in a sentence. A timestamp is named by
 * its day where it is read (the browser's time zone, as its time beside it is).
 */
export function formatLongDay(value: string, lang: Lang): string {
  const at = value.length > 10 ? new Date(value) : null;
  const day = at && !Number.isNaN(at.getTime()) ? format('localLongDay', lang).format(at) : said('longDay', value, lang);
  return lang === 'fr' ? day.replace(/^1 /, '1er ') : day;
}

/** An instant's day in Paris, named in a sentence: "1er mars 2026", "7 décembre 2026" / "7 December 2026". */
export function formatPartnerDay(at: Date, lang: Lang): string {
  const day = format('partnerDay', lang).format(at);
  return lang === 'fr' ? day.replace(/^1 /, '1er ') : day;
}

/** An instant's day and time in Paris, for a document: "7 décembre 2026 à 16:13:43" / "7 December 2026 at 16:13:43". */
export function formatPartnerInstant(at: Date, lang: Lang): string {
  return `${formatPartnerDay(at, lang)} ${lang === 'fr' ? 'à' : 'at'} ${format('partnerTime', lang).format(at)}`;
}

/**
 * A day as a spreadsheet of the language reads it: "05/03/2026" / "2026-03-05"; a timestamp by its
 * day in Paris, as the partner's documents date it. A value that is not a date is written as it is.
 */
export function formatSheetDay(value: string, lang: Lang): string {
  const at = value.length > 10 ? new Date(value) : null;
  if (at && Number.isNaN(at.getTime())) return value;
  const [y, m, d] = (at ? partnerToday(at) : value).split('-');
  return lang === 'fr' ? `${d}/${m}/${y}` : `${y}-${m}-${d}`;
}

/** An instant as a spreadsheet reads it, in Paris: "07/12/2026 16:13:43" / "2026-12-07 16:13:43". */
export function formatPartnerSheetInstant(at: Date, lang: Lang): string {
  return `${formatSheetDay(partnerToday(at), lang)} ${format('partnerTime', 'fr').format(at)}`;
}
