import { ClaimListSchema, type Claim } from '../../contract/claims.js';
import { CLAIM_STATUSES, PROJECT_STATUSES, labelOf, type Lang } from '../../contract/enums.js';
import type { Project } from '../../contract/projects.js';
import { addressLine } from '../../contract/common.js';
import type { Upstream } from '../upstream/client.js';
import { readPages } from '../upstream/read.js';
import { wordsIn } from '../i18n/words.js';
import { CsvFormat } from './csv.js';

/** The columns of each file, in order: their headings are the server's words (i18n/). */
const PROJECT_COLUMNS = [
  'id',
  'created',
  'firstName',
  'lastName',
  'email',
  'status',
  'statusLabel',
  'score',
  'rent',
  'leaseStart',
  'address',
  'zipCode',
  'city',
  'internalReference',
] as const;
const CLAIM_COLUMNS = [
  'id',
  'project',
  'opened',
  'tenant',
  'address',
  'status',
  'statusLabel',
  'firstUnpaidMonth',
  'rent',
  'outstanding',
  'externalReference',
  'owner',
] as const;

export function projectRow(csv: CsvFormat, p: Project): string {
  const home = p.rent?.addressInformation;
  return csv.row([
    p.id,
    csv.date(p.createDate),
    csv.text(p.profile.firstName),
    csv.text(p.profile.lastName),
    csv.text(p.profile.email),
    String(p.status),
    csv.text(labelOf(PROJECT_STATUSES, p.status, csv.lang)),
    String(Math.round(p.score)),
    csv.money(p.rent?.rentAmount),
    csv.date(p.rent?.startLease),
    csv.text(home?.address),
    csv.text(home?.zipCode),
    csv.text(home?.city),
    csv.text(p.metadata.externalLeadId),
  ]);
}

export function claimRow(csv: CsvFormat, c: Claim): string {
  const home = c.property;
  return csv.row([
    c.id,
    c.projectId,
    csv.date(c.createdAt),
    csv.text(`${c.tenant.firstName} ${c.tenant.lastName}`),
    csv.text(home ? addressLine(home) : ''),
    String(c.status),
    csv.text(labelOf(CLAIM_STATUSES, c.status, csv.lang)),
    csv.date(c.rentDueDate),
    csv.money(c.rentAmount),
    csv.money(c.amountOutstanding),
    csv.text(c.metadata.externalReference),
    csv.text(c.mainOwnerEmail),
  ]);
}

/** The lines of a CSV file: BOM and header, then the rows page by page as the read model answers. */
async function* csvLines<T>(
  csv: CsvFormat,
  columns: readonly string[],
  pages: AsyncIterable<T[]>,
  row: (csv: CsvFormat, item: T) => string,
): AsyncGenerator<string> {
  yield CsvFormat.BOM + csv.header(columns);
  for await (const items of pages) yield items.map((i) => row(csv, i)).join('');
}

export function projectsCsv(lang: Lang, pages: AsyncIterable<Project[]>): AsyncGenerator<string> {
  return csvLines(
    new CsvFormat(lang),
    PROJECT_COLUMNS.map((c) => wordsIn(lang)(`projectsCsv.${c}`)),
    pages,
    projectRow,
  );
}

export function claimsCsv(lang: Lang, pages: AsyncIterable<Claim[]>): AsyncGenerator<string> {
  return csvLines(
    new CsvFormat(lang),
    CLAIM_COLUMNS.map((c) => wordsIn(lang)(`claimsCsv.${c}`)),
    pages,
    claimRow,
  );
}

/** Every claim from the partner, page by page (the statistics read them live). */
export const claimPages = (upstream: Upstream, query: URLSearchParams, requestId: string) =>
  readPages(upstream, '/v1/claims', query, requestId, ClaimListSchema);
