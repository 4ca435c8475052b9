import { formatDay, formatMonthName } from '../../contract/date-format.js';
import { RENTAL_DEBT_STATUSES, RentalDebtStatus, labelOf, type Lang } from '../../contract/enums.js';
import { isRowPastDeadline as isLate, type Round, type RoundRow } from '../../contract/round.js';
import { wordsIn } from '../i18n/words.js';
import type { Mail } from '../mail/mailer.js';
import type { ReminderKind } from './reminder-store.js';

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
  const t = wordsIn(lang);
  const rows = [...round.rows].sort((a, b) => Number(isLate(b)) - Number(isLate(a)));
  const late = rows.filter(isLate).length;
  const line = (r: RoundRow) => {
    const first = r.months[0];
    return t('digest.line', {
      tenant: `${r.tenant.firstName} ${r.tenant.lastName}`,
      month: first ? formatMonthName(first.rentDueDate, lang) : '',
      status: first && first.status !== RentalDebtStatus.Virtual ? ` (${labelOf(RENTAL_DEBT_STATUSES, first.status, lang)})` : '',
      more: r.monthCount > 1 ? t('digest.lineMore', { count: r.monthCount - 1 }) : '',
      late: isLate(r) ? t('digest.linePastDeadline') : '',
    });
  };
  const listed = rows.slice(0, DIGEST_LINES).map(line);
  const rest = rows.length - listed.length;
  const count = round.monthsDue;
  const months = t('digest.months', { count });
  const due = t('digest.due', { months });
  const when = formatDay(day, lang);
  const intro = {
    count,
    day: when,
    what: t('digest.monthsOfClaims', { months, claims: t('digest.claims', { count: round.rows.length }) }),
    late: late ? t('digest.pastDeadlineFor', { claims: t('digest.claims', { count: late }) }) : '',
  };
  const text = [
    t('mail.hello', { name: to.name }),
    '',
    kind === 'day' ? t('digest.introDay', intro) : t('digest.introBefore', intro),
    '',
    ...listed,
    ...(rest > 0 ? [t('digest.more', { count: rest })] : []),
    ...(late ? ['', t('digest.pastDeadlineNote')] : []),
    '',
    t('digest.declare', { url: roundUrl }),
    '',
    t('digest.switchOff'),
  ].join('\n');
  const subject = kind === 'day' ? t('digest.subjectDay', { due }) : t('digest.subjectBefore', { day: when, due });
  return { to: to.email, subject, text };
}
