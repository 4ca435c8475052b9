import {
  AUDIT_OPERATION_LABELS,
  AUDIT_PENDING,
  AUDIT_PENDING_LABEL,
  AuditOperationSchema,
  ROLE_LABELS,
  type AuditRecord,
} from './audit.js';
import { formatDay, formatMonthName, formatOfMonthName, formatPartnerInstant } from './date-format.js';
import { CLAIM_STATUSES, PROJECT_STATUSES, labelIn, labelOf, type Lang, CLAIM_DOCUMENT_TYPES, PROJECT_DOCUMENT_TYPES } from './enums.js';
import { ERROR_CATALOGUE } from './error-codes.js';
import { ErrorCodeSchema } from './errors.js';
import { INTL_LOCALE, formatEuros, formatNumber } from './numbers.js';
import { RoleSchema } from './session.js';
import { labelled } from './wording.js';

/**
 * The audit trail in words, for the page that shows it and the CSV that exports it: one source of
 * the sentences, keyed by language, so the file says what the screen says. Values come formatted
 * (money, dates, names): the words only place them.
 */
interface AuditWords {
  success: string;
  refused: string;
  pending: string;
  unknownPerson: string;
  details: {
    month: (v: string) => string;
    rentAmount: (v: string) => string;
    rentAmountReceived: (v: string) => string;
    rentAmountReceivedDate: (v: string) => string;
    amount: (v: string) => string;
    applyDate: (v: string) => string;
    previousAmount: (v: string) => string;
    previousApplyDate: (v: string) => string;
    startLease: (v: string) => string;
    from: (v: string) => string;
    to: (v: string) => string;
    documentType: (v: string) => string;
    fileName: (v: string) => string;
    backupMadeAt: (v: string) => string;
    attemptAt: (v: string) => string;
    arrived: (yes: boolean) => string;
    user: (v: string) => string;
    actor: (v: string) => string;
    search: (v: string) => string;
    tenant: (v: string) => string;
    step: (v: string) => string;
    role: (v: string) => string;
    roleChange: (from: string, to: string) => string;
    status: (v: string) => string;
    operation: (v: string) => string;
    lang: (v: string) => string;
    sso: string;
    remindersOn: string;
    remindersOff: string;
    assignee: (v: string) => string;
    nobody: string;
    sessions: (count: string, one: boolean) => string;
    emailChoice: (choice: 'none' | 'digest' | 'urgent') => string;
    hour: (v: string) => string;
    other: (key: string, v: string) => string;
  };
  sentences: {
    addRentalDebt: (ofMonth: string, amount: string) => string;
    updateRentalDebt: (ofMonth: string, amount: string) => string;
    addPayment: (amount: string, date: string) => string;
    updatePayment: (amount: string, date: string) => string;
    updatePaymentFrom: (previousAmount: string, previousDate: string, amount: string, date: string) => string;
    deletePayment: (amount: string, date: string) => string;
    addDocument: (file: string) => string;
    createClaim: (ofMonth: string) => string;
    paymentArrived: (amount: string, date: string) => string;
    paymentMissing: (amount: string, date: string) => string;
  };
}

