import { formatLongDay, formatMonthName, formatOfMonthName } from './date-format.js';
import {
  CLAIM_STATUSES,
  PROJECT_STATUSES,
  ProjectStatus,
  labelOf,
  type Lang,
  CLAIM_DOCUMENT_TYPES,
  PROJECT_DOCUMENT_TYPES,
} from './enums.js';
import type { EmailChoice, FollowedKind, Notification } from './follows.js';
import { INTL_LOCALE, formatEuros, formatNumber } from './numbers.js';

/**
 * Notifications in words, for the bell's list, the file's "since your last visit" and the e-mails:
 * one source of the sentences, keyed by language, so the app and the mail say the same thing. A
 * sentence starts with the file ("Sinistre Sarah Leroy : …") and says who made the change when it
 * was a colleague ("… enregistré par Paul Martin"); the partner's own changes name nobody.
 */
interface NotificationWords {
  file: Record<FollowedKind, (label: string) => string>;
  /** The file's kind alone, when the read model does not know its tenant yet. */
  fileUnnamed: Record<FollowedKind, string>;
  by: (actor: string) => string;
  /** Months in a sentence: one month "d’octobre 2026", a run "d’août à octobre 2026", scattered "d’août, octobre et décembre 2026". */
  and: string;
  to: string;
  kinds: {
    claimCreated: string;
    claimStatus: (status: string) => string;
    claimRefused: string;
    monthsDeclared: (count: number, months: string, ofMonths: string) => string;
    monthsUpdated: (count: number, months: string, ofMonths: string) => string;
    receiptPending: (count: number, ofMonths: string) => string;
    receiptSigned: (count: number, ofMonths: string) => string;
    paymentRecorded: (amount: string, day: string) => string;
    paymentChanged: (amount: string, day: string) => string;
    paymentDeleted: (amount: string, day: string) => string;
    paymentSome: string;
    documentAdded: (type: string) => string;
    documentRefused: (type: string) => string;
    projectActive: string;
    projectStatus: (status: string) => string;
    /** Given to someone to look after, by someone else (the actor, when known). */
    assigned: (assignee: string, actor: string | null) => string;
    /** Taken by the person herself ("Je m’en occupe"). */
    took: (assignee: string) => string;
    unassigned: string;
    grouped: (count: string) => string;
  };
  mail: {
    hello: (name: string) => string;
    digestSubject: (count: string, one: boolean) => string;
    digestIntro: (count: string, one: boolean) => string;
    digestMore: (count: string) => string;
    urgentSubject: (sentence: string) => string;
    urgentIntro: string;
    open: (url: string) => string;
    why: string;
    unsubscribe: Record<Exclude<EmailChoice, 'none'>, (url: string) => string>;
  };
  unsubscribed: Record<Exclude<EmailChoice, 'none'>, string>;
}

