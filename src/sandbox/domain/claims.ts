import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { addMonths, dueDateInMonth, monthOf } from '../../contract/dates.js';
import {
  CLAIM_REQUIRED_DOCUMENT_TYPES,
  type Claim,
  type ClaimCreateBody,
  type ClaimListQuerySchema,
  type RentalDebt,
  firstMonthBeforeLease,
  leaseNotStarted,
} from '../../contract/claims.js';
import {
  ClaimStatus,
  RentalDebtStatus,
  type ClaimStatus as ClaimStatusCode,
  type ReceiptStatus,
  CLAIM_DOCUMENT_TYPES,
} from '../../contract/enums.js';
import { claimAwaitsDocuments, isClaimOpen, projectIsActive } from '../../contract/lifecycle.js';
import type { ProjectCreateBody, RentalInfoBody, RequiredDocument } from '../../contract/projects.js';
import { toCents, toEuros } from '../../contract/money.js';
import {
  claimStatusesOfProject,
  countClaims,
  findClaim,
  insertClaim,
  pageOfClaims,
  updateClaimStatus,
  type ClaimRow,
} from '../db/claims.js';
import { tx } from '../db/database.js';
import { documentTypesOf } from '../db/documents.js';
import { insertPayment, paymentsOfClaim, setPaymentSpread, type PaymentRow } from '../db/payments.js';
import { projectBodyAndRent } from '../db/projects.js';
import { debtsOfClaim, findDebtOfClaim, insertDebt, updateDebtStatus, type DebtRow } from '../db/rental-debts.js';
import type { Organization, SandboxContext } from '../context.js';
import { AppError, errorFromIssues } from '../errors.js';
import { ruleText, type RuleRef } from '../../contract/rules.js';
import { allocatePayments, amountDue, deriveStatuses, type LedgerDebt, type LedgerResult } from './ledger.js';
import { loadProject } from './projects.js';
import { isPastDeadline } from './deadlines.js';

export type { ClaimRow, DebtRow, PaymentRow };

export function loadClaim(ctx: SandboxContext, org: Organization, id: string): ClaimRow {
  const row = findClaim(ctx.db, id);
  if (!row) throw new AppError('E0177');
  if (row.org_id !== org.id) throw new AppError('E0015');
  return row;
}

export const isTerminal = (status: number): boolean => !isClaimOpen(status);

function requireNotTerminal(claim: ClaimRow): void {
  if (isTerminal(claim.status))
    throw new AppError('E0200', `The claim is in status ${claim.status} (closed, cancelled or denied): nothing can be changed.`);
}

export const debtsOf = (ctx: SandboxContext, claimId: string): DebtRow[] => debtsOfClaim(ctx.db, claimId);

const toLedger = (d: DebtRow): LedgerDebt => ({
  id: d.id,
  month: d.month,
  rentAmount: d.rent_amount,
  received: d.received,
  guarantorPaid: d.guarantor_paid,
  receiptStatus: d.receipt_status,
  lateDeclaration: d.late_declaration === 1,
});

const spreadOf = (p: PaymentRow): { debtId: string; amount: number }[] | null =>
  p.spread ? (JSON.parse(p.spread) as { debtId: string; amount: number }[]) : null;

export function ledgerOf(ctx: SandboxContext, claimId: string): { debts: DebtRow[]; payments: PaymentRow[]; ledger: LedgerResult } {
  const debts = debtsOf(ctx, claimId);
  const payments = paymentsOfClaim(ctx.db, claimId);
  const ledger = allocatePayments(
    debts.map(toLedger),
    payments.map((p) => ({ id: p.id, amount: p.amount, applyDate: p.apply_date, spread: spreadOf(p) })),
  );
  return { debts, payments, ledger };
}

/**
 * Fixes the shares of the payments not spread yet, and re-derives every month's status after a change. Each month whose status moved, or whose share of
 * the tenant's payments changed (given what it was before), emits rental_debt.updated.
 */
