import { monthOutstanding, spreadPayment } from '../../contract/allocation.js';
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
  /** Declared past the deadline and not unblocked (domain/deadlines.ts). */
  lateDeclaration?: boolean;
}

export interface LedgerPayment {
  id: string;
  amount: number;
  applyDate: string;
  /** Its shares as spread when it was recorded (or last changed); null while not spread yet. */
  spread?: readonly { debtId: string; amount: number }[] | null;
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

const outstanding = (d: LedgerDebt, tenant: number): number =>
  monthOutstanding({ rent: d.rentAmount, received: d.received, tenant, guarantor: d.guarantorPaid });

/**
 * The tenant's payments over the declared months. A payment already spread keeps its shares (a later
 * declaration or a corrected amount does not move it); one not spread yet (just recorded or changed)
 * is spread now, in the order payments were recorded, over what the months still owe, by the
 * contract's rule (contract/allocation.ts, spec 2.4).
 */
export function allocatePayments(debts: readonly LedgerDebt[], payments: readonly LedgerPayment[]): LedgerResult {
  const ordered = [...debts].sort((a, b) => a.month.localeCompare(b.month));
  const byId = new Map(ordered.map((d) => [d.id, d]));
  const tenantPaid = new Map<string, number>(ordered.map((d) => [d.id, 0]));
  const allocations = new Map<string, Allocation[]>();
  const keep = (paymentId: string, shares: readonly { debtId: string; amount: number }[]) => {
    const known = shares.filter((s) => byId.has(s.debtId) && s.amount > 0);
    for (const s of known) tenantPaid.set(s.debtId, (tenantPaid.get(s.debtId) ?? 0) + s.amount);
    allocations.set(
      paymentId,
      known
        .map((s) => ({ debtId: s.debtId, month: byId.get(s.debtId)?.month ?? '', amount: s.amount }))
        .sort((a, b) => a.month.localeCompare(b.month)),
    );
  };
  for (const p of payments) if (p.spread) keep(p.id, p.spread);
  for (const p of payments) {
    if (p.spread) continue;
    const owing = ordered.map((d) => ({ key: d.id, month: d.month, owing: outstanding(d, tenantPaid.get(d.id) ?? 0) }));
    keep(
      p.id,
      spreadPayment(owing, p.amount, p.applyDate).map((s) => ({ debtId: s.key, amount: s.amount })),
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
 * - declared past the deadline and not unblocked by the back office: BlockedLateDeclaration; the
 *   months after it PendingPreviousBlocked;
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
    else if (d.lateDeclaration) status = RentalDebtStatus.BlockedLateDeclaration;
    else if (blockedBefore) status = RentalDebtStatus.PendingPreviousBlocked;
    else if (!validated) status = RentalDebtStatus.PendingClaimStatus;
    else if (previous && previous.receipt === ReceiptStatus.PendingSignature) status = RentalDebtStatus.PendingPreviousReceipt;
    else if (previous && isAwaitingPayment(previous.status)) status = RentalDebtStatus.PendingPreviousPayment;
    else status = RentalDebtStatus.PendingPayment;
    if (status === RentalDebtStatus.Blocked || status === RentalDebtStatus.BlockedLateDeclaration) blockedBefore = true;
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