export const NOTIFICATION_WORDS = {
  fr: {
    file: { project: (label) => `Projet ${label}`, claim: (label) => `Sinistre ${label}` },
    fileUnnamed: { project: 'Projet', claim: 'Sinistre' },
    by: (actor) => ` par ${actor}`,
    and: 'et',
    to: 'à',
    kinds: {
      claimCreated: 'sinistre ouvert',
      claimStatus: (status) => `nouveau statut du sinistre : ${status}`,
      claimRefused: 'sinistre refusé par le partenaire',
      monthsDeclared: (count, months, ofMonths) =>
        count === 1 ? `mois ${ofMonths} déclaré` : `${formatNumber(count, 'fr')} mois déclarés : ${months}`,
      monthsUpdated: (count, months, ofMonths) =>
        count === 1 ? `mois ${ofMonths} mis à jour` : `${formatNumber(count, 'fr')} mois mis à jour : ${months}`,
      receiptPending: (count, ofMonths) =>
        count === 1
          ? `la quittance ${ofMonths} attend la signature du bailleur`
          : `les quittances ${ofMonths} attendent la signature du bailleur`,
      receiptSigned: (count, ofMonths) => (count === 1 ? `quittance ${ofMonths} signée` : `quittances ${ofMonths} signées`),
      paymentRecorded: (amount, day) => `paiement de ${amount} du ${day} enregistré`,
      paymentChanged: (amount, day) => `paiement modifié : ${amount} du ${day}`,
      paymentDeleted: (amount, day) => `paiement de ${amount} du ${day} supprimé`,
      paymentSome: 'paiement du locataire mis à jour',
      documentAdded: (type) => `document « ${type} » envoyé`,
      documentRefused: (type) => `document « ${type} » refusé par le partenaire`,
      projectActive: 'garantie active',
      projectStatus: (status) => `nouveau statut : ${status}`,
      assigned: (assignee, actor) => `suivi confié à ${assignee}${actor ? ` par ${actor}` : ''}`,
      took: (assignee) => `pris en charge par ${assignee}`,
      unassigned: 'plus suivi par personne',
      grouped: (count) => ` (${count} changements)`,
    },
    mail: {
      hello: (name) => `Bonjour ${name},`,
      digestSubject: (count, one) =>
        one ? `${count} changement sur vos dossiers surveillés` : `${count} changements sur vos dossiers surveillés`,
      digestIntro: (count, one) =>
        one
          ? `${count} changement sur les dossiers que vous surveillez n’est pas encore lu :`
          : `${count} changements sur les dossiers que vous surveillez ne sont pas encore lus :`,
      digestMore: (count) => `… et ${count} autres, dans le tableau de bord.`,
      urgentSubject: (sentence) => sentence,
      urgentIntro: 'Un dossier que vous surveillez demande votre attention :',
      open: (url) => `Ouvrir : ${url}`,
      why: 'Vous recevez cet e-mail parce que vous surveillez ces dossiers dans le tableau de bord.',
      unsubscribe: {
        digest: (url) => `Ne plus recevoir ce résumé quotidien : ${url}`,
        urgent: (url) => `Ne plus recevoir ces alertes immédiates : ${url}`,
      },
    },
    unsubscribed: {
      digest: 'Vous ne recevrez plus le résumé quotidien de vos dossiers surveillés.',
      urgent: 'Vous ne recevrez plus les alertes immédiates ; le résumé quotidien continue.',
    },
  },
  en: {
    file: { project: (label) => `Project ${label}`, claim: (label) => `Claim ${label}` },
    fileUnnamed: { project: 'Project', claim: 'Claim' },
    by: (actor) => ` by ${actor}`,
    and: 'and',
    to: 'to',
    kinds: {
      claimCreated: 'claim opened',
      claimStatus: (status) => `new claim status: ${status}`,
      claimRefused: 'claim refused by the partner',
      monthsDeclared: (count, months, ofMonths) =>
        count === 1 ? `month of ${ofMonths} declared` : `${formatNumber(count, 'en')} months declared: ${months}`,
      monthsUpdated: (count, months, ofMonths) =>
        count === 1 ? `month of ${ofMonths} updated` : `${formatNumber(count, 'en')} months updated: ${months}`,
      receiptPending: (count, ofMonths) =>
        count === 1
          ? `the receipt for ${ofMonths} awaits the landlord’s signature`
          : `the receipts for ${ofMonths} await the landlord’s signature`,
      receiptSigned: (count, ofMonths) => (count === 1 ? `receipt for ${ofMonths} signed` : `receipts for ${ofMonths} signed`),
      paymentRecorded: (amount, day) => `payment of ${amount} on ${day} recorded`,
      paymentChanged: (amount, day) => `payment changed: ${amount} on ${day}`,
      paymentDeleted: (amount, day) => `payment of ${amount} on ${day} deleted`,
      paymentSome: 'tenant payment updated',
      documentAdded: (type) => `document “${type}” uploaded`,
      documentRefused: (type) => `document “${type}” refused by the partner`,
      projectActive: 'guarantee active',
      projectStatus: (status) => `new status: ${status}`,
      assigned: (assignee, actor) => (actor ? `${actor} gave it to ${assignee} to look after` : `now looked after by ${assignee}`),
      took: (assignee) => `taken by ${assignee} to look after`,
      unassigned: 'no longer looked after by anyone',
      grouped: (count) => ` (${count} changes)`,
    },
    mail: {
      hello: (name) => `Hello ${name},`,
      digestSubject: (count, one) => (one ? `${count} change on the files you watch` : `${count} changes on the files you watch`),
      digestIntro: (count, one) =>
        one ? `${count} change on the files you watch is still unread:` : `${count} changes on the files you watch are still unread:`,
      digestMore: (count) => `… and ${count} more, in the dashboard.`,
      urgentSubject: (sentence) => sentence,
      urgentIntro: 'A file you watch needs your attention:',
      open: (url) => `Open: ${url}`,
      why: 'You receive this e-mail because you watch these files in the dashboard.',
      unsubscribe: {
        digest: (url) => `Stop this daily summary: ${url}`,
        urgent: (url) => `Stop these immediate alerts: ${url}`,
      },
    },
    unsubscribed: {
      digest: 'You will no longer receive the daily summary of the files you watch.',
      urgent: 'You will no longer receive immediate alerts; the daily summary goes on.',
    },
  },
} as const satisfies Record<Lang, NotificationWords>;

const plurals = new Map<Lang, Intl.PluralRules>();
/** Whether a count takes the singular ("1 changement", but also "0 changement" in French). */
export function isOne(n: number, lang: Lang): boolean {
  let rules = plurals.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(INTL_LOCALE[lang]);
    plurals.set(lang, rules);
  }
  return rules.select(n) === 'one';
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;

/** The months a notification names, in order, once each, the well-formed only. */
function monthsOf(n: Notification): string[] {
  return [...new Set((n.params.months ?? []).map((m) => m.slice(0, 7)).filter((m) => MONTH.test(m)))].sort();
}

/**
 * Months in words: "octobre 2026"; a run "août à octobre 2026" (the year once when it is the
 * same), "novembre 2025 à janvier 2026"; scattered months listed "août, octobre et décembre 2026"
 * (at most four named, then the run's ends). `of` gives the French "d’" / "de" before the first.
 */
