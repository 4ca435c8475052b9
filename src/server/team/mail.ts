import { ROLE_LABELS } from '../../contract/audit.js';
import { formatPartnerDay } from '../../contract/date-format.js';
import type { Lang } from '../../contract/enums.js';
import type { Role } from '../../contract/session.js';
import { wordsIn } from '../i18n/words.js';
import type { Mail } from '../mail/mailer.js';
import type { LinkKind } from './links.js';

/**
 * The invitation or reset mail, in the recipient's language (plain text: the link is all it
 * carries); the link's last day is said in Paris, as every date the partner's documents give.
 */
export function linkMail(
  kind: LinkKind,
  to: { email: string; name: string; role: Role; lang: Lang },
  by: string,
  link: string,
  expiresAt: number,
): Mail {
  const t = wordsIn(to.lang);
  const until = formatPartnerDay(new Date(expiresAt), to.lang);
  const hello = t('mail.hello', { name: to.name });
  const text =
    kind === 'invite'
      ? [
          hello,
          '',
          t('invite.invites', { by, role: ROLE_LABELS[to.role][to.lang].toLowerCase() }),
          '',
          t('invite.choose', { until }),
          link,
          '',
          t('invite.unexpected'),
        ]
      : [hello, '', t('reset.sends', { by, until }), link, '', t('reset.sessions')];
  return { to: to.email, subject: kind === 'invite' ? t('invite.subject', { by }) : t('reset.subject'), text: text.join('\n') };
}