export const AUDIT_WORDS = {
  fr: {
    success: 'Réussi',
    refused: 'Refusé',
    pending: 'Résultat inconnu',
    unknownPerson: 'Inconnu',
    details: {
      month: (v) => `Mois : ${v}`,
      rentAmount: (v) => `Loyer : ${v}`,
      rentAmountReceived: (v) => `Déjà reçu du locataire : ${v}`,
      rentAmountReceivedDate: (v) => `Reçu le : ${v}`,
      amount: (v) => `Montant : ${v}`,
      applyDate: (v) => `Date d’imputation : ${v}`,
      previousAmount: (v) => `Montant avant : ${v}`,
      previousApplyDate: (v) => `Date d’imputation avant : ${v}`,
      startLease: (v) => `Début du bail : ${v}`,
      from: (v) => `Du : ${v}`,
      to: (v) => `Au : ${v}`,
      documentType: (v) => `Type : ${v}`,
      fileName: (v) => `Fichier : « ${v} »`,
      backupMadeAt: (v) => `Sauvegarde du ${v}`,
      attemptAt: (v) => `Envoi interrompu commencé le ${v}`,
      arrived: (yes) => (yes ? 'Arrivé chez le partenaire : oui' : 'Arrivé chez le partenaire : non'),
      user: (v) => `Compte : ${v}`,
      actor: (v) => `Personne : ${v}`,
      search: (v) => `Recherche : « ${v} »`,
      tenant: (v) => `Locataire : « ${v} »`,
      step: (v) => `Étape : ${v}`,
      role: (v) => `Rôle : ${v}`,
      roleChange: (from, to) => `Rôle : ${from} → ${to}`,
      status: (v) => `Statuts : ${v}`,
      operation: (v) => `Opération : ${v}`,
      lang: (v) => `Langue : ${v}`,
      sso: 'Par authentification unique',
      remindersOn: 'Rappels activés',
      remindersOff: 'Rappels désactivés',
      assignee: (v) => `Suivi par : ${v}`,
      nobody: 'personne',
      sessions: (count, one) => (one ? `${count} session fermée` : `${count} sessions fermées`),
      emailChoice: (c) =>
        `E-mails : ${c === 'none' ? 'aucun' : c === 'digest' ? 'résumé quotidien' : 'alertes immédiates et résumé quotidien'}`,
      hour: (v) => `Heure : ${v} h`,
      other: (key, v) => `${key} : ${v}`,
    },
    sentences: {
      addRentalDebt: (ofMonth, amount) => `Mois ${ofMonth} déclaré (${amount})`,
      updateRentalDebt: (ofMonth, amount) => `Montant du mois ${ofMonth} corrigé (${amount})`,
      addPayment: (amount, date) => `Paiement de ${amount} du ${date} enregistré`,
      updatePayment: (amount, date) => `Paiement modifié : ${amount} du ${date}`,
      updatePaymentFrom: (previousAmount, previousDate, amount, date) =>
        `Paiement de ${previousAmount} du ${previousDate} modifié : ${amount} du ${date}`,
      deletePayment: (amount, date) => `Paiement de ${amount} du ${date} supprimé`,
      addDocument: (file) => `Document « ${file} » envoyé`,
      createClaim: (ofMonth) => `Sinistre ouvert à partir du mois ${ofMonth}`,
      paymentArrived: (amount, date) =>
        `Paiement de ${amount} du ${date} retrouvé chez le partenaire après un envoi interrompu : il est arrivé, il n’est pas renvoyé`,
      paymentMissing: (amount, date) =>
        `Paiement de ${amount} du ${date} absent chez le partenaire après un envoi interrompu : il n’est pas arrivé`,
    },
  },
  en: {
    success: 'Done',
    refused: 'Refused',
    pending: 'Outcome unknown',
    unknownPerson: 'Unknown',
    details: {
      month: (v) => `Month: ${v}`,
      rentAmount: (v) => `Rent: ${v}`,
      rentAmountReceived: (v) => `Already received from the tenant: ${v}`,
      rentAmountReceivedDate: (v) => `Received on: ${v}`,
      amount: (v) => `Amount: ${v}`,
      applyDate: (v) => `Applied on: ${v}`,
      previousAmount: (v) => `Amount before: ${v}`,
      previousApplyDate: (v) => `Applied on, before: ${v}`,
      startLease: (v) => `Lease start: ${v}`,
      from: (v) => `From: ${v}`,
      to: (v) => `To: ${v}`,
      documentType: (v) => `Type: ${v}`,
      fileName: (v) => `File: “${v}”`,
      backupMadeAt: (v) => `Backup made ${v}`,
      attemptAt: (v) => `Interrupted send began ${v}`,
      arrived: (yes) => (yes ? 'Arrived at the partner: yes' : 'Arrived at the partner: no'),
      user: (v) => `Account: ${v}`,
      actor: (v) => `Person: ${v}`,
      search: (v) => `Search: “${v}”`,
      tenant: (v) => `Tenant: “${v}”`,
      step: (v) => `Step: ${v}`,
      role: (v) => `Role: ${v}`,
      roleChange: (from, to) => `Role: ${from} → ${to}`,
      status: (v) => `Statuses: ${v}`,
      operation: (v) => `Operation: ${v}`,
      lang: (v) => `Language: ${v}`,
      sso: 'Through single sign-on',
      remindersOn: 'Reminders on',
      remindersOff: 'Reminders off',
      assignee: (v) => `Looked after by: ${v}`,
      nobody: 'nobody',
      sessions: (count, one) => (one ? `${count} session ended` : `${count} sessions ended`),
      emailChoice: (c) => `E-mails: ${c === 'none' ? 'none' : c === 'digest' ? 'daily summary' : 'immediate alerts and daily summary'}`,
      hour: (v) => `Hour: ${v}:00`,
      other: (key, v) => `${key}: ${v}`,
    },
    sentences: {
      addRentalDebt: (ofMonth, amount) => `Month of ${ofMonth} declared (${amount})`,
      updateRentalDebt: (ofMonth, amount) => `Amount of the month of ${ofMonth} corrected (${amount})`,
      addPayment: (amount, date) => `Payment of ${amount} on ${date} recorded`,
      updatePayment: (amount, date) => `Payment changed: ${amount} on ${date}`,
      updatePaymentFrom: (previousAmount, previousDate, amount, date) =>
        `Payment of ${previousAmount} on ${previousDate} changed: ${amount} on ${date}`,
      deletePayment: (amount, date) => `Payment of ${amount} on ${date} deleted`,
      addDocument: (file) => `Document “${file}” uploaded`,
      createClaim: (ofMonth) => `Claim opened from ${ofMonth}`,
      paymentArrived: (amount, date) =>
        `Payment of ${amount} on ${date} found at the partner after an interrupted send: it arrived and is not sent again`,
      paymentMissing: (amount, date) =>
        `Payment of ${amount} on ${date} not found at the partner after an interrupted send: it did not arrive`,
    },
  },
} as const satisfies Record<Lang, AuditWords>;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** What was done, in words: "Mois de mars 2026 déclaré (812,50 €)"; else the operation's label. */
export function whatWasDone(r: AuditRecord, lang: Lang): string {
  const w = AUDIT_WORDS[lang].sentences;
  const d = r.details;
  const month = str(d.month);
  const ofMonth = month ? formatOfMonthName(month, lang) : null;
  const amount = num(d.rentAmount ?? d.amount);
  const money = amount === null ? null : formatEuros(amount, lang);
  const date = str(d.applyDate);
  switch (r.operation) {
    case 'addRentalDebt':
    case 'updateRentalDebt':
      if (ofMonth && money) return w[r.operation](ofMonth, money);
      break;
    case 'addPayment':
    case 'updatePayment':
    case 'deletePayment': {
      const before = num(d.previousAmount);
      const beforeDate = str(d.previousApplyDate);
      if (r.operation === 'updatePayment' && money && date && before !== null && beforeDate)
        return w.updatePaymentFrom(formatEuros(before, lang), formatDay(beforeDate, lang), money, formatDay(date, lang));
      if (money && date) return w[r.operation](money, formatDay(date, lang));
      break;
    }
    case 'addClaimDocument':
    case 'addProjectDocument':
      {
        const file = str(d.fileName);
        if (file) return w.addDocument(file);
      }
      break;
    case 'createClaim':
      if (ofMonth) return w.createClaim(ofMonth);
      break;
    case 'checkPayment':
      if (money && date && typeof d.arrived === 'boolean')
        return (d.arrived ? w.paymentArrived : w.paymentMissing)(money, formatDay(date, lang));
      break;
    default:
      break;
  }
  return labelIn(AUDIT_OPERATION_LABELS[r.operation], lang);
}

