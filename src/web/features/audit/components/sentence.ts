import type { TFunction } from 'i18next';
import { AUDIT_OPERATION_LABELS, type AuditRecord } from '../../../../contract/audit.js';
import { labelIn, type Lang } from '../../../../contract/enums.js';
import { formatDate, formatLongDate, formatOfMonth, formatSpokenTime } from '../../../lib/dates.js';
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

/** The whole line of a history: "Mois de mars 2026 déclaré (…) par Samuel Staff le 3 avril 2026 à 10 h 12". */
export function historySentence(r: AuditRecord, t: TFunction, lang: Lang): string {
  const values = {
    what: whatWasDone(r, t, lang),
    name: r.actorName ?? r.actorId ?? t('audit.unknownPerson'),
    date: formatLongDate(r.at, lang),
    time: formatSpokenTime(r.at, lang),
  };
  return r.result === 'success' ? t('audit.by', values) : t('audit.byRefused', { ...values, code: r.result });
}
