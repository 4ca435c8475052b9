import type { TFunction } from 'i18next';
import { AUDIT_WORDS, refusal, whatWasDone } from '../../../../contract/audit-words.js';
import { AUDIT_PENDING, type AuditRecord } from '../../../../contract/audit.js';
import type { Lang } from '../../../../contract/enums.js';
import { formatLongDate, formatSpokenTime } from '../../../lib/dates.js';

/** The whole line of a history: "Mois de mars 2026 déclaré (…) par Samuel Staff le 3 avril 2026 à 10 h 12". */
export function historySentence(r: AuditRecord, t: TFunction, lang: Lang): string {
  const values = {
    what: whatWasDone(r, lang),
    name: r.actorName ?? r.actorId ?? AUDIT_WORDS[lang].unknownPerson,
    date: formatLongDate(r.at, lang),
    time: formatSpokenTime(r.at, lang),
  };
  if (r.result === 'success') return t('audit.by', values);
  if (r.result === AUDIT_PENDING) return t('audit.byPending', values);
  return t('audit.byRefused', { ...values, code: refusal(r.result, lang) });
}