export function recompute(ctx: SandboxContext, claim: ClaimRow, tenantPaidBefore?: ReadonlyMap<string, number>): void {
  const { debts, payments, ledger } = ledgerOf(ctx, claim.id);
  // a payment spread now (just recorded or changed) keeps these shares: later declarations do not move it
  for (const p of payments) {
    if (p.spread) continue;
    const shares = (ledger.allocations.get(p.id) ?? []).map((a) => ({ debtId: a.debtId, amount: a.amount }));
    setPaymentSpread(ctx.db, p.id, JSON.stringify(shares));
  }
  const statuses = deriveStatuses(debts.map(toLedger), ledger.tenantPaid, claim.status as ClaimStatusCode, claim.initial_rent);
  for (const d of debts) {
    const status = statuses.get(d.id) ?? d.status;
    const paidMoved = tenantPaidBefore !== undefined && (tenantPaidBefore.get(d.id) ?? 0) !== (ledger.tenantPaid.get(d.id) ?? 0);
    if (status !== d.status) updateDebtStatus(ctx.db, d.id, status, ctx.clock.timestamp());
    if (status !== d.status || paidMoved) {
      ctx.outbox.emit(claim.org_id, 'rental_debt.updated', {
        claimId: claim.id,
        rentalDebtId: d.id,
        rentDueDate: d.rent_due_date,
        status,
        previousStatus: d.status,
        tenantPaidAmount: toEuros(ledger.tenantPaid.get(d.id) ?? 0),
      });
    }
  }
}

export function toRentalDebt(d: DebtRow, tenantPaid: number): RentalDebt {
  return {
    id: d.id,
    claimId: d.claim_id,
    status: d.status as RentalDebt['status'],
    rentDueDate: d.rent_due_date,
    rentAmount: toEuros(d.rent_amount),
    rentAmountReceived: toEuros(d.received),
    rentAmountReceivedDate: d.received_date,
    tenantPaidAmount: toEuros(tenantPaid),
    guarantorPaidAmount: toEuros(d.guarantor_paid),
    amountDue: toEuros(amountDue(toLedger(d), tenantPaid)),
    receiptStatus: d.receipt_status as ReceiptStatus | null,
    receiptSignedAt: d.receipt_signed_at,
    createdAt: d.created_at,
  };
}

/** What remains due over every declared month of a claim, in cents. */
export function outstandingOf(ctx: SandboxContext, claimId: string): number {
  const { debts, ledger } = ledgerOf(ctx, claimId);
  return debts.reduce((sum, d) => sum + amountDue(toLedger(d), ledger.tenantPaid.get(d.id) ?? 0), 0);
}

function toClaim(ctx: SandboxContext, row: ClaimRow): Claim {
  const body = JSON.parse(row.body) as ClaimCreateBody;
  const project = projectBodyAndRent(ctx.db, row.project_id);
  const profile = project ? (JSON.parse(project.body) as ProjectCreateBody).profile : null;
  const rent = project?.rent ? (JSON.parse(project.rent) as RentalInfoBody) : null;
  return {
    id: row.id,
    projectId: row.project_id,
    status: row.status as ClaimStatusCode,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    rentDueDate: body.rentDueDate,
    rentAmount: body.rentAmount,
    rentAmountReceived: body.rentAmountReceived,
    rentAmountReceivedDate: body.rentAmountReceivedDate ?? null,
    legalInfo: body.legalInfo,
    mainOwnerEmail: body.mainOwnerEmail,
    ownerEmailsBcc: body.ownerEmailsBcc,
    metadata: body.metadata ?? {},
    tenant: { firstName: profile?.firstName ?? '', lastName: profile?.lastName ?? '', email: profile?.email ?? '' },
    property: rent?.addressInformation ?? null,
    amountOutstanding: toEuros(outstandingOf(ctx, row.id)),
  };
}

/** When the lease of a claim's project starts (null: no such claim, or no rental information): payments apply from its month. */
export function leaseStartOfClaim(ctx: SandboxContext, claimId: string): string | null {
  const row = findClaim(ctx.db, claimId);
  const rent = row ? projectBodyAndRent(ctx.db, row.project_id)?.rent : null;
  return rent ? (JSON.parse(rent) as RentalInfoBody).startLease : null;
}

