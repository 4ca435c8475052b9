import { randomUUID } from 'node:crypto';
import { addMonths, monthOf } from '../../contract/dates.js';
import type { RentalDebt, RentalDebtCreateBody, RentalDebtUpdateBody } from '../../contract/claims.js';
import { RentalDebtStatus, ReceiptStatus } from '../../contract/enums.js';
import { toCents, toEuros } from '../../contract/money.js';
import { tx } from '../db/database.js';
import {
  addGuarantorPayment,
  insertDebt,
  lastDeclaredMonth,
  setDebtReceipt,
  setLateDeclaration,
  updateDebtRent,
} from '../db/rental-debts.js';
import type { Organization, SandboxContext } from '../context.js';
import { AppError } from '../errors.js';
import { debtView, findDebt, isTerminal, loadClaim, recompute, type ClaimRow } from './claims.js';
import { canGuarantorPay } from '../../contract/lifecycle.js';
import { isPastDeadline } from './deadlines.js';

function requireOpen(claim: ClaimRow): void {
  if (isTerminal(claim.status))
    throw new AppError('E0200', `The claim is in status ${claim.status}: months can no longer be declared or changed.`);
}

/**
 * Declares the next month: exactly the month after the last declared one (E0188). Declared past
 * its deadline (`declaredOn`, the sandbox's today unless the demo seed dates it), it is blocked (31).
 */
export function addRentalDebt(
  ctx: SandboxContext,
  org: Organization,
  claimId: string,
  body: RentalDebtCreateBody,
  declaredOn: string = ctx.clock.today(),
): RentalDebt {
  const id = randomUUID();
  tx(ctx.db, () => {
    const claim = loadClaim(ctx, org, claimId);
    requireOpen(claim);
    const last = lastDeclaredMonth(ctx.db, claimId);
    const expected = monthOf(last ? addMonths(`${last}-01`, 1) : claim.first_due_date);
    const month = monthOf(body.rentDueDate);
    if (month !== expected) {
      throw new AppError('E0188', `Months are declared in chronological order: the next month to declare is ${expected}, not ${month}.`, [
        { path: 'rentDueDate', message: `the next month to declare is ${expected}` },
      ]);
    }
    insertDebt(ctx.db, {
      id,
      claim_id: claimId,
      month,
      rent_due_date: body.rentDueDate,
      rent_amount: toCents(body.rentAmount),
      received: toCents(body.rentAmountReceived),
      received_date: body.rentAmountReceivedDate ?? null,
      status: RentalDebtStatus.None,
      created_at: ctx.clock.timestamp(),
    });
    if (isPastDeadline(body.rentDueDate, claim.created_at, declaredOn)) setLateDeclaration(ctx.db, id, true, ctx.clock.timestamp());
    ctx.outbox.emit(org.id, 'rental_debt.created', { claimId, rentalDebtId: id, rentDueDate: body.rentDueDate });
    recompute(ctx, claim);
  });
  return debtView(ctx, claimId, id);
}

/**
 * Corrects a declared month's amount: what that month owes follows (contract: correctionEffect), no
 * payment moves. Its month cannot change, nor a month the guarantor paid (E0225).
 */
export function updateRentalDebt(
  ctx: SandboxContext,
  org: Organization,
  claimId: string,
  debtId: string,
  body: RentalDebtUpdateBody,
): RentalDebt {
  tx(ctx.db, () => {
    const claim = loadClaim(ctx, org, claimId);
    const debt = findDebt(ctx, claimId, debtId);
    requireOpen(claim);
    if (monthOf(body.rentDueDate) !== debt.month) {
      throw new AppError('E0225', `The month of a declared rent cannot be changed (declared for ${debt.month}).`, [
        { path: 'rentDueDate', message: `must stay in ${debt.month}` },
      ]);
    }
    if (debt.guarantor_paid > 0 || debt.receipt_status !== null) {
      throw new AppError('E0225', 'This month has been paid by the guarantor: it cannot be changed.');
    }
    // the month's amount alone changes: every payment keeps the months it was spread over when
    // recorded (spreading them again over the months declared since moved a payment of November to
    // a December declared later, and said November was owed again)
    updateDebtRent(ctx.db, debtId, body.rentDueDate, toCents(body.rentAmount), ctx.clock.timestamp());
    ctx.outbox.emit(org.id, 'rental_debt.updated', {
      claimId,
      rentalDebtId: debtId,
      rentDueDate: body.rentDueDate,
      rentAmount: body.rentAmount,
    });
    recompute(ctx, claim);
  });
  return debtView(ctx, claimId, debtId);
}

/** Back office: the guarantor pays what is due on the month awaiting payment; its receipt awaits signature. */
export function guarantorPays(ctx: SandboxContext, org: Organization, claimId: string, debtId: string): RentalDebt {
  tx(ctx.db, () => {
    const claim = loadClaim(ctx, org, claimId);
    const debt = findDebt(ctx, claimId, debtId);
    if (!canGuarantorPay(debt.status)) {
      throw new AppError(
        'E0200',
        `This month is in status ${debt.status}; the guarantor pays only a month awaiting payment (20) or partially paid (41).`,
      );
    }
    const due = toCents(debtView(ctx, claimId, debtId).amountDue);
    addGuarantorPayment(ctx.db, debtId, due, ReceiptStatus.PendingSignature, ctx.clock.timestamp());
    ctx.outbox.emit(org.id, 'rental_debt.receipt.pending_signature', {
      claimId,
      rentalDebtId: debtId,
      rentDueDate: debt.rent_due_date,
      amount: toEuros(due),
    });
    recompute(ctx, claim);
  });
  return debtView(ctx, claimId, debtId);
}

export function signReceipt(ctx: SandboxContext, org: Organization, claimId: string, debtId: string): RentalDebt {
  tx(ctx.db, () => {
    const claim = loadClaim(ctx, org, claimId);
    const debt = findDebt(ctx, claimId, debtId);
    if (debt.receipt_status !== ReceiptStatus.PendingSignature)
      throw new AppError('E0200', 'This month has no receipt awaiting signature.');
    setDebtReceipt(ctx.db, debtId, ReceiptStatus.Signed, ctx.clock.timestamp());
    ctx.outbox.emit(org.id, 'rental_debt.receipt.signed', { claimId, rentalDebtId: debtId, rentDueDate: debt.rent_due_date });
    recompute(ctx, claim);
  });
  return debtView(ctx, claimId, debtId);
}

/** Back office: the guarantor accepts a month declared late (31); it takes the status its amounts give. */
export function unblockLateDeclaration(ctx: SandboxContext, org: Organization, claimId: string, debtId: string): RentalDebt {
  tx(ctx.db, () => {
    const claim = loadClaim(ctx, org, claimId);
    const debt = findDebt(ctx, claimId, debtId);
    if (debt.late_declaration !== 1)
      throw new AppError('E0200', `This month is in status ${debt.status}; only a month blocked for a late declaration (31) is unblocked.`);
    setLateDeclaration(ctx.db, debtId, false, ctx.clock.timestamp());
    recompute(ctx, claim);
  });
  return debtView(ctx, claimId, debtId);
}
