import type { RentalDebt } from '../../../../contract/claims.js';
import { monthOf } from '../../../../contract/dates.js';
import { callOperation } from '../../../lib/operations.js';

/**
 * The claim's month as the partner has it declared, or null when it has not: read from the
 * partner through the dashboard's forwarding (the read model may not have heard yet of a month
 * whose answer was lost). A month names one declaration at the partner (declared once, in order).
 */
export async function declaredMonth(claimId: string, rentDueDate: string): Promise<RentalDebt | null> {
  const months = await callOperation('listRentalDebts', { claimId });
  return months.find((m) => m.id !== null && monthOf(m.rentDueDate) === monthOf(rentDueDate)) ?? null;
}
