import { z } from 'zod';
import { RentalDebtSchema, type Claim, type RentalDebt } from '../../contract/claims.js';
import { addressLine } from '../../contract/common.js';
import { ProjectSchema, type Project } from '../../contract/projects.js';
import { TENANT_MONEY_LABELS, tenantMoneyLegend } from '../../contract/claim-money.js';
import { formatPartnerInstant, formatPartnerSheetInstant } from '../../contract/date-format.js';
import { CLAIM_STATUSES, RENTAL_DEBT_STATUSES, labelIn, labelOf, type Lang } from '../../contract/enums.js';
import { STATEMENT_MAX_MONTHS } from '../../contract/limits.js';
import { sumEuros } from '../../contract/money.js';
import type { ClaimReader } from '../sync/claim.js';
import type { Upstream } from '../upstream/client.js';
import { readJson } from '../upstream/read.js';
import { CsvFormat } from './csv.js';

export interface StatementTotals {
  rent: number;
  receivedAtDeclaration: number;
  tenantPayments: number;
  guarantor: number;
  outstanding: number;
}

/** The debt statement ("décompte") of a claim: its references, every month, the totals. */
export interface Statement {
  claim: Claim;
  /** The months listed: the most recent STATEMENT_MAX_MONTHS at most. */
  months: RentalDebt[];
  /** Earlier months not listed (the totals still cover them). */
  omitted: number;
  totals: StatementTotals;
  /** When, on the partner's clock (TodayProvider.now: the sandbox's day in sandbox mode), said in Paris time. */
  generatedAt: string;
  /** The owner's name as the lease gives it (their company's for an agency); null when unknown. */
  owner: string | null;
}

/** A statement of every month's totals, listing at most the `max` most recent months. */
export function statementOf(
  claim: Claim,
  months: RentalDebt[],
  generatedAt: string,
  owner: string | null = null,
  max = STATEMENT_MAX_MONTHS,
): Statement {
  const omitted = Math.max(0, months.length - max);
  return { claim, months: months.slice(omitted), omitted, totals: totalsOf(months), generatedAt, owner };
}

/** The owner as a reader knows them: the agency's name, or the person's. */
export function ownerName(rent: Project['rent']): string | null {
  if (!rent) return null;
  const person = `${rent.owner.firstName} ${rent.owner.lastName}`.trim();
  return rent.ownerType === 1 && rent.ownerOrganizationName ? rent.ownerOrganizationName : person || null;
}

const sum = (months: RentalDebt[], f: (m: RentalDebt) => number) => sumEuros(months.map(f));

export function totalsOf(months: RentalDebt[]): StatementTotals {
  const declared = months.filter((m) => m.id !== null);
  return {
    rent: sum(declared, (m) => m.rentAmount ?? 0),
    receivedAtDeclaration: sum(declared, (m) => m.rentAmountReceived),
    tenantPayments: sum(declared, (m) => m.tenantPaidAmount),
    guarantor: sum(declared, (m) => m.guarantorPaidAmount),
    outstanding: sum(declared, (m) => m.amountDue),
  };
}

/** Reads a claim (from the read model: claimReader) and, from the partner, its months and its lease's owner. */
export async function readStatement(
  upstream: Upstream,
  readClaim: ClaimReader,
  claimId: string,
  requestId: string,
  now = new Date(),
): Promise<Statement> {
  const claim = await readClaim(claimId);
  const months = await readJson(upstream, `/v1/claims/${claim.id}/rentaldebts`, requestId, z.array(RentalDebtSchema));
  // the owner's name is the lease's (the claim holds only the e-mail it was declared with)
  const project = await readJson(upstream, `/v3/projects/${claim.projectId}`, requestId, ProjectSchema);
  return statementOf(claim, months, now.toISOString(), ownerName(project.rent));
}

const COLUMN = (lang: Lang) => ({
  received: labelIn(TENANT_MONEY_LABELS.receivedAtDeclaration, lang),
  after: labelIn(TENANT_MONEY_LABELS.paymentsAfterDeclaration, lang),
});

export const STATEMENT_COPY = {
  fr: {
    title: 'Décompte du sinistre',
    claim: 'Sinistre',
    project: 'Projet',
    reference: 'Référence externe',
    tenant: 'Locataire',
    property: 'Logement',
    owner: 'Propriétaire',
    ownerEmail: 'E-mail du propriétaire',
    status: 'Statut du sinistre',
    generated: 'Généré le',
    generatedSheet: 'Généré le (heure de Paris)',
    parisTime: '(heure de Paris)',
    columns: ['Mois', 'Statut', 'Loyer', COLUMN('fr').received, COLUMN('fr').after, 'Payé par le garant', 'Reste dû', 'Quittance'],
    totals: 'Totaux',
    paidByTenant: labelIn(TENANT_MONEY_LABELS.paidByTenant, 'fr'),
    legend: 'Ce que compte chaque montant du locataire',
    omitted: (n: number) => `${n} mois plus anciens ne sont pas listés ; les totaux les comprennent.`,
    toDeclare: 'À déclarer',
    receipt: { 1: 'En attente de signature', 2: 'Signée' },
  },
  en: {
    title: 'Claim debt statement',
    claim: 'Claim',
    project: 'Project',
    reference: 'External reference',
    tenant: 'Tenant',
    property: 'Property',
    owner: 'Owner',
    ownerEmail: 'Owner’s e-mail',
    status: 'Claim status',
    generated: 'Generated on',
    generatedSheet: 'Generated on (Paris time)',
    parisTime: '(Paris time)',
    columns: ['Month', 'Status', 'Rent', COLUMN('en').received, COLUMN('en').after, 'Paid by guarantor', 'Outstanding', 'Receipt'],
    totals: 'Totals',
    paidByTenant: labelIn(TENANT_MONEY_LABELS.paidByTenant, 'en'),
    legend: 'What each of the tenant’s amounts counts',
    omitted: (n: number) => `${n} earlier months are not listed; the totals include them.`,
    toDeclare: 'To declare',
    receipt: { 1: 'Pending signature', 2: 'Signed' },
  },
} as const satisfies Record<Lang, unknown>;