/** What a refusal's code means, as the catalogue says it to users ("Mot de passe incorrect…"); an unknown code as it is. */
export function refusal(code: string, lang: Lang): string {
  const known = ErrorCodeSchema.safeParse(code);
  return known.success ? labelIn(ERROR_CATALOGUE[known.data], lang) : code;
}

/** "Réussi", "Refusé : " and what the refusal meant, or a partner write sent whose outcome is not recorded. */
export function resultInWords(r: Pick<AuditRecord, 'result'>, lang: Lang): string {
  if (r.result === 'success') return AUDIT_WORDS[lang].success;
  if (r.result === AUDIT_PENDING) return labelIn(AUDIT_PENDING_LABEL, lang);
  return `${labelled(AUDIT_WORDS[lang].refused, lang)} ${refusal(r.result, lang)}`;
}

/** Who did it: "Samuel Staff (Collaborateur)"; the id when the name is not known. */
export function whoDidIt(r: Pick<AuditRecord, 'actorName' | 'actorId' | 'actorRole'>, lang: Lang): string {
  const name = r.actorName ?? r.actorId ?? AUDIT_WORDS[lang].unknownPerson;
  return r.actorRole ? `${name} (${labelIn(ROLE_LABELS[r.actorRole], lang)})` : name;
}

