import { createHash } from 'node:crypto';
import { DAY_MS } from '../../contract/dates.js';
import { localBus, type Bus } from '../db/bus.js';
import type { ServerDb } from '../db/db.js';
import { HttpError } from '../http-error.js';

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

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

/**
 * How often a repeat reads the key again while this replica cannot hear the others (its bus
 * connection lost): their notices of an answer would not reach it.
 */
const DEAF_READ_MS = 250;

/** Which key of which user a notice is about (a hash: short, whatever the key and the e-mail). */
const noticeId = (key: string, email: string) => createHash('sha256').update(`${email}\n${key}`).digest('base64url');

/**
 * `status` of a key whose first request was interrupted: its replica stopped renewing the lease
 * (killed, or cut from the database) before storing an answer. Not an HTTP status: nothing was
 * answered, and whether the partner carried the request out is unknown.
 */
export const INTERRUPTED = 0;

export interface IdempotencyTiming {
  /** How long a pending claim holds without its replica renewing it. */
  leaseMs?: number;
  /** How often the replica in flight renews its claim (well under leaseMs). */
  renewMs?: number;
  now?: () => number;
  /** Where a failure to note an answer is told (the answer itself stands). */
  log?: { warn: (obj: object, msg: string) => void };
  /** Where a key's answer (or its freeing, or its interruption) is told to the repeats waiting on every replica. */
  bus?: Bus;
}

function interrupted(): HttpError {
  return new HttpError(
    'IDEMPOTENCY_KEY_INTERRUPTED',
    'The first request with this Idempotency-Key was interrupted before its answer (the server handling it stopped, or the partner did not answer in time, or the connection to it was cut): it may have been carried out by the partner. Check before sending it again, with a new key.',
  );
}

/**
 * A key names one request of one user: the same key with the same operation, path and body
 * (within 24 hours) answers the first answer, and a concurrent repeat, on this replica or another,
 * waits for the first instead of creating a second resource: the first claims the key with a
 * pending row (status null) before it calls the partner, the others read that row again when the
 * first's replica says on the bus that the key changed (answered, freed, interrupted), or when the
 * first's lease ends, whichever comes first: a killed replica says nothing. The same key
 * with another operation, path or body is refused (422 IDEMPOTENCY_KEY_REUSED) and the stored
 * answer is never replaced. Only successes are kept: a failure frees the key for a retry.
 *
 * A pending claim is a lease the replica in flight renews every `renewMs`. A replica that dies
 * (killed, out of memory, cut from the database) stops renewing: once the lease lapses, a repeat
 * marks the key interrupted and answers 409 IDEMPOTENCY_KEY_INTERRUPTED, and so does every later
 * repeat; so does a first request the partner did not answer in time (UPSTREAM_TIMEOUT) or whose
 * connection was cut after it was sent (UPSTREAM_OUTCOME_UNKNOWN). It
 * does not send the request again: the partner's creations are not idempotent (the
 * spec: "POST /v3/projects always creates a new project"), and the dead replica had most likely
 * sent it already, so a second send would create a second project. The user checks the list and
 * starts again with a new key. (A replica stopped gracefully finishes its requests first: the
 * key then holds their answer.) Leases compare the replicas' clocks: keep them in sync (NTP).
 */
