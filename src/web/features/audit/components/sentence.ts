import type { TFunction } from 'i18next';
import { AUDIT_OPERATION_LABELS, AUDIT_PENDING, AuditOperationSchema, ROLE_LABELS, type AuditRecord } from '../../../../contract/audit.js';
import { CLAIM_DOCUMENT_TYPES } from '../../../../contract/claims.js';
import { CLAIM_STATUSES, PROJECT_STATUSES, labelIn, labelOf, type Lang } from '../../../../contract/enums.js';
import { ERROR_CATALOGUE } from '../../../../contract/error-codes.js';
import { ErrorCodeSchema } from '../../../../contract/errors.js';
import { PROJECT_DOCUMENT_TYPES } from '../../../../contract/projects.js';
import { RoleSchema } from '../../../../contract/session.js';
import { formatDate, formatDateTime, formatLongDate, formatMonth, formatOfMonth, formatSpokenTime } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** What was done, in words: "Mois de mars 2026 déclaré (812,50 €)"; else the operation's label. */
export function whatWasDone(r: AuditRecord, t: TFunction, lang: Lang): string {
  const d = r.details;
  const month = str(d.month);
  const ofMonth = month ? formatOfMonth(`${month}-01`, lang) : null;
  const amount = num(d.rentAmount ?? d.amount);
  const money = amount === null ? null : formatMoney(amount, lang);
  const date = str(d.applyDate);
  switch (r.operation) {
    case 'addRentalDebt':
    case 'updateRentalDebt':
      if (ofMonth && money) return t(`audit.sentences.${r.operation}`, { ofMonth, amount: money });
      break;
    case 'addPayment':
    case 'updatePayment':
      if (money && date) return t(`audit.sentences.${r.operation}`, { amount: money, date: formatDate(date, lang) });
      break;
    case 'addClaimDocument':
    case 'addProjectDocument':
      {
        const file = str(d.fileName);
        if (file) return t('audit.sentences.addDocument', { file });
      }
      break;
    case 'createClaim':
      if (ofMonth) return t('audit.sentences.createClaim', { ofMonth });
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

/** Ids that identify a record for the machine (a month's, a payment's, a document's): the words say what they are instead. */
const UNSAID = new Set(['rentalDebtId', 'paymentId', 'documentId', 'projectId', 'claimId', 'kind', 'page', 'pageSize', 'sort']);
const MONEY = ['rentAmount', 'rentAmountReceived', 'amount'] as const;
const DATES = ['applyDate', 'rentAmountReceivedDate', 'startLease', 'from', 'to'] as const;
/** Said as typed: a file's name, an e-mail, a search, a back-office step. */
const AS_IS = ['fileName', 'user', 'actor', 'search', 'tenant', 'step'] as const;
const oneOf = <const L extends readonly string[]>(list: L, key: string): key is L[number] => list.includes(key);

/**
 * A record's details in words, in the reader's language: "Loyer : 780,00 €", "Rôle : Collaborateur
 * → Responsable", "Type : Bail signé", "Statuts : Actif, Suspendu"; the ids that only a machine
 * reads are left out. A key no sentence knows yet is said as it is (never dropped: the trail hides nothing).
 */
export function detailsInWords(r: AuditRecord, t: TFunction, lang: Lang): string[] {
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
      if (key === 'role') words.push(t('audit.details.roleChange', { from: d.from === undefined ? '—' : role(d.from), to: role(v) }));
    } else if (key === 'role') words.push(t('audit.details.role', { value: role(v) }));
    else if (key === 'month') words.push(t('audit.details.month', { value: formatMonth(`${value}-01`, lang) }));
    else if (oneOf(MONEY, key) && typeof v === 'number') words.push(t(`audit.details.${key}`, { value: formatMoney(v, lang) }));
    else if (oneOf(DATES, key)) words.push(t(`audit.details.${key}`, { value: formatDate(value, lang) }));
    else if (key === 'backupMadeAt') words.push(t('audit.details.backupMadeAt', { value: formatDateTime(value, lang) }));
    else if (key === 'documentType') {
      const types = r.operation === 'addClaimDocument' ? CLAIM_DOCUMENT_TYPES : PROJECT_DOCUMENT_TYPES;
      words.push(t('audit.details.documentType', { value: labelOf(types, Number(v), lang) }));
    } else if (key === 'status') {
      const statuses = r.operation === 'exportClaims' ? CLAIM_STATUSES : PROJECT_STATUSES;
      const names = value.split(',').map((code) => labelOf(statuses, Number(code), lang));
      words.push(t('audit.details.status', { value: names.join(', ') }));
    } else if (key === 'operation') {
      const op = AuditOperationSchema.safeParse(v);
      words.push(t('audit.details.operation', { value: op.success ? labelIn(AUDIT_OPERATION_LABELS[op.data], lang) : value }));
    } else if (key === 'lang') words.push(t('audit.details.lang', { value: value === 'en' ? 'English' : 'français' }));
    else if (key === 'method') words.push(value === 'sso' ? t('audit.details.sso') : t('audit.details.other', { key, value }));
    else if (key === 'enabled') words.push(t(v === true ? 'audit.details.remindersOn' : 'audit.details.remindersOff'));
    else if (key === 'assignee') words.push(t('audit.details.assignee', { value: value === 'nobody' ? t('audit.details.nobody') : value }));
    else if (key === 'sessions' && typeof v === 'number') words.push(t('audit.details.sessions', { count: v }));
    else if (oneOf(AS_IS, key)) words.push(t(`audit.details.${key}`, { value }));
    else words.push(t('audit.details.other', { key, value }));
  }
  return words;
}

/** The whole line of a history: "Mois de mars 2026 déclaré (…) par Samuel Staff le 3 avril 2026 à 10 h 12". */
export function historySentence(r: AuditRecord, t: TFunction, lang: Lang): string {
  const values = {
    what: whatWasDone(r, t, lang),
    name: r.actorName ?? r.actorId ?? t('audit.unknownPerson'),
    date: formatLongDate(r.at, lang),
    time: formatSpokenTime(r.at, lang),
  };
  if (r.result === 'success') return t('audit.by', values);
  if (r.result === AUDIT_PENDING) return t('audit.byPending', values);
  return t('audit.byRefused', { ...values, code: refusal(r.result, lang) });
}
