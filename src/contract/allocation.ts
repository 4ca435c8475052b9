import { monthOf } from './dates.js';

/**
 * How one tenant payment is spread over a claim's declared months: the sandbox's rule, shared with
 * the dashboard so that the payment form's preview and the sandbox cannot differ (the real service
 * may spread otherwise: its answer is what is kept). Amounts in integer cents.
 *
 * The payment goes first to the month of its apply date, up to what that month still owes; the rest
 * to the other months still owing, oldest first; what no month needs stays on the apply month (or
 * on the last declared month when the apply month is not declared): overpaid. A payment is spread
 * once, when it is recorded, over the months declared then: a later declaration does not move it;
 * only a change to that payment spreads it again (a correction of a month's amount does not: correctionEffect).
 */
export interface OwingMonth {
  /** The caller's key for the month (the sandbox's debt id, the web's due date). */
  key: string;
  /** yyyy-MM */
  month: string;
  /** What the month still owes before this payment, in cents (0 when covered). */
  owing: number;
}

export interface MonthShare {
  key: string;
  month: string;
  amount: number;
}

export function spreadPayment(months: readonly OwingMonth[], amount: number, applyDate: string): MonthShare[] {
  const ordered = [...months].sort((a, b) => a.month.localeCompare(b.month));
  const parts = new Map<string, number>();
  let left = amount;
  const take = (m: OwingMonth, want: number) => {
    const n = Math.min(left, Math.max(0, want - (parts.get(m.key) ?? 0)));
    if (n <= 0) return;
    parts.set(m.key, (parts.get(m.key) ?? 0) + n);
    left -= n;
  };
  const target = ordered.find((m) => m.month === monthOf(applyDate));
  if (target) take(target, target.owing);
  for (const m of ordered) {
    if (left <= 0) break;
    if (m !== target) take(m, m.owing);
  }
  const overflow = target ?? ordered.at(-1);
  if (left > 0 && overflow) parts.set(overflow.key, (parts.get(overflow.key) ?? 0) + left);
  return ordered.filter((m) => parts.has(m.key)).map((m) => ({ key: m.key, month: m.month, amount: parts.get(m.key) ?? 0 }));
}

/** What a declared month still owes, in cents: its rent less what came in (at its declaration, from the tenant's payments, from the guarantor); never below 0. */
export const monthOutstanding = (m: { rent: number; received: number; tenant: number; guarantor: number }): number =>
  Math.max(0, m.rent - m.received - m.tenant - m.guarantor);

/** What came in on a declared month beyond its rent, in cents (at its declaration, from the tenant's payments, from the guarantor): counted in the payments, owed by nobody; never below 0. */
export const monthOverpaid = (m: { rent: number; received: number; tenant: number; guarantor: number }): number =>
  Math.max(0, m.received + m.tenant + m.guarantor - m.rent);

/**
 * What correcting a declared month's rent changes, before it is sent, in cents: that month's
 * outstanding amount, and what came in beyond the new rent (overpaid). Nothing else: the tenant's
 * payments keep the months they were spread over when recorded (the correction moves none), and
 * the other months are unchanged.
 */
export function correctionEffect(
  m: { rent: number; received: number; tenant: number; guarantor: number },
  newRent: number,
): { dueBefore: number; dueAfter: number; overpaid: number } {
  const after = { ...m, rent: newRent };
  return { dueBefore: monthOutstanding(m), dueAfter: monthOutstanding(after), overpaid: monthOverpaid(after) };
}
