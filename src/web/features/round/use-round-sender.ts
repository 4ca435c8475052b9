import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { RentalDebtCreateBody } from '../../../contract/claims.js';
import type { RentalDebtStatus } from '../../../contract/enums.js';
import type { RoundRow } from '../../../contract/round.js';
import { ApiError } from '../../lib/api-error.js';
import { areaKey, inboxKeys } from '../../lib/query-keys.js';
import { declareMonth } from './api/declare-month.js';
import { declaredMonth } from './api/declared-month.js';
import { roundKeys } from './api/get-round.js';
import { forgetKey, keyFor } from './idempotency-keys.js';

/** Declarations sent to the partner at once: one call per month, a few rows at a time. */
export const ROUND_CONCURRENCY = 4;

export interface Declared {
  rentDueDate: string;
  status: RentalDebtStatus;
}

/** Where a row's sending is: under way, done (what the partner made of each month), or stopped by an error. */
export type RowOutcome =
  | { phase: 'sending'; declared: Declared[] }
  | { phase: 'done'; declared: Declared[] }
  | { phase: 'error'; declared: Declared[]; month: string; error: unknown };

/** A row to send: its months in order (one, or every pending month at one rent). */
export interface RowJob {
  row: RoundRow;
  bodies: RentalDebtCreateBody[];
}

/** Errors after which the partner may have recorded the month (the answer lost, the request cut short): it is asked. */
const OUTCOME_UNKNOWN = new Set(['UPSTREAM_OUTCOME_UNKNOWN', 'IDEMPOTENCY_KEY_INTERRUPTED', 'UPSTREAM_TIMEOUT', 'NETWORK']);
/**
 * Whether the month may have been recorded: one of those errors, or a gateway's answer without
 * the server's own (a balancer answering 502 or 504 for a replica that stopped midway).
 */
export const outcomeUnknown = (error: unknown): boolean =>
  error instanceof ApiError && (OUTCOME_UNKNOWN.has(error.code) || (error.code === 'UNKNOWN' && error.status >= 500));

/** The partner was asked after such an error and has not recorded the month: the row's retry sends it. */
export class NotRecorded extends Error {
  constructor(readonly reason: unknown) {
    super('the partner has not recorded this month');
  }
}

/**
 * Declares a month with the key kept for it. When the answer leaves the month's fate unknown, or
 * the partner refuses it as out of order (E0188: it may be declared already), the partner is
 * asked: a month it has declared is done, whichever request of ours declared it (a month is
 * declared once at the partner, in order). One it has not: after IDEMPOTENCY_KEY_INTERRUPTED (the
 * dashboard tells that the request with that key is over: its server stopped, or the partner did
 * not answer in time) it is sent again at once with a new key, which is what the user asked for;
 * after a lost answer (the request may still be on its way) the row says so and keeps the key,
 * so its retry is answered for that request or sends it.
 */
async function declare(claimId: string, body: RentalDebtCreateBody): Promise<Declared> {
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await declareMonth(claimId, body, keyFor(claimId, body.rentDueDate));
      forgetKey(claimId, body.rentDueDate);
      return { rentDueDate: body.rentDueDate, status: answer.status };
    } catch (error) {
      if (!(error instanceof ApiError) || !(outcomeUnknown(error) || error.code === 'E0188')) throw error;
      const found = await declaredMonth(claimId, body.rentDueDate).catch(() => undefined);
      if (found === undefined) throw error;
      if (found) {
        forgetKey(claimId, body.rentDueDate);
        return { rentDueDate: body.rentDueDate, status: found.status };
      }
      if (error.code === 'E0188') throw error;
      if (error.code !== 'IDEMPOTENCY_KEY_INTERRUPTED' || attempt > 0) throw new NotRecorded(error);
      forgetKey(claimId, body.rentDueDate);
    }
  }
}

/**
 * Sends a round: each row's months in order, ROUND_CONCURRENCY rows at a time, each month with the
 * key kept for it (idempotency-keys.ts; see declare). A row stops at its first refusal (the later months would
 * be out of order); the others go on. Once every row is done the round is read again, so what is
 * shown next is what the partner says.
 */
export function useRoundSender() {
  const qc = useQueryClient();
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, RowOutcome>>(new Map());
  // rows whose sending has ended, as they were: still shown with their result once the round no longer lists them
  const [finished, setFinished] = useState<ReadonlyMap<string, RoundRow>>(new Map());
  const inFlight = useRef(new Set<string>());
  const [busy, setBusy] = useState(0);

  const set = (claimId: string, outcome: RowOutcome) => {
    setOutcomes((prev) => new Map(prev).set(claimId, outcome));
  };

  const sendRow = async ({ row, bodies }: RowJob): Promise<RowOutcome> => {
    // a new array for each month declared: an outcome in state is never changed afterwards, since
    // what is memoized on it (the compiler's cache in RoundOutcome) sees a change only as a new array
    let declared: Declared[] = [];
    set(row.claimId, { phase: 'sending', declared });
    for (const body of bodies) {
      try {
        declared = [...declared, await declare(row.claimId, body)];
        set(row.claimId, { phase: 'sending', declared });
      } catch (error) {
        const failed: RowOutcome = { phase: 'error', declared, month: body.rentDueDate, error };
        set(row.claimId, failed);
        return failed;
      }
    }
    set(row.claimId, { phase: 'done', declared });
    return { phase: 'done', declared };
  };

  /** Sends the rows; the answer is how each row sent here ended. */
  const send = async (jobs: readonly RowJob[]): Promise<RowOutcome[]> => {
    // a row already on its way is not sent again (a double click, the same row checked twice)
    const fresh = jobs.filter((j) => j.bodies.length > 0 && !inFlight.current.has(j.row.claimId));
    if (fresh.length === 0) return [];
    const ended: RowOutcome[] = [];
    for (const j of fresh) inFlight.current.add(j.row.claimId);
    setBusy((n) => n + fresh.length);
    const queue = [...fresh];
    const worker = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        ended.push(await sendRow(job));
        inFlight.current.delete(job.row.claimId);
        setBusy((n) => n - 1);
        const done = job.row;
        setFinished((prev) => new Map(prev).set(done.claimId, done));
      }
    };
    await Promise.all(Array.from({ length: Math.min(ROUND_CONCURRENCY, fresh.length) }, worker));
    // what the partner says now: the rows move to their next month, the others' months are declared
    await Promise.all([
      qc.invalidateQueries({ queryKey: roundKeys.all }),
      qc.invalidateQueries({ queryKey: inboxKeys.all }),
      qc.invalidateQueries({ queryKey: areaKey('claims') }),
    ]);
    return ended;
  };

  return { outcomes, finished, send, busy: busy > 0 };
}
