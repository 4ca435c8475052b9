import pLimit from 'p-limit';
import { z } from 'zod';
import { ClaimListSchema, RentalDebtSchema, type Claim } from '../../contract/claims.js';
import { isClaimOpen } from '../../contract/lifecycle.js';
import { ROUND_ROWS_MAX, type Round, type RoundSummary } from '../../contract/round.js';
import type { ReadModelStore } from '../sync/store.js';
import type { Upstream } from '../upstream/client.js';
import { readAll, readJson } from '../upstream/read.js';
import type { MineReader } from '../assignments/store.js';
import type { TodayProvider } from '../upstream/today.js';
import type { RoundReadModel } from './read-model.js';
import { roundRow, type RoundMonthSource } from './rules.js';

export interface RoundSources {
  upstream: Upstream;
  today: TodayProvider;
  declarationDay: number;
  /** The round's queries of the read model, and the sync's state (is its initial sync done?). */
  readModel: RoundReadModel;
  sync: Pick<ReadModelStore, 'initial'>;
}

type Candidate = { claim: Claim; months: RoundMonthSource[] };

/**
 * Before the read model's first sync is done: the claims and each open claim's months read from
 * the partner, 16 at a time (a new server's round is complete from its first minute).
 */
async function fromPartner(upstream: Upstream, requestId: string): Promise<Candidate[]> {
  const claims = (await readAll(upstream, '/v1/claims', new URLSearchParams(), requestId, ClaimListSchema)).filter((c) =>
    isClaimOpen(c.status),
  );
  const limit = pLimit(16);
  const months = await Promise.all(
    claims.map((c) => limit(() => readJson(upstream, `/v1/claims/${c.id}/rentaldebts`, requestId, z.array(RentalDebtSchema)))),
  );
  return claims.map((claim, i) => ({ claim, months: months[i] ?? [] }));
}

/**
 * The monthly round, from the read model: what the sync keeps equal to the partner (webhooks,
 * passes) and what every declaration made here re-read before its answer left, so a row's next
 * month is the partner's and a round interrupted by a closed tab resumes from the synced state.
 * "Today" is the partner's (the sandbox's clock).
 */
export async function gatherRound(o: RoundSources, requestId: string, mine: MineReader | null = null): Promise<Round> {
  const [day, now, onPartnerClock, initial] = await Promise.all([
    o.today.today(requestId),
    o.today.now(requestId),
    o.today.onPartnerClock(requestId),
    o.sync.initial(),
  ]);
  const fromModel = initial.phase === 'done';
  // when the rows were read, on the partner's clock (the sandbox's in sandbox mode), as "today" is
  const [candidates, asOf] = fromModel
    ? await Promise.all([o.readModel.candidates(day, mine), o.readModel.asOf().then((at) => (at === null ? null : onPartnerClock(at)))])
    : [await fromPartnerOf(o, requestId, mine), now.getTime()];
  const rows = candidates
    .flatMap((c) => roundRow(c.claim, c.months, day, o.declarationDay) ?? [])
    // the oldest month first: the most urgent row on top
    .sort(
      (a, b) =>
        (a.months[0]?.rentDueDate ?? '').localeCompare(b.months[0]?.rentDueDate ?? '') ||
        a.tenant.lastName.localeCompare(b.tenant.lastName),
    )
    .slice(0, ROUND_ROWS_MAX);
  return {
    generatedAt: now.toISOString(),
    asOf,
    today: day,
    declarationDay: o.declarationDay,
    rows,
    monthsDue: rows.reduce((n, r) => n + r.monthCount, 0),
  };
}

/** Before the first sync, the partner's claims; "mine" kept by the ids the lists' rule gives (isMine). */
async function fromPartnerOf(o: RoundSources, requestId: string, mine: MineReader | null): Promise<Candidate[]> {
  const [all, ids] = await Promise.all([fromPartner(o.upstream, requestId), mine ? o.readModel.mineIds(mine) : null]);
  return ids ? all.filter((c) => ids.has(c.claim.id.toLowerCase())) : all;
}

/** What the menu's badge shows: the round's own rows and months, counted by the same rule. */
export async function roundSummary(o: RoundSources, requestId: string, mine: MineReader | null = null): Promise<RoundSummary> {
  const round = await gatherRound(o, requestId, mine);
  return { claims: round.rows.length, monthsDue: round.monthsDue };
}