export class IdempotencyStore {
  private readonly leaseMs: number;
  private readonly renewMs: number;
  private readonly now: () => number;
  private readonly log: { warn: (obj: object, msg: string) => void };
  private readonly bus: Bus;
  /** The repeats waiting on this replica, by key (noticeId): each woken when its key changes. */
  private readonly waiting = new Map<string, Set<() => void>>();
  /** The bus lost (until it resyncs): notices from the others cannot be heard. */
  private deaf = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: ServerDb,
    timing: IdempotencyTiming = {},
  ) {
    this.leaseMs = timing.leaseMs ?? 5_000;
    this.renewMs = timing.renewMs ?? Math.max(10, Math.floor(this.leaseMs / 5));
    this.now = timing.now ?? Date.now;
    this.log = timing.log ?? { warn: () => undefined };
    this.bus = timing.bus ?? localBus();
    this.unsubscribe = this.bus.subscribe((m) => {
      if (m.kind === 'idempotency') this.wake(this.waiting.get(m.id));
      else if (m.kind === 'deaf' || m.kind === 'resync') {
        // a notice may have been lost: every repeat reads its key again
        this.deaf = m.kind === 'deaf';
        for (const waiters of this.waiting.values()) this.wake(waiters);
      }
    });
  }

  private wake(waiters: Set<() => void> | undefined): void {
    for (const w of [...(waiters ?? [])]) w();
  }

  /**
   * Listens for a notice about a key, from before its row is read (a notice that comes between the
   * read and the wait is not missed): `until(ms)` resolves at the notice, or after `ms`.
   */
  private listen(id: string): { until: (ms: number) => Promise<void>; stop: () => void } {
    let heard = false;
    let resolveWait: (() => void) | null = null;
    let timer: NodeJS.Timeout | undefined;
    const waiter = () => {
      heard = true;
      resolveWait?.();
    };
    let waiters = this.waiting.get(id);
    if (!waiters) this.waiting.set(id, (waiters = new Set()));
    waiters.add(waiter);
    return {
      until: (ms) =>
        heard
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              resolveWait = resolve;
              timer = setTimeout(resolve, ms);
            }),
      stop: () => {
        clearTimeout(timer);
        waiters.delete(waiter);
        if (waiters.size === 0 && this.waiting.get(id) === waiters) this.waiting.delete(id);
      },
    };
  }

  /** Tells the repeats waiting on every replica that a key changed (a lost notice costs them a wait until the lease ends, no more). */
  private async notify(key: string, email: string): Promise<void> {
    await this.bus.publish({ kind: 'idempotency', id: noticeId(key, email) }).catch((err: unknown) => {
      this.log.warn({ err, key }, 'could not tell the waiting repeats of an idempotent request (they read it again when its lease ends)');
    });
  }

  /**
   * Marks a pending claim whose lease lapsed as interrupted, unless its replica renewed it
   * meanwhile (still alive) or it was answered; tells the waiting repeats. True when marked here.
   */
  private async markInterrupted(key: string, email: string, createdAt: number, t: number): Promise<boolean> {
    const marked = await this.db
      .updateTable('idempotency')
      .set({ status: INTERRUPTED })
      .where('key', '=', key)
      .where('email', '=', email)
      .where('created_at', '=', createdAt)
      .where('status', 'is', null)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', t)]))
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return false;
    await this.notify(key, email);
    return true;
  }

  /** Stops listening to the bus (the stores close). */
  close(): void {
    this.unsubscribe();
    for (const waiters of this.waiting.values()) this.wake(waiters);
  }

  async run(
    key: string,
    email: string,
    request: RequestPrint,
    produce: () => Promise<StoredAnswer>,
  ): Promise<StoredAnswer & { replayed: boolean }> {
    const print = fingerprint(request);
    const id = noticeId(key, email);
    for (;;) {
      // listening from before the row is read: a notice that comes meanwhile is not missed
      const notice = this.listen(id);
      try {
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
            lease_until: t + this.leaseMs,
          })
          .onConflict((oc) => oc.columns(['key', 'email']).doNothing())
          .returning('created_at')
          .executeTakeFirst();
        if (claimed) return { ...(await this.produce(key, email, t, produce)), replayed: false };

        const stored = await this.db
          .selectFrom('idempotency')
          .select(['status', 'content_type', 'body', 'operation', 'fingerprint', 'created_at', 'lease_until'])
          .where('key', '=', key)
          .where('email', '=', email)
          .executeTakeFirst();
        if (!stored) continue; // freed meanwhile: claim it
        if (t - stored.created_at > DAY_MS) {
          await this.db
            .deleteFrom('idempotency')
            .where('key', '=', key)
            .where('email', '=', email)
            .where('created_at', '=', stored.created_at)
            .execute();
          continue;
        }
        if (stored.fingerprint !== print) throw reused(stored.operation);
        if (stored.status === INTERRUPTED) throw interrupted();
        if (stored.status !== null && stored.body !== null)
          return { status: stored.status, contentType: stored.content_type, body: stored.body, replayed: true };
        // the first is in flight: wait for its answer while its replica renews the lease
        // (a claim of an earlier version has no lease: it holds from its creation)
        const leaseEnd = stored.lease_until ?? stored.created_at + this.leaseMs;
        if (t > leaseEnd) {
          await this.markInterrupted(key, email, stored.created_at, t);
          continue;
        }
        // woken by the first's replica when it answers; else read again once the lease has ended
        // (a killed replica says nothing; a live one has renewed it by then); every DEAF_READ_MS
        // while this replica cannot hear the others
        const untilLeaseEnd = Math.min(this.leaseMs, Math.max(1, leaseEnd - t + 1));
        await notice.until(this.deaf ? Math.min(DEAF_READ_MS, untilLeaseEnd) : untilLeaseEnd);
      } finally {
        notice.stop();
      }
    }
  }

  private async produce(key: string, email: string, claimedAt: number, produce: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
    // this claim, pending or (its lease lapsed while it was slow, not dead) marked interrupted:
    // the answer, once known, replaces either
    const mine = () =>
      this.db
        .updateTable('idempotency')
        .where('key', '=', key)
        .where('email', '=', email)
        .where('created_at', '=', claimedAt)
        .where((eb) => eb.or([eb('status', 'is', null), eb('status', '=', INTERRUPTED)]));
    const renewal = setInterval(() => {
      void mine()
        .where('status', 'is', null)
        .set({ lease_until: this.now() + this.leaseMs })
        .execute()
        .catch(() => undefined); // the database out of reach: the lease lapses, repeats are told
    }, this.renewMs);
    let a: StoredAnswer;
    try {
      a = await produce();
    } catch (err) {
      clearInterval(renewal);
      // the partner did not answer in time, or the connection was cut once the request had left:
      // it may have carried the request out, so a repeat must not send it again (interrupted); any
      // other failure means nothing was done (the key is free)
      if (err instanceof HttpError && (err.code === 'UPSTREAM_TIMEOUT' || err.code === 'UPSTREAM_OUTCOME_UNKNOWN')) {
        await mine()
          .set({ status: INTERRUPTED })
          .execute()
          .catch(() => undefined);
        await this.notify(key, email);
      } else await this.free(key, email, claimedAt);
      throw err;
    }
    clearInterval(renewal);
    // The partner has answered: that answer is the request's, whatever happens to the note of it.
    // A database out of reach now (a restart) must not turn a creation the partner made into an
    // error the user would retry: the claim stays pending, its lease lapses, and a repeat is told
    // the first was interrupted (check the list) instead of creating a second one.
    try {
      if (a.status >= 200 && a.status < 300) {
        await mine().set({ status: a.status, content_type: a.contentType, body: a.body }).execute();
        await this.notify(key, email);
      } else await this.free(key, email, claimedAt);
    } catch (err) {
      this.log.warn({ err, key }, 'could not note the answer to an idempotent request (its repeats will be told it was interrupted)');
    }
    return a;
  }

  /**
   * Where a key's request stands, for a look at the partner after it was interrupted: since when it
   * began (its claim, made just before it was recorded as attempted and sent) and the answer it
   * had (null: interrupted); null when the key names no such request of this user (unknown, forgotten
   * after 24 hours, or still in flight on a live replica). A key of another request is refused as
   * a repeat would be. A pending key whose lease lapsed is marked interrupted first, as a repeat
   * would mark it.
   */
  async attempt(key: string, email: string, request: RequestPrint): Promise<{ since: number; answer: StoredAnswer | null } | null> {
    const stored = await this.db
      .selectFrom('idempotency')
      .select(['status', 'content_type', 'body', 'operation', 'fingerprint', 'created_at', 'lease_until'])
      .where('key', '=', key)
      .where('email', '=', email)
      .executeTakeFirst();
    const t = this.now();
    if (!stored || t - stored.created_at > DAY_MS) return null;
    if (stored.fingerprint !== fingerprint(request)) throw reused(stored.operation);
    const since = stored.created_at;
    if (stored.status === INTERRUPTED) return { since, answer: null };
    if (stored.status !== null && stored.body !== null)
      return { since, answer: { status: stored.status, contentType: stored.content_type, body: stored.body } };
    if (t <= (stored.lease_until ?? stored.created_at + this.leaseMs)) return null;
    if (!(await this.markInterrupted(key, email, stored.created_at, t))) return null;
    return { since, answer: null };
  }

  /**
   * An interrupted request found carried out at the partner: the key answers what was found from
   * now on, as if its first answer had been noted (a repeat is answered it, nothing is sent).
   */
  async settle(key: string, email: string, claimedAt: number, answer: StoredAnswer): Promise<void> {
    await this.db
      .updateTable('idempotency')
      .set({ status: answer.status, content_type: answer.contentType, body: answer.body })
      .where('key', '=', key)
      .where('email', '=', email)
      .where('created_at', '=', claimedAt)
      .where('status', '=', INTERRUPTED)
      .execute();
    await this.notify(key, email);
  }

  /** Nothing was created (the partner refused, or could not be reached): the key is free for a retry. */
  private async free(key: string, email: string, claimedAt: number): Promise<void> {
    await this.db
      .deleteFrom('idempotency')
      .where('key', '=', key)
      .where('email', '=', email)
      .where('created_at', '=', claimedAt)
      .where((eb) => eb.or([eb('status', 'is', null), eb('status', '=', INTERRUPTED)]))
      .execute();
    await this.notify(key, email);
  }

  /** Forgets answers older than 24 hours (interrupted keys too: the user was told within moments). */
  async purge(): Promise<void> {
    await this.db
      .deleteFrom('idempotency')
      .where('created_at', '<', this.now() - DAY_MS)
      .execute();
  }
}
