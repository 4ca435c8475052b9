import { monthOf } from '../../contract/dates.js';
import { RentalDebtStatus, ReceiptStatus, type ClaimStatus } from '../../contract/enums.js';
import { claimAwaitsDocuments, claimAwaitsValidation, isClaimOpen } from '../../contract/lifecycle.js';

/** A declared month, amounts in cents. */
export interface LedgerDebt {
  id: string;
  month: string;
  rentAmount: number;
  received: number;
  guarantorPaid: number;
  receiptStatus: number | null;
}

export interface LedgerPayment {
  id: string;
  amount: number;
  applyDate: string;
}

export interface Allocation {
  debtId: string;
  month: string;
  amount: number;
}

export interface LedgerResult {
  tenantPaid: Map<string, number>;
  allocations: Map<string, Allocation[]>;
}

const outstanding = (d: LedgerDebt, tenant: number): number => Math.max(0, d.rentAmount - d.received - d.guarantorPaid - tenant);

/**
 * Spreads tenant payments over the declared months, replaying them in the order they were made.
 * A payment goes first to the month of its apply date; what that month does not need (it is
 * already paid, or the payment is larger) is redistributed over the other unpaid months, oldest
 * first (spec 2.4). What no month needs stays on the apply month (or the last month): overpaid.
 */
export function allocatePayments(debts: readonly LedgerDebt[], payments: readonly LedgerPayment[]): LedgerResult {
  const ordered = [...debts].sort((a, b) => a.month.localeCompare(b.month));
  const tenantPaid = new Map<string, number>(ordered.map((d) => [d.id, 0]));
  const allocations = new Map<string, Allocation[]>();
  for (const p of payments) {
    let left = p.amount;
    const parts = new Map<string, number>();
    const take = (d: LedgerDebt, amount: number) => {
      if (amount <= 0) return;
      tenantPaid.set(d.id, (tenantPaid.get(d.id) ?? 0) + amount);
      parts.set(d.id, (parts.get(d.id) ?? 0) + amount);
      left -= amount;
    };
    const target = ordered.find((d) => d.month === monthOf(p.applyDate));
    if (target) take(target, Math.min(left, outstanding(target, tenantPaid.get(target.id) ?? 0)));
    for (const d of ordered) {
      if (left <= 0) break;
      if (d === target) continue;
      take(d, Math.min(left, outstanding(d, tenantPaid.get(d.id) ?? 0)));
    }
    const overflow = target ?? ordered[ordered.length - 1];
    if (left > 0 && overflow) take(overflow, left);
    allocations.set(
      p.id,
      ordered.filter((d) => parts.has(d.id)).map((d) => ({ debtId: d.id, month: d.month, amount: parts.get(d.id) ?? 0 })),
    );
  }
  return { tenantPaid, allocations };
}

/** A month whose rent is more than this share above the first month's is blocked (excessive increase). */
export const EXCESSIVE_INCREASE = 0.1;

/**
 * Status of each declared month, in month order (the status transitions are "not shown" in the
 * spec; these are the sandbox's, documented in the API docs):
 * - claim not yet validated: an unpaid month is PendingClaimStatus;
 * - rent more than 10% above the claim's first rent: Blocked; the months after it PendingPreviousBlocked;
 * - fully covered: Paid when the guarantor paid part of it, NoActionRequired when the tenant did,
 *   OverPaid when more than the rent came in;
 * - guarantor paid part: PartiallyPaid;
 * - otherwise the guarantor pays month after month: PendingPayment for the first unpaid month,
 *   PendingPreviousReceipt while the previous month's receipt awaits signature,
 *   PendingPreviousPayment while the previous month awaits payment.
 */
export function deriveStatuses(
  debts: readonly LedgerDebt[],
  tenantPaid: Map<string, number>,
  claimStatus: ClaimStatus,
  initialRent: number,
): Map<string, number> {
  const ordered = [...debts].sort((a, b) => a.month.localeCompare(b.month));
  const statuses = new Map<string, number>();
  const validated = isClaimOpen(claimStatus) && !claimAwaitsDocuments(claimStatus) && !claimAwaitsValidation(claimStatus);
  let previous: { status: number; receipt: number | null } | null = null;
  let blockedBefore = false;
  for (const d of ordered) {
    const tenant = tenantPaid.get(d.id) ?? 0;
    const covered = d.received + tenant + d.guarantorPaid;
    let status: number;
    if (covered > d.rentAmount) status = RentalDebtStatus.OverPaid;
    else if (covered === d.rentAmount) status = d.guarantorPaid > 0 ? RentalDebtStatus.Paid : RentalDebtStatus.NoActionRequired;
    else if (d.guarantorPaid > 0) status = RentalDebtStatus.PartiallyPaid;
    else if (d.rentAmount > Math.round(initialRent * (1 + EXCESSIVE_INCREASE))) status = RentalDebtStatus.Blocked;
    else if (blockedBefore) status = RentalDebtStatus.PendingPreviousBlocked;
    else if (!validated) status = RentalDebtStatus.PendingClaimStatus;
    else if (previous && previous.receipt === ReceiptStatus.PendingSignature) status = RentalDebtStatus.PendingPreviousReceipt;
    else if (previous && isAwaitingPayment(previous.status)) status = RentalDebtStatus.PendingPreviousPayment;
    else status = RentalDebtStatus.PendingPayment;
    if (status === RentalDebtStatus.Blocked) blockedBefore = true;
    statuses.set(d.id, status);
    previous = { status, receipt: d.receiptStatus };
  }
  return statuses;
}

function isAwaitingPayment(status: number): boolean {
  return (
    [
      RentalDebtStatus.PendingPayment,
      RentalDebtStatus.PendingPreviousPayment,
      RentalDebtStatus.PendingPreviousReceipt,
      RentalDebtStatus.PartiallyPaid,
    ] as number[]
  ).includes(status);
}

export function amountDue(d: LedgerDebt, tenant: number): number {
  return outstanding(d, tenant);
}
