import { DAY_MS, monthOf } from '../../contract/dates.js';
import { CLAIM_STATUSES, PROJECT_STATUSES, ReceiptStatus, RentalDebtStatus } from '../../contract/enums.js';
import type { ClaimStats, OrganizationStats } from '../../contract/stats.js';
import { sumEuros, toEuros } from '../../contract/money.js';
import { claimStatusesOfOrganization } from '../db/claims.js';
import { averageProjectScore, countProjectsCreatedSince, projectCountsByStatus } from '../db/projects.js';
import type { Organization, SandboxContext } from '../context.js';
import { debtsOf, isTerminal, ledgerOf, loadClaim, outstandingOf, timeline } from './claims.js';

export function claimStats(ctx: SandboxContext, org: Organization, claimId: string): ClaimStats {
  loadClaim(ctx, org, claimId);
  const months = timeline(ctx, org, claimId);
  const { debts, payments } = ledgerOf(ctx, claimId);
  const declared = months.filter((m) => m.id !== null);
  const sum = (f: (m: (typeof months)[number]) => number) => sumEuros(declared.map(f));
  const paid: number[] = [RentalDebtStatus.Paid, RentalDebtStatus.OverPaid, RentalDebtStatus.NoActionRequired];
  return {
    claimId,
    generatedAt: ctx.clock.timestamp(),
    monthsTotal: months.length,
    monthsDeclared: declared.length,
    monthsToDeclare: months.length - declared.length,
    monthsPaid: declared.filter((m) => paid.includes(m.status)).length,
    receiptsPendingSignature: debts.filter((d) => d.receipt_status === ReceiptStatus.PendingSignature).length,
    receiptsSigned: debts.filter((d) => d.receipt_status === ReceiptStatus.Signed).length,
    paymentsCount: payments.length,
    totalRent: sum((m) => m.rentAmount ?? 0),
    totalReceivedAtDeclaration: sum((m) => m.rentAmountReceived),
    totalTenantPayments: toEuros(payments.reduce((s, p) => s + p.amount, 0)),
    totalPaidByGuarantor: sum((m) => m.guarantorPaidAmount),
    totalOutstanding: sum((m) => m.amountDue),
    byMonth: months.map((m) => ({
      month: monthOf(m.rentDueDate),
      declared: m.id !== null,
      rentAmount: m.rentAmount ?? 0,
      tenantAmount: sumEuros([m.rentAmountReceived, m.tenantPaidAmount]),
      guarantorAmount: m.guarantorPaidAmount,
      amountDue: m.amountDue,
    })),
  };
}

export function organizationStats(ctx: SandboxContext, org: Organization): OrganizationStats {
  const projectCounts = projectCountsByStatus(ctx.db, org.id);
  const count = (pred: (s: number) => boolean) => projectCounts.filter((r) => pred(r.status)).reduce((s, r) => s + r.n, 0);
  const total = count(() => true);
  const avg = averageProjectScore(ctx.db, org.id);
  const since = new Date(Date.parse(ctx.clock.timestamp()) - 30 * DAY_MS).toISOString();
  const recent = countProjectsCreatedSince(ctx.db, org.id, since);
  const claims = claimStatusesOfOrganization(ctx.db, org.id);
  let declared = 0,
    guarantor = 0,
    outstanding = 0;
  for (const c of claims) {
    for (const d of debtsOf(ctx, c.id)) {
      declared += d.rent_amount;
      guarantor += d.guarantor_paid;
    }
    outstanding += outstandingOf(ctx, c.id);
  }
  // The funnel counts projects that reached at least each step (suspended and not-eligible files stop early).
  const reached = (step: number) => count((s) => s >= step && s <= 13 && s !== 9);
  return {
    organizationName: org.name,
    generatedAt: ctx.clock.timestamp(),
    projects: {
      total,
      byStatus: PROJECT_STATUSES.map((s) => ({ status: s.code, count: count((x) => x === s.code) })),
      funnel: {
        created: total,
        applied: reached(1),
        documentsValidated: reached(2),
        rentalAdded: reached(3),
        paid: reached(5),
        active: reached(7),
      },
      averageScore: Math.round(avg),
      createdLast30Days: recent,
    },
    claims: {
      total: claims.length,
      active: claims.filter((c) => !isTerminal(c.status)).length,
      byStatus: CLAIM_STATUSES.map((s) => ({ status: s.code, count: claims.filter((c) => c.status === s.code).length })),
      totalDeclared: toEuros(declared),
      totalPaidByGuarantor: toEuros(guarantor),
      totalOutstanding: toEuros(outstanding),
    },
  };
}
