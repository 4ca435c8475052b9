import { createHash } from 'node:crypto';
import type { ServerDb } from '../db.js';
import { HttpError } from '../http-error.js';

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/** JSON with its object keys sorted, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a key is bound to: the operation, the exact path (its ids) and a hash of the body. */
export interface RequestPrint {
  operation: string;
  path: string;
  body: unknown;
}

export function fingerprint(p: RequestPrint): string {
  return createHash('sha256')
    .update(`${p.operation}\n${p.path}\n${canonical(p.body)}`)
    .digest('hex');
}

function reused(operation: string): HttpError {
  return new HttpError(
    'IDEMPOTENCY_KEY_REUSED',
    `This Idempotency-Key was already used for another request (${operation}, or other data): a key names one request; send a new key for a new request.`,
  );
}

/** How often a repeat polls for the first request's answer. */
const POLL_MS = 40;

/**
 * A key names one request of one user: the same key with the same operation, path and body
 * (within 24 hours) answers the first answer, and a concurrent repeat, on this replica or another,
 * waits for the first instead of creating a second resource: the first claims the key with a
 * pending row (status null) before it calls the partner, the others poll that row. The same key
 * with another operation, path or body is refused (422 IDEMPOTENCY_KEY_REUSED) and the stored
 * answer is never replaced. Only successes are kept: a failure frees the key for a retry, and so
 * does a pending claim older than `staleMs` (its replica died before answering).
 */
export class IdempotencyStore {
  constructor(
    private readonly db: ServerDb,
    private readonly staleMs = 2 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async run(
    key: string,
    email: string,
    request: RequestPrint,
    produce: () => Promise<StoredAnswer>,
  ): Promise<StoredAnswer & { replayed: boolean }> {
    const print = fingerprint(request);
    for (;;) {
      const t = this.now();
      const claimed = await this.db
        .insertInto('idempotency')
        .values({
          key,
          email,
          operation: request.operation,
          fingerprint: print,
          status: null,
          content_type: null,
          body: null,
          created_at: t,
        })
        .onConflict((oc) => oc.columns(['key', 'email']).doNothing())
        .returning('created_at')
        .executeTakeFirst();
      if (claimed) return { ...(await this.produce(key, email, t, produce)), replayed: false };

      const stored = await this.db
        .selectFrom('idempotency')
        .select(['status', 'content_type', 'body', 'operation', 'fingerprint', 'created_at'])
        .where('key', '=', key)
        .where('email', '=', email)
        .executeTakeFirst();
      if (!stored) continue; // freed meanwhile: claim it
      const expired = stored.status !== null ? t - stored.created_at > DAY_MS : t - stored.created_at > this.staleMs;
      if (expired) {
        await this.db
          .deleteFrom('idempotency')
          .where('key', '=', key)
          .where('email', '=', email)
          .where('created_at', '=', stored.created_at)
          .execute();
        continue;
      }
      if (stored.fingerprint !== print) throw reused(stored.operation);
      if (stored.status !== null && stored.body !== null)
        return { status: stored.status, contentType: stored.content_type, body: stored.body, replayed: true };
      await new Promise((r) => setTimeout(r, POLL_MS)); // the first is in flight: wait for its answer
    }
  }

  private async produce(key: string, email: string, claimedAt: number, produce: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
    const mine = this.db
      .updateTable('idempotency')
      .where('key', '=', key)
      .where('email', '=', email)
      .where('created_at', '=', claimedAt)
      .where('status', 'is', null);
    let a: StoredAnswer;
    try {
      a = await produce();
    } catch (err) {
      await this.free(key, email, claimedAt);
      throw err;
    }
    if (a.status >= 200 && a.status < 300) await mine.set({ status: a.status, content_type: a.contentType, body: a.body }).execute();
    else await this.free(key, email, claimedAt);
    return a;
  }

  private async free(key: string, email: string, claimedAt: number): Promise<void> {
    await this.db
      .deleteFrom('idempotency')
      .where('key', '=', key)
      .where('email', '=', email)
      .where('created_at', '=', claimedAt)
      .where('status', 'is', null)
      .execute();
  }

  async purge(): Promise<void> {
    const t = this.now();
    await this.db
      .deleteFrom('idempotency')
      .where((eb) =>
        eb.or([eb('created_at', '<', t - DAY_MS), eb.and([eb('status', 'is', null), eb('created_at', '<', t - this.staleMs)])]),
      )
      .execute();
  }
}