export function monthsInWords(months: readonly string[], lang: Lang, of = false): string {
  const w = NOTIFICATION_WORDS[lang];
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return '';
  const name = (m: string, withOf: boolean) => (withOf ? formatOfMonthName(m, lang) : formatMonthName(m, lang));
  if (months.length === 1) return name(first, of);
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  const bare = (m: string, withOf: boolean) => {
    const full = name(m, withOf);
    return sameYear ? full.replace(/\s\d{4}$/, '') : full;
  };
  const run = monthIndex(last) - monthIndex(first) === months.length - 1;
  if (run || months.length > 4) return `${bare(first, of)} ${w.to} ${name(last, false)}`;
  const head = months.slice(0, -1).map((m, i) => bare(m, of && i === 0));
  return `${head.join(', ')} ${w.and} ${name(last, false)}`;
}

/** "Sinistre Sarah Leroy" / "Project Inès Martin": the file a notification is about. */
export function notificationFileLabel(file: Notification['file'], lang: Lang): string {
  const label = file.label.trim();
  return label ? NOTIFICATION_WORDS[lang].file[file.kind](label) : NOTIFICATION_WORDS[lang].fileUnnamed[file.kind];
}

const documentTypeIn = (n: Notification, lang: Lang): string => {
  const code = Number(n.params.documentType);
  const types = n.file.kind === 'claim' ? CLAIM_DOCUMENT_TYPES : PROJECT_DOCUMENT_TYPES;
  return Number.isInteger(code) ? labelOf(types, code, lang) : (n.params.documentType ?? '');
};

/** What changed, without the file: "paiement de 120,50 € du 3 décembre 2026 enregistré par Paul Martin". */
export function notificationChange(n: Notification, lang: Lang): string {
  const w = NOTIFICATION_WORDS[lang];
  const k = w.kinds;
  const months = monthsOf(n);
  const count = months.length;
  const inWords = monthsInWords(months, lang);
  const ofMonths = monthsInWords(months, lang, true);
  const money = typeof n.params.amount === 'number' && Number.isFinite(n.params.amount) ? formatEuros(n.params.amount, lang) : null;
  const day = n.params.date ? formatLongDay(n.params.date, lang) : null;
  let said: string;
  switch (n.kind) {
    case 'claim.created':
      said = k.claimCreated;
      break;
    case 'claim.status':
      said = k.claimStatus(labelOf(CLAIM_STATUSES, n.params.status ?? -1, lang));
      break;
    case 'claim.refused':
      said = k.claimRefused;
      break;
    case 'months.declared':
      said = k.monthsDeclared(count, inWords, ofMonths);
      break;
    case 'months.updated':
      said = k.monthsUpdated(count, inWords, ofMonths);
      break;
    case 'receipt.pending':
      said = k.receiptPending(count, ofMonths);
      break;
    case 'receipt.signed':
      said = k.receiptSigned(count, ofMonths);
      break;
    case 'payment.recorded':
      said = money && day ? k.paymentRecorded(money, day) : k.paymentSome;
      break;
    case 'payment.changed':
      said = money && day ? k.paymentChanged(money, day) : k.paymentSome;
      break;
    case 'payment.deleted':
      said = money && day ? k.paymentDeleted(money, day) : k.paymentSome;
      break;
    case 'document.added':
      said = k.documentAdded(documentTypeIn(n, lang));
      break;
    case 'document.refused':
      said = k.documentRefused(documentTypeIn(n, lang));
      break;
    case 'project.status':
      said =
        n.params.status === ProjectStatus.Active
          ? k.projectActive
          : k.projectStatus(labelOf(PROJECT_STATUSES, n.params.status ?? -1, lang));
      break;
    case 'assigned':
      // who gave it is part of the sentence (never "looked after by X by Y"), and taking it oneself says so
      if (n.params.assignee) return n.actor === n.params.assignee ? k.took(n.params.assignee) : k.assigned(n.params.assignee, n.actor);
      said = k.unassigned;
      break;
  }
  // a flood summed up in one notification says how many changes it stands for (months say it already)
  const grouped = (n.params.count ?? 1) > 1 && count === 0 ? k.grouped(formatNumber(n.params.count ?? 1, lang)) : '';
  return `${said}${grouped}${n.actor ? w.by(n.actor) : ''}`;
}

/** The whole sentence: "Sinistre Sarah Leroy : la quittance d’octobre 2026 attend la signature du bailleur". */
export function notificationSentence(n: Notification, lang: Lang): string {
  return `${notificationFileLabel(n.file, lang)}${lang === 'fr' ? ' : ' : ': '}${notificationChange(n, lang)}`;
}

/** Where a notification's file opens in the app (the same paths as the lists' links). */
export function notificationFilePath(file: Pick<Notification['file'], 'kind' | 'id'>): string {
  return file.kind === 'claim' ? `/claims/${file.id}` : `/projects/${file.id}`;
}
