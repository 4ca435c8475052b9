import pLimit from 'p-limit';
import { z } from 'zod';
import { RentalDebtSchema, type RentalDebt } from '../../contract/claims.js';
import { monthOverpaid } from '../../contract/allocation.js';
import { sumEuros, toCents, toEuros } from '../../contract/money.js';
import type { ClaimFigures, ClaimFiguresQuery } from '../../contract/stats.js';
import { claimPages } from '../exports/lists.js';
import type { Upstream } from '../upstream/client.js';
import { readJson } from '../upstream/read.js';

/** What was paid on a month beyond its rent (the contract's monthOverpaid), in euros. */
const overpaidOf = (m: RentalDebt) =>
  toEuros(
    monthOverpaid({
      rent: toCents(m.rentAmount ?? 0),
      received: toCents(m.rentAmountReceived),
      tenant: toCents(m.tenantPaidAmount),
      guarantor: toCents(m.guarantorPaidAmount),
    }),
  );

/**
 * Sums the declared months of every claim whose rent fell due within the period, term by term, so
 * that rent = received at declaration + tenant's payments + guarantor + outstanding − overpaid.
 * Months still to declare (no id) count nothing: no rent is declared for them.
 */
export function claimFigures(claims: readonly (readonly RentalDebt[])[], q: ClaimFiguresQuery, generatedAt: string): ClaimFigures {
  const inPeriod = (m: RentalDebt) => {
    const month = m.rentDueDate.slice(0, 7);
    return m.id !== null && (!q.from || month >= q.from) && (!q.to || month <= q.to);
  };
  const counted = claims.map((months) => months.filter(inPeriod));
  const all = counted.flat();
  const monthsSeen = all.map((m) => m.rentDueDate.slice(0, 7)).sort();
  const sum = (f: (m: RentalDebt) => number) => sumEuros(all.map(f));
  return {
    generatedAt,
    from: q.from ?? null,
    to: q.to ?? null,
    firstMonth: monthsSeen[0] ?? null,
    lastMonth: monthsSeen.at(-1) ?? null,
    claims: counted.filter((months) => months.length > 0).length,
    months: all.length,
    rent: sum((m) => m.rentAmount ?? 0),
    receivedAtDeclaration: sum((m) => m.rentAmountReceived),
    tenantPayments: sum((m) => m.tenantPaidAmount),
    guarantor: sum((m) => m.guarantorPaidAmount),
    outstanding: sum((m) => m.amountDue),
    overpaid: sum(overpaidOf),
  };
}

/** Reads every claim of the organization and its months (8 at a time), then sums them. */
export async function readClaimFigures(upstream: Upstream, q: ClaimFiguresQuery, requestId: string, now: Date): Promise<ClaimFigures> {
  const limit = pLimit(8);
  const reads: Promise<RentalDebt[]>[] = [];
  for await (const items of claimPages(upstream, new URLSearchParams(), requestId)) {
    for (const c of items)
      reads.push(limit(() => readJson(upstream, `/v1/claims/${c.id}/rentaldebts`, requestId, z.array(RentalDebtSchema))));
  }
  return claimFigures(await Promise.all(reads), q, now.toISOString());
}
