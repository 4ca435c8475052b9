import { ClaimListSchema, type Claim } from '../../contract/claims.js';
import { CLAIM_STATUSES, PROJECT_STATUSES, labelOf, type Lang } from '../../contract/enums.js';
import type { Project } from '../../contract/projects.js';
import { addressLine } from '../../contract/common.js';
import type { Upstream } from '../upstream/client.js';
import { readPages } from '../upstream/read.js';
import { CsvFormat } from './csv.js';

const PROJECT_COLUMNS = {
  fr: [
    'Identifiant',
    'Créé le',
    'Prénom',
    'Nom',
    'E-mail',
    'Statut',
    'Libellé du statut',
    'Score',
    'Loyer',
    'Début du bail',
    'Adresse du logement',
    'Code postal',
    'Ville',
    'Référence interne',
  ],
  en: [
    'Id',
    'Created on',
    'First name',
    'Last name',
    'Email',
    'Status',
    'Status label',
    'Score',
    'Rent',
    'Lease start',
    'Property address',
    'Zip code',
    'City',
    'Internal reference',
  ],
} as const satisfies Record<Lang, readonly string[]>;

const CLAIM_COLUMNS = {
  fr: [
    'Identifiant',
    'Projet',
    'Ouvert le',
    'Locataire',
    'Adresse du logement',
    'Statut',
    'Libellé du statut',
    'Premier mois impayé',
    'Loyer',
    'Reste dû',
    'Référence externe',
    'Propriétaire',
  ],
  en: [
    'Id',
    'Project',
    'Opened on',
    'Tenant',
    'Property address',
    'Status',
    'Status label',
    'First unpaid month',
    'Rent',
    'Outstanding',
    'External reference',
    'Owner',
  ],
} as const satisfies Record<Lang, readonly string[]>;

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
  return csvLines(new CsvFormat(lang), PROJECT_COLUMNS[lang], pages, projectRow);
}

export function claimsCsv(lang: Lang, pages: AsyncIterable<Claim[]>): AsyncGenerator<string> {
  return csvLines(new CsvFormat(lang), CLAIM_COLUMNS[lang], pages, claimRow);
}

/** Every claim from the partner, page by page (the statistics read them live). */
export const claimPages = (upstream: Upstream, query: URLSearchParams, requestId: string) =>
  readPages(upstream, '/v1/claims', query, requestId, ClaimListSchema);