/** All the tenant paid on the declared months: received at declaration and payments after it (the claim page's figure). */
export const paidByTenant = (t: StatementTotals): number => sumEuros([t.receivedAtDeclaration, t.tenantPayments]);

/** "7 décembre 2026 à 16:13:43 (heure de Paris)": when the statement was made, as its PDF says it. */
export const generatedWords = (s: Statement, lang: Lang): string =>
  `${formatPartnerInstant(new Date(s.generatedAt), lang)} ${STATEMENT_COPY[lang].parisTime}`;

/** The lines under the totals: all the tenant paid, then what each of the tenant's amounts counts. */
export function tenantMoneyLines(s: Statement, lang: Lang, money: (n: number) => string): { total: [string, string]; legend: string[] } {
  return { total: [STATEMENT_COPY[lang].paidByTenant, money(paidByTenant(s.totals))], legend: tenantMoneyLegend(lang) };
}

/** The references shown above the months, label and value. */
export function statementReferences(s: Statement, lang: Lang): [string, string][] {
  const c = STATEMENT_COPY[lang];
  const home = s.claim.property;
  return [
    [c.claim, s.claim.id],
    [c.project, s.claim.projectId],
    [c.reference, s.claim.metadata.externalReference ?? ''],
    [c.tenant, `${s.claim.tenant.firstName} ${s.claim.tenant.lastName}`],
    [c.property, home ? addressLine(home) : ''],
    [c.owner, s.owner ?? s.claim.mainOwnerEmail],
    [c.ownerEmail, s.claim.mainOwnerEmail],
    [c.status, labelOf(CLAIM_STATUSES, s.claim.status, lang)],
  ];
}

/** The columns of amounts (rent to outstanding): right-aligned in the PDF, left unquoted in the CSV. */
export const isAmountColumn = (i: number): boolean => i >= 2 && i <= 6;

/** One month's cells, formatted by the caller's money and date functions. */
export function monthCells(m: RentalDebt, lang: Lang, money: (n: number) => string, month: (d: string) => string): string[] {
  const c = STATEMENT_COPY[lang];
  if (m.id === null) return [month(m.rentDueDate), c.toDeclare, '', '', '', '', '', ''];
  return [
    month(m.rentDueDate),
    labelOf(RENTAL_DEBT_STATUSES, m.status, lang),
    money(m.rentAmount ?? 0),
    money(m.rentAmountReceived),
    money(m.tenantPaidAmount),
    money(m.guarantorPaidAmount),
    money(m.amountDue),
    m.receiptStatus ? c.receipt[m.receiptStatus] : '',
  ];
}

export function totalCells(t: StatementTotals, lang: Lang, money: (n: number) => string): string[] {
  return [
    STATEMENT_COPY[lang].totals,
    '',
    money(t.rent),
    money(t.receivedAtDeclaration),
    money(t.tenantPayments),
    money(t.guarantor),
    money(t.outstanding),
    '',
  ];
}

/** The statement as CSV: a title, the references, the generation date, the months, the totals and what the tenant's amounts count. */
export function statementCsv(s: Statement, lang: Lang): string {
  const csv = new CsvFormat(lang);
  const c = STATEMENT_COPY[lang];
  const month = (d: string) => d.slice(0, 7);
  const money = (n: number) => csv.money(n);
  const line = (cells: string[]) => csv.row(cells.map((v, i) => (isAmountColumn(i) ? v : csv.text(v))));
  const tenant = tenantMoneyLines(s, lang, money);
  const lines = [
    csv.row([csv.text(c.title)]),
    ...statementReferences(s, lang).map(([k, v]) => csv.row([csv.text(k), csv.text(v)])),
    csv.row([csv.text(c.generatedSheet), csv.text(formatPartnerSheetInstant(new Date(s.generatedAt), lang))]),
    '\r\n',
    ...(s.omitted > 0 ? [csv.row([csv.text(c.omitted(s.omitted))])] : []),
    csv.header(c.columns),
    ...s.months.map((m) => line(monthCells(m, lang, money, month))),
    line(totalCells(s.totals, lang, money)),
    csv.row([csv.text(tenant.total[0]), tenant.total[1]]),
    '\r\n',
    csv.row([csv.text(c.legend)]),
    ...tenant.legend.map((l) => csv.row([csv.text(l)])),
  ];
  return CsvFormat.BOM + lines.join('');
}