/** Ids that identify a record for the machine (a month's, a payment's, a document's): the words say what they are instead. */
const UNSAID = new Set(['rentalDebtId', 'paymentId', 'documentId', 'projectId', 'claimId', 'kind', 'page', 'pageSize', 'sort']);
const MONEY = ['rentAmount', 'rentAmountReceived', 'amount', 'previousAmount'] as const;
const DATES = ['applyDate', 'previousApplyDate', 'rentAmountReceivedDate', 'startLease', 'from', 'to'] as const;
/** Said as typed: a file's name, an e-mail, a search, a back-office step. */
const AS_IS = ['fileName', 'user', 'actor', 'search', 'tenant', 'step'] as const;
const oneOf = <const L extends readonly string[]>(list: L, key: string): key is L[number] => list.includes(key);

const plurals = new Map<Lang, Intl.PluralRules>();
const isOne = (n: number, lang: Lang): boolean => {
  let rules = plurals.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(INTL_LOCALE[lang]);
    plurals.set(lang, rules);
  }
  return rules.select(n) === 'one';
};

/**
 * A record's details in words, in the reader's language: "Loyer : 780,00 €", "Rôle : Collaborateur
 * → Responsable", "Type : Bail signé", "Statuts : Actif, Suspendu"; the ids that only a machine
 * reads are left out. A key no sentence knows yet is said as it is (never dropped: the trail hides nothing).
 */
export function detailsInWords(r: AuditRecord, lang: Lang): string[] {
  const w = AUDIT_WORDS[lang].details;
  const d = r.details;
  const words: string[] = [];
  const role = (v: unknown) => {
    const parsed = RoleSchema.safeParse(v);
    return parsed.success ? labelIn(ROLE_LABELS[parsed.data], lang) : String(v);
  };
  for (const [key, v] of Object.entries(d)) {
    if (UNSAID.has(key)) continue;
    const value = String(v);
    if (r.operation === 'changeRole' && (key === 'from' || key === 'role')) {
      if (key === 'role') words.push(w.roleChange(d.from === undefined ? '—' : role(d.from), role(v)));
    } else if (key === 'role') words.push(w.role(role(v)));
    else if (key === 'month') words.push(w.month(formatMonthName(value, lang)));
    else if (oneOf(MONEY, key) && typeof v === 'number') words.push(w[key](formatEuros(v, lang)));
    else if (oneOf(DATES, key)) words.push(w[key](formatDay(value, lang)));
    else if (key === 'documentType') {
      const types = r.operation === 'addClaimDocument' ? CLAIM_DOCUMENT_TYPES : PROJECT_DOCUMENT_TYPES;
      words.push(w.documentType(labelOf(types, Number(v), lang)));
    } else if (key === 'status') {
      const statuses = r.operation === 'exportClaims' ? CLAIM_STATUSES : PROJECT_STATUSES;
      words.push(
        w.status(
          value
            .split(',')
            .map((code) => labelOf(statuses, Number(code), lang))
            .join(', '),
        ),
      );
    } else if (key === 'operation') {
      const op = AuditOperationSchema.safeParse(v);
      words.push(w.operation(op.success ? labelIn(AUDIT_OPERATION_LABELS[op.data], lang) : value));
    } else if (key === 'lang') words.push(w.lang(value === 'en' ? 'English' : 'français'));
    else if (key === 'method') words.push(value === 'sso' ? w.sso : w.other(key, value));
    else if (key === 'enabled') words.push(v === true ? w.remindersOn : w.remindersOff);
    else if (key === 'assignee') words.push(w.assignee(value === 'nobody' ? w.nobody : value));
    else if (key === 'arrived' && typeof v === 'boolean') words.push(w.arrived(v));
    else if (key === 'emailChoice' && (v === 'none' || v === 'digest' || v === 'urgent')) words.push(w.emailChoice(v));
    else if (key === 'hour' && typeof v === 'number') words.push(w.hour(String(v)));
    else if (key === 'attemptAt' && !Number.isNaN(Date.parse(value))) words.push(w.attemptAt(formatPartnerInstant(new Date(value), lang)));
    else if (key === 'backupMadeAt' && !Number.isNaN(Date.parse(value)))
      words.push(w.backupMadeAt(formatPartnerInstant(new Date(value), lang)));
    else if (key === 'sessions' && typeof v === 'number') words.push(w.sessions(formatNumber(v, lang), isOne(v, lang)));
    else if (oneOf(AS_IS, key)) words.push(w[key](value));
    else words.push(w.other(key, value));
  }
  return words;
}
