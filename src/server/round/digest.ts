import { RENTAL_DEBT_STATUSES, RentalDebtStatus, labelOf, type Lang } from '../../contract/enums.js';
import { INTL_LOCALE, formatNumber } from '../../contract/numbers.js';
import { isRowPastDeadline as isLate, type Round, type RoundRow } from '../../contract/round.js';
import type { Mail } from '../mail/mailer.js';
import type { ReminderKind } from './reminder-store.js';

const MONTHS: Record<Lang, string[]> = {
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};
const monthName = (date: string, lang: Lang) => `${MONTHS[lang][Number(date.slice(5, 7)) - 1] ?? ''} ${date.slice(0, 4)}`;
/** dd/mm/yyyy: how both languages write a day here (fr-FR and en-GB). */
const dayOf = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

const PLURALS: Record<Lang, Intl.PluralRules> = { fr: new Intl.PluralRules(INTL_LOCALE.fr), en: new Intl.PluralRules(INTL_LOCALE.en) };
/** The word or its plural, by the count it agrees with ("reste" / "restent"). */
const agreeing = (n: number, lang: Lang, one: string, other: string) => (PLURALS[lang].select(n) === 'one' ? one : other);
/** A count and its noun: "1 claim", "3 claims", "0 sinistre", "2 sinistres". */
const counted = (n: number, lang: Lang, one: string, other: string) => `${formatNumber(n, lang)} ${agreeing(n, lang, one, other)}`;

/** At most this many claims are listed in a digest (the round has them all). */
export const DIGEST_LINES = 20;

/**
 * The round's reminder to one user, in their language: how many months are to declare, those past
 * their deadline first (isRowPastDeadline, said and explained as the round's page does), and the link to the round. Plain text (every mail client reads it).
 */
export function digestMail(
  to: { email: string; name: string; lang: Lang },
  round: Round,
  kind: ReminderKind,
  day: string,
  roundUrl: string,
): Mail {
  const lang = to.lang;
  const rows = [...round.rows].sort((a, b) => Number(isLate(b)) - Number(isLate(a)));
  const late = rows.filter(isLate).length;
  const line = (r: RoundRow) => {
    const first = r.months[0];
    const status = first && first.status !== RentalDebtStatus.Virtual ? ` (${labelOf(RENTAL_DEBT_STATUSES, first.status, lang)})` : '';
    const more = r.monthCount > 1 ? (lang === 'fr' ? ` + ${r.monthCount - 1} mois` : ` + ${r.monthCount - 1} more`) : '';
    const when = first ? monthName(first.rentDueDate, lang) : '';
    const lateText = isLate(r) ? (lang === 'fr' ? ' — délai dépassé' : ' — past deadline') : '';
    return `- ${r.tenant.firstName} ${r.tenant.lastName}: ${when}${status}${more}${lateText}`;
  };
  const listed = rows.slice(0, DIGEST_LINES).map(line);
  const rest = rows.length - listed.length;
  const months = round.monthsDue;
  const claims = round.rows.length;
  if (lang === 'en') {
    const due = `${counted(months, lang, 'month', 'months')} to declare`;
    const of = `${counted(months, lang, 'month', 'months')} of ${counted(claims, lang, 'claim', 'claims')}`;
    const lateText = late ? `, past the deadline for ${counted(late, lang, 'claim', 'claims')}` : '';
    const subject = kind === 'day' ? `Today is the declaration day: ${due}` : `Declarations by ${dayOf(day)}: ${due}`;
    const text = [
      `Hello ${to.name},`,
      '',
      kind === 'day'
        ? `Today (${dayOf(day)}) is the agency's declaration day, and ${of} ${agreeing(months, lang, 'is', 'are')} still to declare${lateText}.`
        : `By ${dayOf(day)}, the agency's declaration day, ${of} ${agreeing(months, lang, 'is', 'are')} to declare${lateText}.`,
      '',
      ...listed,
      ...(rest > 0 ? [`… and ${counted(rest, lang, 'more claim', 'more claims')}.`] : []),
      ...(late
        ? ['', 'Past deadline: the agency’s target for the oldest month has passed, or the partner says a month is past its own deadline.']
        : []),
      '',
      `Declare them from the monthly round: ${roundUrl}`,
      '',
      'You can switch these reminders off on the monthly round page.',
    ].join('\n');
    return { to: to.email, subject, text };
  }
  const due = `${formatNumber(months, lang)} mois à déclarer`;
  const of = `${formatNumber(months, lang)} mois de ${counted(claims, lang, 'sinistre', 'sinistres')}`;
  const lateText = late ? `, délai dépassé pour ${counted(late, lang, 'sinistre', 'sinistres')}` : '';
  const subject = kind === 'day' ? `C’est le jour des déclarations : ${due}` : `Déclarations avant le ${dayOf(day)} : ${due}`;
  const text = [
    `Bonjour ${to.name},`,
    '',
    kind === 'day'
      ? `Aujourd’hui (${dayOf(day)}) est le jour des déclarations de l’agence, et ${of} ${agreeing(months, lang, 'reste', 'restent')} à déclarer${lateText}.`
      : `D’ici le ${dayOf(day)}, jour des déclarations de l’agence, ${of} ${agreeing(months, lang, 'est', 'sont')} à déclarer${lateText}.`,
    '',
    ...listed,
    ...(rest > 0 ? [`… et ${counted(rest, lang, 'autre sinistre', 'autres sinistres')}.`] : []),
    ...(late
      ? ['', 'Délai dépassé : l’objectif de l’agence pour le mois le plus ancien est passé, ou le partenaire signale un mois hors délai.']
      : []),
    '',
    `Déclarez-les depuis les déclarations du mois : ${roundUrl}`,
    '',
    'Vous pouvez couper ces rappels depuis la page « Déclarations du mois ».',
  ].join('\n');
  return { to: to.email, subject, text };
}
