import { randomUUID } from 'node:crypto';
import { addMonths, monthOf } from '../../contract/dates.js';
import type { RentalDebt, RentalDebtCreateBody, RentalDebtUpdateBody } from '../../contract/claims.js';
import { RentalDebtStatus, ReceiptStatus } from '../../contract/enums.js';
import { one, run, toCents, tx } from '../db/database.js';
import type { Organization, SandboxContext } from '../context.js';
import { AppError } from '../errors.js';
import { debtView, findDebt, isTerminal, loadClaim, recompute, type ClaimRow } from './claims.js';
import { canGuarantorPay } from '../../contract/lifecycle.js';

function requireOpen(claim: ClaimRow): void {
  if (isTerminal(claim.status))
    throw new AppError('E0200', `The claim is in status ${claim.status}: months can no longer be declared or changed.`);
}

/** Declares the next month: exactly the month after the last declared one (E0188). */
export function addRentalDebt(ctx: SandboxContext, org: Organization, claimId: string, body: RentalDebtCreateBody): RentalDebt {
  const id = randomUUID();
  tx(ctx.db, () => {
    const claim = loadClaim(ctx, org, claimId);
    requireOpen(claim);
    const last = one<{ month: string }>(ctx.db, 'SELECT MAX(month) AS month FROM rental_debts WHERE claim_id = ?', claimId)?.month ?? null;
    const expected = monthOf(last ? addMonths(`${last}-01`, 1) : claim.first_due_date);
    const month = monthOf(body.rentDueDate);
    if (month !== expected) {
      throw new AppError('E0188', `Months are declared in chronological order: the next month to declare is ${expected}, not ${month}.`, [
        { path: 'rentDueDate', message: `the next month to declare is ${expected}` },
      ]);
    }
    const now = ctx.clock.timestamp();
    run(
      ctx.db,
      'INSERT INTO rental_debts (id, claim_id, month, rent_due_date, rent_amount, received, received_date, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      claimId,
      month,
      body.rentDueDate,
      toCents(body.rentAmount),
      toCents(body.rentAmountReceived),
      body.rentAmountReceivedDate ?? null,
      RentalDebtStatus.None,
      now,
      now,
    );
    ctx.outbox.emit(org.id, 'rental_debt.created', { claimId, rentalDebtId: id, rentDueDate: body.rentDueDate });
    recompute(ctx, claim);
  });
  return debtView(ctx, claimId, id);
}

/** Corrects a declared month's amount. Its month cannot change, nor a month the guarantor paid (E0225). */
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
    run(
      ctx.db,
      'UPDATE rental_debts SET rent_due_date = ?, rent_amount = ?, updated_at = ? WHERE id = ?',
      body.rentDueDate,
      toCents(body.rentAmount),
      ctx.clock.timestamp(),
      debtId,
    );
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
    const due = Math.round(debtView(ctx, claimId, debtId).amountDue * 100);
    run(
      ctx.db,
      'UPDATE rental_debts SET guarantor_paid = guarantor_paid + ?, receipt_status = ?, receipt_signed_at = NULL, updated_at = ? WHERE id = ?',
      due,
      ReceiptStatus.PendingSignature,
      ctx.clock.timestamp(),
      debtId,
    );
    ctx.outbox.emit(org.id, 'rental_debt.receipt.pending_signature', {
      claimId,
      rentalDebtId: debtId,
      rentDueDate: debt.rent_due_date,
      amount: due / 100,
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
    run(
      ctx.db,
      'UPDATE rental_debts SET receipt_status = ?, receipt_signed_at = ?, updated_at = ? WHERE id = ?',
      ReceiptStatus.Signed,
      ctx.clock.timestamp(),
      ctx.clock.timestamp(),
      debtId,
    );
    ctx.outbox.emit(org.id, 'rental_debt.receipt.signed', { claimId, rentalDebtId: debtId, rentDueDate: debt.rent_due_date });
    recompute(ctx, claim);
  });
  return debtView(ctx, claimId, debtId);
}
