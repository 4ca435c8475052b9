import pLimit from 'p-limit';
import { z } from 'zod';
import { ClaimListSchema, RentalDebtSchema } from '../../contract/claims.js';
import { isClaimOpen } from '../../contract/lifecycle.js';
import { ROUND_ROWS_MAX, type Round } from '../../contract/round.js';
import type { Upstream } from '../upstream/client.js';
import { readAll, readJson } from '../upstream/read.js';
import type { TodayProvider } from '../upstream/today.js';
import { roundRow } from './rules.js';

/**
 * Gathers the monthly round from the partner: the claims, then each open claim's months, 16 at a
 * time. Read afresh on every call (no cache): a round resumes from what the partner says now,
 * never from what this server remembers.
 */
export async function gatherRound(upstream: Upstream, today: TodayProvider, declarationDay: number, requestId: string): Promise<Round> {
  const [day, now] = await Promise.all([today.today(requestId), today.now(requestId)]);
  const claims = (await readAll(upstream, '/v1/claims', new URLSearchParams(), requestId, ClaimListSchema)).filter((c) =>
    isClaimOpen(c.status),
  );
  const limit = pLimit(16);
  const months = await Promise.all(
    claims.map((c) => limit(() => readJson(upstream, `/v1/claims/${c.id}/rentaldebts`, requestId, z.array(RentalDebtSchema)))),
  );
  const rows = claims
    .flatMap((c, i) => roundRow(c, months[i] ?? [], day, declarationDay) ?? [])
    // the oldest month first: the most urgent row on top
    .sort(
      (a, b) =>
        (a.months[0]?.rentDueDate ?? '').localeCompare(b.months[0]?.rentDueDate ?? '') ||
        a.tenant.lastName.localeCompare(b.tenant.lastName),
    )
    .slice(0, ROUND_ROWS_MAX);
  return {
    generatedAt: now.toISOString(),
    today: day,
    declarationDay,
    rows,
    monthsDue: rows.reduce((n, r) => n + r.monthCount, 0),
  };
}
