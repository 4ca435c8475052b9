import { AUDIT_OPERATION_LABELS, AUDIT_PENDING, AUDIT_PENDING_LABEL, ROLE_LABELS, type AuditRecord } from '../../contract/audit.js';
import { labelIn, type Lang } from '../../contract/enums.js';
import { CsvFormat } from '../exports/csv.js';

const COLUMNS = {
  fr: [
    'N°',
    'Date (UTC)',
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
  en: [
    'No.',
    'Date (UTC)',
    'Person',
    'Id',
    'Role',
    'Operation',
    'Project',
    'Claim',
    'Tenant',
    'Details',
    'Result',
    'HTTP status',
    'Request',
    'Address',
  ],
} as const satisfies Record<Lang, readonly string[]>;

/** The audit trail as CSV, in the user's language (see CsvFormat), header first, page after page. */
export async function* auditCsv(lang: Lang, pages: AsyncIterable<AuditRecord[]>): AsyncGenerator<string> {
  const f = new CsvFormat(lang);
  yield CsvFormat.BOM + f.header(COLUMNS[lang]);
  for await (const page of pages)
    for (const r of page)
      yield f.row([
        String(r.seq),
        f.text(r.at.replace('T', ' ').slice(0, 19)),
        f.text(r.actorName),
        f.text(r.actorId),
        f.text(r.actorRole ? labelIn(ROLE_LABELS[r.actorRole], lang) : ''),
        f.text(labelIn(AUDIT_OPERATION_LABELS[r.operation], lang)),
        f.text(r.projectId),
        f.text(r.claimId),
        f.text(r.tenant),
        f.text(
          Object.entries(r.details)
            .map(([k, v]) => `${k}=${String(v)}`)
            .join(' '),
        ),
        f.text(r.result === AUDIT_PENDING ? labelIn(AUDIT_PENDING_LABEL, lang) : r.result),
        String(r.status),
        f.text(r.requestId),
        f.text(r.address),
      ]);
}
