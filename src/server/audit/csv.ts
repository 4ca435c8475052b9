import { detailsInWords, resultInWords, whatWasDone } from '../../contract/audit-words.js';
import { ROLE_LABELS, type AuditRecord } from '../../contract/audit.js';
import { formatPartnerSheetInstant } from '../../contract/date-format.js';
import { labelIn, type Lang } from '../../contract/enums.js';
import { CsvFormat } from '../exports/csv.js';

const COLUMNS = {
  fr: [
    'N°',
    'Personne',
    'Identifiant',
    'Rôle',
    'Opération',
    'Projet',
    'Sinistre',
    'Locataire',
    'Détails',
    'Résultat',
    'Statut HTTP',
    'Requête',
    'Adresse',
  ],
  en: ['No.', 'Person', 'Id', 'Role', 'Operation', 'Project', 'Claim', 'Tenant', 'Details', 'Result', 'HTTP status', 'Request', 'Address'],
} as const satisfies Record<Lang, readonly string[]>;

/**
 * The date's column: Paris time; in sandbox mode also said to be the real time, not the sandbox's
 * (a record says when it was made, whatever day the sandbox's clock shows).
 */
const WHEN = {
  fr: { live: 'Date (heure de Paris)', sandbox: 'Date (heure réelle de Paris, hors horloge du bac à sable)' },
  en: { live: 'Date (Paris time)', sandbox: 'Date (real Paris time, not the sandbox’s clock)' },
} as const satisfies Record<Lang, Record<'live' | 'sandbox', string>>;

/**
 * The audit trail as CSV, in the user's language (see CsvFormat), header first, page after page:
 * what was done, its details and its result in the words the audit page shows (contract/audit-words.ts).
 */
export async function* auditCsv(
  lang: Lang,
  pages: AsyncIterable<AuditRecord[]>,
  mode: 'sandbox' | 'live' = 'live',
): AsyncGenerator<string> {
  const f = new CsvFormat(lang);
  const [no, ...rest] = COLUMNS[lang];
  yield CsvFormat.BOM + f.header([no, WHEN[lang][mode], ...rest]);
  for await (const page of pages)
    for (const r of page)
      yield f.row([
        String(r.seq),
        f.text(formatPartnerSheetInstant(new Date(r.at), lang)),
        f.text(r.actorName),
        f.text(r.actorId),
        f.text(r.actorRole ? labelIn(ROLE_LABELS[r.actorRole], lang) : ''),
        f.text(whatWasDone(r, lang)),
        f.text(r.projectId),
        f.text(r.claimId),
        f.text(r.tenant),
        f.text(detailsInWords(r, lang).join(' · ')),
        f.text(resultInWords(r, lang)),
        String(r.status),
        f.text(r.requestId),
        f.text(r.address),
      ]);
}
