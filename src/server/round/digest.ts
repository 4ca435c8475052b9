import { RENTAL_DEBT_STATUSES, RentalDebtStatus, labelOf, type Lang } from '../../contract/enums.js';
import { isRoundRowLate as isLate, type Round, type RoundRow } from '../../contract/round.js';
import type { Mail } from '../mail/mailer.js';
import type { ReminderKind } from './reminder-store.js';

const MONTHS: Record<Lang, string[]> = {
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};
const monthName = (date: string, lang: Lang) => `${MONTHS[lang][Number(date.slice(5, 7)) - 1] ?? ''} ${date.slice(0, 4)}`;
/** dd/mm/yyyy: how both languages write a day here (fr-FR and en-GB). */
const dayOf = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** At most this many claims are listed in a digest (the round has them all). */
export const DIGEST_LINES = 20;

/**
 * The round's reminder to one user, in their language: how many months are to declare, the late
 * ones first, and the link to the round. Plain text (every mail client reads it).
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
    const lateText = isLate(r) ? (lang === 'fr' ? ' — en retard' : ' — late') : '';
    return `- ${r.tenant.firstName} ${r.tenant.lastName}: ${when}${status}${more}${lateText}`;
  };
  const listed = rows.slice(0, DIGEST_LINES).map(line);
  const rest = rows.length - listed.length;
  if (lang === 'en') {
    const subject =
      kind === 'day'
        ? `Today is the declaration day: ${round.monthsDue} month(s) to declare`
        : `Declarations by ${dayOf(day)}: ${round.monthsDue} month(s) to declare`;
    const text = [
      `Hello ${to.name},`,
      '',
      kind === 'day'
        ? `Today (${dayOf(day)}) is the agency's declaration day, and ${round.monthsDue} month(s) of ${round.rows.length} claim(s) are still to declare${late ? `, ${late} of them late` : ''}.`
        : `By ${dayOf(day)}, the agency's declaration day, ${round.monthsDue} month(s) of ${round.rows.length} claim(s) are to declare${late ? `, ${late} of them late` : ''}.`,
      '',
      ...listed,
      ...(rest > 0 ? [`… and ${rest} more claim(s).`] : []),
      '',
      `Declare them from the monthly round: ${roundUrl}`,
      '',
      'You can switch these reminders off on the monthly round page.',
    ].join('\n');
    return { to: to.email, subject, text };
  }
  const subject =
    kind === 'day'
      ? `C’est le jour des déclarations : ${round.monthsDue} mois à déclarer`
      : `Déclarations avant le ${dayOf(day)} : ${round.monthsDue} mois à déclarer`;
  const text = [
    `Bonjour ${to.name},`,
    '',
    kind === 'day'
      ? `Aujourd’hui (${dayOf(day)}) est le jour des déclarations de l’agence, et ${round.monthsDue} mois de ${round.rows.length} sinistre(s) restent à déclarer${late ? `, dont ${late} en retard` : ''}.`
      : `D’ici le ${dayOf(day)}, jour des déclarations de l’agence, ${round.monthsDue} mois de ${round.rows.length} sinistre(s) sont à déclarer${late ? `, dont ${late} en retard` : ''}.`,
    '',
    ...listed,
    ...(rest > 0 ? [`… et ${rest} autre(s) sinistre(s).`] : []),
    '',
    `Déclarez-les depuis les déclarations du mois : ${roundUrl}`,
    '',
    'Vous pouvez couper ces rappels depuis la page « Déclarations du mois ».',
  ].join('\n');
  return { to: to.email, subject, text };
}
