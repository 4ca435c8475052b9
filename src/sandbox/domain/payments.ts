import { randomUUID } from 'node:crypto';
import type { PaymentBody, TenantPayment } from '../../contract/claims.js';
import { toCents, toEuros } from '../../contract/money.js';
import { tx } from '../db/database.js';
import { deletePaymentRow, findPaymentOfClaim, insertPayment, nextPaymentSeq, updatePaymentRow } from '../db/payments.js';
import type { Organization, SandboxContext } from '../context.js';
import { AppError } from '../errors.js';
import { isTerminal, ledgerOf, loadClaim, recompute, type ClaimRow, type PaymentRow } from './claims.js';

function requireOpen(claim: ClaimRow): void {
  if (isTerminal(claim.status)) throw new AppError('E0200', `The claim is in status ${claim.status}: payments can no longer be recorded.`);
}

export function listPayments(ctx: SandboxContext, org: Organization, claimId: string): TenantPayment[] {
  loadClaim(ctx, org, claimId);
  const { payments, ledger } = ledgerOf(ctx, claimId);
  return payments.map((p) => ({
    id: p.id,
    claimId,
    amount: toEuros(p.amount),
    applyDate: p.apply_date,
    createdAt: p.created_at,
    allocations: (ledger.allocations.get(p.id) ?? []).map((a) => ({ rentDueDate: `${a.month}-01`, amount: toEuros(a.amount) })),
  }));
}

function view(ctx: SandboxContext, org: Organization, claimId: string, paymentId: string): TenantPayment {
  const p = listPayments(ctx, org, claimId).find((x) => x.id === paymentId);
  if (!p) throw new AppError('E0233');
  return p;
}

function findPayment(ctx: SandboxContext, claimId: string, paymentId: string): PaymentRow {
  const p = findPaymentOfClaim(ctx.db, claimId, paymentId);
  if (!p) throw new AppError('E0233');
  return p;
}

export function addPayment(ctx: SandboxContext, org: Organization, claimId: string, body: PaymentBody): TenantPayment {
  const id = randomUUID();
  tx(ctx.db, () => {
    const claim = loadClaim(ctx, org, claimId);
    requireOpen(claim);
    const before = ledgerOf(ctx, claimId).ledger.tenantPaid;
    insertPayment(ctx.db, {
      id,
      claim_id: claimId,
      amount: toCents(body.amount),
      apply_date: body.applyDate,
      created_at: ctx.clock.timestamp(),
      seq: nextPaymentSeq(ctx.db, claimId),
    });
    recompute(ctx, claim, before);
  });
  return view(ctx, org, claimId, id);
}

export function updatePayment(
  ctx: SandboxContext,
  org: Organization,
  claimId: string,
  paymentId: string,
  body: PaymentBody,
): TenantPayment {
  tx(ctx.db, () => {
    const claim = loadClaim(ctx, org, claimId);
    findPayment(ctx, claimId, paymentId);
    requireOpen(claim);
    const before = ledgerOf(ctx, claimId).ledger.tenantPaid;
    updatePaymentRow(ctx.db, paymentId, toCents(body.amount), body.applyDate);
    recompute(ctx, claim, before);
  });
  return view(ctx, org, claimId, paymentId);
}

export function deletePayment(ctx: SandboxContext, org: Organization, claimId: string, paymentId: string): void {
  tx(ctx.db, () => {
    const claim = loadClaim(ctx, org, claimId);
    findPayment(ctx, claimId, paymentId);
    requireOpen(claim);
    const before = ledgerOf(ctx, claimId).ledger.tenantPaid;
    deletePaymentRow(ctx.db, paymentId);
    recompute(ctx, claim, before);
  });
}
