import type { Claim, RentalDebt } from '../../contract/claims.js';
import { RentalDebtStatus } from '../../contract/enums.js';
import { isClaimOpen } from '../../contract/lifecycle.js';
import { daysPastDue, isToDeclare, monthDueOn } from '../../contract/months.js';
import { ROUND_MONTHS_MAX, daysToTarget, declarationTarget, type RoundRow } from '../../contract/round.js';

/** What the round reads of a month (the partner's answer, or the read model's columns). */
export type RoundMonthSource = Pick<RentalDebt, 'id' | 'status' | 'rentDueDate' | 'rentAmount'>;

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** The property on one line: street, zip code and city. */
function propertyOf(claim: Claim): string | null {
  const p = claim.property;
  return p ? clip([p.address, `${p.zipCode} ${p.city}`].join(', '), 300) : null;
}

/**
 * A claim's row of the round, or null when it has no month to declare: its months to declare today
 * (isToDeclare; the partner's statuses as given), the rent of its last declared month (or its first
 * rent), the declared months the partner blocked for lateness, and the agency's target.
 */
export function roundRow(claim: Claim, debts: readonly RoundMonthSource[], today: string, declarationDay: number): RoundRow | null {
  if (!isClaimOpen(claim.status)) return null;
  const pending = debts.filter((d) => isToDeclare(claim.rentDueDate, d, today));
  const first = pending[0];
  if (!first) return null;
  const declared = debts.filter((d) => d.id !== null);
  const last = declared.at(-1);
  const target = declarationTarget(first.rentDueDate, declarationDay);
  return {
    claimId: claim.id,
    projectId: claim.projectId,
    claimStatus: claim.status,
    tenant: { firstName: clip(claim.tenant.firstName, 100), lastName: clip(claim.tenant.lastName, 100) },
    property: propertyOf(claim),
    months: pending.slice(0, ROUND_MONTHS_MAX).map((d) => ({ rentDueDate: d.rentDueDate, status: d.status })),
    monthCount: pending.length,
    rentAmount: last?.rentAmount ?? claim.rentAmount,
    blockedLate: declared.filter((d) => d.status === RentalDebtStatus.BlockedLateDeclaration).length,
    target,
    daysLeft: daysToTarget(target, today),
    daysLate: daysPastDue(monthDueOn(claim.rentDueDate, first.rentDueDate), today),
  };
}