export function getClaim(ctx: SandboxContext, org: Organization, id: string): Claim {
  return toClaim(ctx, loadClaim(ctx, org, id));
}

export function setClaimStatus(ctx: SandboxContext, claim: ClaimRow, status: ClaimStatusCode): void {
  updateClaimStatus(ctx.db, claim.id, status, ctx.clock.timestamp());
  ctx.outbox.emit(claim.org_id, 'claim.updated', { claimId: claim.id, projectId: claim.project_id, status, previousStatus: claim.status });
  recompute(ctx, { ...claim, status });
}

/**
 * Creates the claim, its first rental debt and, when part of the rent was already received, one
 * tenant payment of that amount (spec section 1). Only on an active project without an active claim.
 */
export function createClaim(ctx: SandboxContext, org: Organization, projectId: string, body: ClaimCreateBody): Claim {
  const id = randomUUID();
  tx(ctx.db, () => {
    const project = loadProject(ctx, org, projectId);
    if (!projectIsActive(project.status))
      throw new AppError('PROJECT_NOT_ACTIVE', `The project is in status ${project.status}; a claim needs an active contract (status 7).`);
    if (claimStatusesOfProject(ctx.db, projectId).some((status) => !isTerminal(status))) throw new AppError('E0176');
    const lease = project.rent ? (JSON.parse(project.rent) as RentalInfoBody).startLease : null;
    if (lease && leaseNotStarted(lease, ctx.clock.today())) {
      const refused: RuleRef = { key: 'leaseNotStarted', params: { date: lease } };
      throw errorFromIssues([{ path: 'rentDueDate', message: ruleText(refused), rule: refused }]);
    }
    if (lease && firstMonthBeforeLease(body.rentDueDate, lease)) {
      const refused: RuleRef = { key: 'beforeLeaseStart', params: { date: lease } };
      throw errorFromIssues([{ path: 'rentDueDate', message: ruleText(refused), rule: refused }]);
    }
    const now = ctx.clock.timestamp();
    const rent = toCents(body.rentAmount);
    const claim: ClaimRow = {
      id,
      org_id: org.id,
      project_id: projectId,
      status: ClaimStatus.AwaitingDocuments,
      created_at: now,
      updated_at: now,
      first_due_date: body.rentDueDate,
      initial_rent: rent,
      body: JSON.stringify(body),
    };
    insertClaim(ctx.db, claim);
    const debtId = randomUUID();
    insertDebt(ctx.db, {
      id: debtId,
      claim_id: id,
      month: monthOf(body.rentDueDate),
      rent_due_date: body.rentDueDate,
      rent_amount: rent,
      received: 0,
      received_date: null,
      status: RentalDebtStatus.PendingClaimStatus,
      created_at: now,
    });
    if (body.rentAmountReceived > 0) {
      insertPayment(ctx.db, {
        id: randomUUID(),
        claim_id: id,
        amount: toCents(body.rentAmountReceived),
        apply_date: body.rentAmountReceivedDate ?? body.rentDueDate,
        created_at: now,
        seq: 1,
      });
    }
    ctx.outbox.emit(org.id, 'claim.created', { claimId: id, projectId, status: ClaimStatus.AwaitingDocuments });
    ctx.outbox.emit(org.id, 'rental_debt.created', {
      claimId: id,
      rentalDebtId: debtId,
      rentDueDate: body.rentDueDate,
      status: RentalDebtStatus.PendingClaimStatus,
    });
    recompute(ctx, claim);
  });
  return getClaim(ctx, org, id);
}

