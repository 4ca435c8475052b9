import { detailsInWords, resultInWords, whatWasDone } from '../../contract/audit-words.js';
import { ROLE_LABELS, type AuditRecord } from '../../contract/audit.js';
import { formatPartnerSheetInstant } from '../../contract/date-format.js';
import { labelIn, type Lang } from '../../contract/enums.js';
import { CsvFormat } from '../exports/csv.js';
import { wordsIn } from '../i18n/words.js';

/**
 * The columns after the number and the date, in order (their headings are the server's words, i18n/).
 * The date's column says Paris time; in sandbox mode also that it is the real time, not the sandbox's
 * (a record says when it was made, whatever day the sandbox's clock shows).
 */
const COLUMNS = [
  'person',
  'id',
  'role',
  'operation',
  'project',
  'claim',
  'tenant',
  'details',
  'result',
  'httpStatus',
  'request',
  'address',
] as const;

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
  const t = wordsIn(lang);
  const when = t(mode === 'sandbox' ? 'auditCsv.whenSandbox' : 'auditCsv.whenLive');
  yield CsvFormat.BOM + f.header([t('auditCsv.no'), when, ...COLUMNS.map((c) => t(`auditCsv.${c}`))]);
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
