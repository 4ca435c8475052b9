import { z } from 'zod';
import { RentalDebtSchema, type Claim, type RentalDebt } from '../../contract/claims.js';
import { addressLine } from '../../contract/common.js';
import { ProjectSchema, type Project } from '../../contract/projects.js';
import { TENANT_MONEY_LABELS, tenantMoneyLegend } from '../../contract/claim-money.js';
import { formatPartnerInstant, formatPartnerSheetInstant } from '../../contract/date-format.js';
import { CLAIM_STATUSES, RENTAL_DEBT_STATUSES, ReceiptStatus, labelIn, labelOf, type Lang } from '../../contract/enums.js';
import { STATEMENT_MAX_MONTHS } from '../../contract/limits.js';
import { sumEuros } from '../../contract/money.js';
import { isToDeclare, isUndeclared } from '../../contract/months.js';
import { partnerToday } from '../../contract/dates.js';
import type { ClaimReader } from '../sync/claim.js';
import type { Upstream } from '../upstream/client.js';
import { readJson } from '../upstream/read.js';
import { wordsIn } from '../i18n/words.js';
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

/** The statement's columns: the month, its status, the amounts (isAmountColumn) and the receipt. */
export function statementColumns(lang: Lang): string[] {
  const t = wordsIn(lang);
  return [
    t('statement.month'),
    t('statement.monthStatus'),
    t('statement.rent'),
    labelIn(TENANT_MONEY_LABELS.receivedAtDeclaration, lang),
    labelIn(TENANT_MONEY_LABELS.paymentsAfterDeclaration, lang),
    t('statement.guarantor'),
    t('statement.outstanding'),
    t('statement.receipt'),
  ];
}

/** All the tenant paid on the declared months: received at declaration and payments after it (the claim page's figure). */
export const paidByTenant = (t: StatementTotals): number => sumEuros([t.receivedAtDeclaration, t.tenantPayments]);

/** "7 décembre 2026 à 16:13:43 (heure de Paris)": when the statement was made, as its PDF says it. */
export const generatedWords = (s: Statement, lang: Lang): string =>
  `${formatPartnerInstant(new Date(s.generatedAt), lang)} ${wordsIn(lang)('statement.parisTime')}`;

/** The lines under the totals: all the tenant paid, then what each of the tenant's amounts counts. */
export function tenantMoneyLines(s: Statement, lang: Lang, money: (n: number) => string): { total: [string, string]; legend: string[] } {
  return { total: [labelIn(TENANT_MONEY_LABELS.paidByTenant, lang), money(paidByTenant(s.totals))], legend: tenantMoneyLegend(lang) };
}

/** The references shown above the months, label and value. */
export function statementReferences(s: Statement, lang: Lang): [string, string][] {
  const t = wordsIn(lang);
  const home = s.claim.property;
  return [
    [t('statement.claim'), s.claim.id],
    [t('statement.project'), s.claim.projectId],
    [t('statement.reference'), s.claim.metadata.externalReference ?? ''],
    [t('statement.tenant'), `${s.claim.tenant.firstName} ${s.claim.tenant.lastName}`],
    [t('statement.property'), home ? addressLine(home) : ''],
    [t('statement.owner'), s.owner ?? s.claim.mainOwnerEmail],
    [t('statement.ownerEmail'), s.claim.mainOwnerEmail],
    [t('statement.status'), labelOf(CLAIM_STATUSES, s.claim.status, lang)],
  ];
}

/** The columns of amounts (rent to outstanding): right-aligned in the PDF, left unquoted in the CSV. */
export const isAmountColumn = (i: number): boolean => i >= 2 && i <= 6;

/**
 * One month of the statement's claim, formatted by the caller's money and date functions: a month
 * not declared yet is to declare once its rent is due on the day the statement is made (isToDeclare).
 */
export function monthCells(
  s: Pick<Statement, 'claim' | 'generatedAt'>,
  m: RentalDebt,
  lang: Lang,
  money: (n: number) => string,
  month: (d: string) => string,
): string[] {
  const t = wordsIn(lang);
  if (isUndeclared(m))
    return [
      month(m.rentDueDate),
      isToDeclare(s.claim.rentDueDate, m, partnerToday(new Date(s.generatedAt))) ? t('statement.toDeclare') : t('statement.notDueYet'),
      '',
      '',
      '',
      '',
      '',
      '',
    ];
  return [
    month(m.rentDueDate),
    labelOf(RENTAL_DEBT_STATUSES, m.status, lang),
    money(m.rentAmount ?? 0),
    money(m.rentAmountReceived),
    money(m.tenantPaidAmount),
    money(m.guarantorPaidAmount),
    money(m.amountDue),
    m.receiptStatus ? t(m.receiptStatus === ReceiptStatus.Signed ? 'statement.receiptSigned' : 'statement.receiptPending') : '',
  ];
}

export function totalCells(t: StatementTotals, lang: Lang, money: (n: number) => string): string[] {
  return [
    wordsIn(lang)('statement.totals'),
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
  const t = wordsIn(lang);
  const month = (d: string) => d.slice(0, 7);
  const money = (n: number) => csv.money(n);
  const line = (cells: string[]) => csv.row(cells.map((v, i) => (isAmountColumn(i) ? v : csv.text(v))));
  const tenant = tenantMoneyLines(s, lang, money);
  const lines = [
    csv.row([csv.text(t('statement.title'))]),
    ...statementReferences(s, lang).map(([k, v]) => csv.row([csv.text(k), csv.text(v)])),
    csv.row([csv.text(t('statement.generatedSheet')), csv.text(formatPartnerSheetInstant(new Date(s.generatedAt), lang))]),
    '\r\n',
    ...(s.omitted > 0 ? [csv.row([csv.text(t('statement.omitted', { count: s.omitted }))])] : []),
    csv.header(statementColumns(lang)),
    ...s.months.map((m) => line(monthCells(s, m, lang, money, month))),
    line(totalCells(s.totals, lang, money)),
    csv.row([csv.text(tenant.total[0]), tenant.total[1]]),
    '\r\n',
    csv.row([csv.text(t('statement.legend'))]),
    ...tenant.legend.map((l) => csv.row([csv.text(l)])),
  ];
  return CsvFormat.BOM + lines.join('');
}