export function listClaims(ctx: SandboxContext, org: Organization, q: z.output<typeof ClaimListQuerySchema>) {
  const filter = { orgId: org.id, statuses: q.status, projectId: q.projectId };
  const total = countClaims(ctx.db, filter);
  const rows = pageOfClaims(ctx.db, filter, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return { items: rows.map((r) => toClaim(ctx, r)), page: q.page, pageSize: q.pageSize, total };
}

export function claimRequiredDocuments(ctx: SandboxContext, org: Organization, claimId: string): RequiredDocument[] {
  loadClaim(ctx, org, claimId);
  const provided = documentTypesOf(ctx.db, 'claim', claimId);
  return CLAIM_REQUIRED_DOCUMENT_TYPES.map((t) => ({
    documentType: t,
    name: CLAIM_DOCUMENT_TYPES.find((d) => d.code === t)?.en ?? String(t),
    provided: provided.has(t),
  }));
}

export const CLAIM_DOCUMENT_TYPE_CODES: readonly number[] = CLAIM_DOCUMENT_TYPES.map((d) => d.code);

export function requireClaimAcceptsDocuments(claim: ClaimRow): void {
  requireNotTerminal(claim);
}

/** Apply: only from AwaitingDocuments (or before it), and only with every required document. */
export function applyClaim(ctx: SandboxContext, org: Organization, claimId: string): void {
  tx(ctx.db, () => {
    const claim = loadClaim(ctx, org, claimId);
    if (!claimAwaitsDocuments(claim.status)) {
      throw new AppError('E0200', `The claim is in status ${claim.status}; it can be applied only while awaiting documents.`);
    }
    const missing = claimRequiredDocuments(ctx, org, claimId).filter((d) => !d.provided);
    if (missing.length) {
      throw new AppError(
        'DOCUMENTS_MISSING',
        `Missing documents: ${missing.map((d) => d.name).join(', ')}.`,
        missing.map((d) => ({ path: `documentType.${d.documentType}`, message: d.name })),
      );
    }
    setClaimStatus(ctx, claim, ClaimStatus.ClaimToBeValidated);
  });
}

/** Every month from the first unpaid month to the current month; undeclared months are Virtual. */
export function timeline(ctx: SandboxContext, org: Organization, claimId: string): RentalDebt[] {
  const claim = loadClaim(ctx, org, claimId);
  const { debts, ledger } = ledgerOf(ctx, claimId);
  const byMonth = new Map(debts.map((d) => [d.month, d]));
  const today = ctx.clock.today();
  const lastMonth = [monthOf(today), ...debts.map((d) => d.month)].sort().at(-1) ?? monthOf(claim.first_due_date);
  const open = isClaimOpen(claim.status);
  const out: RentalDebt[] = [];
  for (let m = `${monthOf(claim.first_due_date)}-01`; monthOf(m) <= lastMonth; m = addMonths(m, 1)) {
    const d = byMonth.get(monthOf(m));
    // due on the claim's day (05/03 → 05/04), so its delay counts from then
    const due = dueDateInMonth(claim.first_due_date, m);
    out.push(
      d
        ? toRentalDebt(d, ledger.tenantPaid.get(d.id) ?? 0)
        : {
            id: null,
            claimId,
            // an open claim's month left undeclared past its deadline (domain/deadlines.ts)
            status: open && isPastDeadline(due, claim.created_at, today) ? RentalDebtStatus.VirtualPostLimitDate : RentalDebtStatus.Virtual,
            rentDueDate: due,
            rentAmount: null,
            rentAmountReceived: 0,
            rentAmountReceivedDate: null,
            tenantPaidAmount: 0,
            guarantorPaidAmount: 0,
            amountDue: 0,
            receiptStatus: null,
            receiptSignedAt: null,
            createdAt: null,
          },
    );
  }
  return out;
}

export function pendingSignature(ctx: SandboxContext, org: Organization, claimId: string): RentalDebt[] {
  loadClaim(ctx, org, claimId);
  const { debts, ledger } = ledgerOf(ctx, claimId);
  return debts.filter((d) => d.receipt_status === 1).map((d) => toRentalDebt(d, ledger.tenantPaid.get(d.id) ?? 0));
}

export function findDebt(ctx: SandboxContext, claimId: string, debtId: string): DebtRow {
  const d = findDebtOfClaim(ctx.db, claimId, debtId);
  if (!d) throw new AppError('E0193');
  return d;
}

export function debtView(ctx: SandboxContext, claimId: string, debtId: string): RentalDebt {
  const { ledger } = ledgerOf(ctx, claimId);
  return toRentalDebt(findDebt(ctx, claimId, debtId), ledger.tenantPaid.get(debtId) ?? 0);
}
