import type { Lang } from '../../contract/enums.js';
import { ROLE_LABELS } from '../../contract/audit.js';
import type { Role } from '../../contract/session.js';
import type { Mail } from '../mail/mailer.js';
import type { LinkKind } from './links.js';

const COPY = {
  fr: {
    invite: {
      subject: (by: string) => `${by} vous invite sur le tableau de bord partenaire`,
      body: (p: MailParams) =>
        `Bonjour ${p.name},\n\n${p.by} vous invite à rejoindre le tableau de bord partenaire comme ${p.role}.\n\nChoisissez votre mot de passe en ouvrant ce lien (valable jusqu’au ${p.until}, une seule fois) :\n${p.link}\n\nSi vous n’attendiez pas cette invitation, ignorez ce message.`,
    },
    reset: {
      subject: () => 'Choisissez un nouveau mot de passe pour le tableau de bord partenaire',
      body: (p: MailParams) =>
        `Bonjour ${p.name},\n\n${p.by} vous envoie un lien pour choisir un nouveau mot de passe (valable jusqu’au ${p.until}, une seule fois) :\n${p.link}\n\nVos sessions ouvertes seront fermées. Si vous n’avez rien demandé, prévenez un responsable.`,
    },
  },
  en: {
    invite: {
      subject: (by: string) => `${by} invites you to the partner dashboard`,
      body: (p: MailParams) =>
        `Hello ${p.name},\n\n${p.by} invites you to join the partner dashboard as ${p.role}.\n\nChoose your password by opening this link (valid until ${p.until}, once):\n${p.link}\n\nIf you did not expect this invitation, ignore this message.`,
    },
    reset: {
      subject: () => 'Choose a new password for the partner dashboard',
      body: (p: MailParams) =>
        `Hello ${p.name},\n\n${p.by} sends you a link to choose a new password (valid until ${p.until}, once):\n${p.link}\n\nYour open sessions will end. If you asked for nothing, tell a manager.`,
    },
  },
} as const;

interface MailParams {
  name: string;
  by: string;
  role: string;
  link: string;
  until: string;
}

/** The invitation or reset mail, in the recipient's language (plain text: the link is all it carries). */
export function linkMail(
  kind: LinkKind,
  to: { email: string; name: string; role: Role; lang: Lang },
  by: string,
  link: string,
  expiresAt: number,
): Mail {
  const copy = COPY[to.lang][kind];
  const until = new Intl.DateTimeFormat(to.lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(expiresAt);
  const text = copy.body({ name: to.name, by, role: ROLE_LABELS[to.role][to.lang].toLowerCase(), link, until });
  return { to: to.email, subject: copy.subject(by), text };
}
