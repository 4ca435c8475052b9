import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { localBus, type Bus } from '../db/bus.js';
import type { ServerDb } from '../db/db.js';

export interface SessionRecord {
  /** The hash of the session id: names the session without being a credential (streams, logs). */
  key: string;
  email: string;
  csrf: string;
  createdAt: number;
  lastSeen: number;
}

export const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

/** How long a session lives: `idleMs` after the person's last activity, and `absoluteMs` after sign-in at most. */
export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

/** last_seen is written at most this often per session (a write per request would cost every request). */
export const TOUCH_EVERY_MS = 10_000;
/**
 * How long a session read from the database is trusted without reading it again. A sign-out on
 * any replica reaches every replica's memory at once through the bus; this bounds what a replica
 * whose bus connection broke unnoticed could still accept.
 */
export const SESSION_CACHE_MS = 15_000;
/** Sessions held in memory at most (the least recently read are forgotten first). */
export const SESSION_CACHE_MAX = 10_000;
/** How long a sign-out waits at most for its revocation to come back through the bus. */
const REVOCATION_ECHO_MS = 2_000;
/**
 * Every replica's listener is woken by the same commit of the notice, but each hears it on its own
 * connection: a sign-out waits this much more after its own copy came back, for the others.
 */
export const REVOCATION_GRACE_MS = 100;

interface Cached {
  record: SessionRecord;
  /** When the database was last read for it (this replica's clock). */
  readAt: number;
  /** The last_seen this replica last wrote (or read). */
  written: number;
}

/**
 * Server-side sessions in the shared database: the cookie holds a random id, the database its
 * hash, so sign-out on any replica revokes it on every replica, and any replica accepts it.
 *
 * A session ends `idleMs` after the person's last activity and `absoluteMs` after sign-in, whichever
 * comes first. Activity is what the person does (`touch`: a write, or the activity the browser
 * reports); a background read (`read`: polling, a refetch, the live stream's checks) is refused
 * once the session has ended but does not keep it alive, so an open page left alone ends too.
 *
 * A forwarding hop must not read and write the database for every request: each replica keeps the
 * sessions it has read in memory for SESSION_CACHE_MS, notes activity there and writes last_seen
 * at most every TOUCH_EVERY_MS. A sign-out deletes the row and says so on the bus; every replica
 * (this one included) forgets the session when it hears it, and the sign-out answers only once
 * the message has come back through the bus (and REVOCATION_GRACE_MS more), so the next request on
 * any replica is refused. A lost bus connection (`resync`) forgets every session held; a replica
 * whose connection broke unnoticed trusts what it holds for SESSION_CACHE_MS at most.
 */
export class SessionStore {
  /** Sessions read here, trusted for SESSION_CACHE_MS (on this store's clock), the least recently read forgotten first. */
  private readonly cache: LRUCache<string, Cached>;
  private readonly echoes = new Map<string, () => void>();
  /** Counts revocations heard: a read that a revocation overtook is not held. */
  private revocations = 0;
  /** The bus lost (until it resyncs): revocations cannot be heard, so nothing is held. */
  private deaf = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: ServerDb,
    private readonly limits: SessionLimits,
    private readonly now: () => number = Date.now,
    private readonly bus: Bus = localBus(),
  ) {
    // ttlResolution 0: the store's clock is read at each look-up (an injected clock moves by jumps)
    this.cache = new LRUCache({ max: SESSION_CACHE_MAX, ttl: SESSION_CACHE_MS, ttlResolution: 0, perf: { now } });
    this.unsubscribe = bus.subscribe((m, fromSelf) => {
      if (m.kind === 'session-revoked') {
        this.revocations++;
        this.cache.delete(m.key);
        if (fromSelf) this.echoes.get(m.key)?.();
      } else if (m.kind === 'resync' || m.kind === 'deaf') {
        this.revocations++;
        this.cache.clear();
        this.deaf = m.kind === 'deaf';
      }
    });
  }

  /** A new session; `from`: the browser and address it is opened from (My account lists them). */
  async create(email: string, from?: { userAgent: string | null; address: string | null }): Promise<{ id: string; csrf: string }> {
    const id = randomBytes(32).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    const t = this.now();
    const where = from ? { user_agent: from.userAgent?.slice(0, 512) ?? null, address: from.address } : {};
    await this.db
      .insertInto('sessions')
      .values({ id_hash: hashId(id), email, csrf, created_at: t, last_seen: t, ...where })
      .execute();
    return { id, csrf };
  }

  /** A user's live sessions (My account), the latest activity first (this replica's own, not yet written, included). */
  async listOf(
    email: string,
  ): Promise<{ key: string; createdAt: number; lastSeen: number; userAgent: string | null; address: string | null }[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id_hash', 'created_at', 'last_seen', 'user_agent', 'address'])
      .where('email', '=', email.toLowerCase())
      .execute();
    const t = this.now();
    return rows
      .map((r) => ({
        key: r.id_hash,
        createdAt: Number(r.created_at),
        lastSeen: Math.max(Number(r.last_seen), this.cache.get(r.id_hash)?.record.lastSeen ?? 0),
        userAgent: r.user_agent,
        address: r.address,
      }))
      .filter((r) => !this.ended(r, t))
      .sort((a, b) => b.lastSeen - a.lastSeen);
  }

  /** Whether a session whose last activity and start are these has ended at `t` (idle, or past its absolute limit). */
  private ended(r: { lastSeen: number; createdAt: number }, t: number): boolean {
    return t - r.lastSeen > this.limits.idleMs || t - r.createdAt > this.limits.absoluteMs;
  }

  /** What is left of a session at this store's now: until its idle limit, until its absolute limit (ms). */
  remaining(r: Pick<SessionRecord, 'lastSeen' | 'createdAt'>): { idleEndsIn: number; endsIn: number } {
    const t = this.now();
    return { idleEndsIn: r.lastSeen + this.limits.idleMs - t, endsIn: r.createdAt + this.limits.absoluteMs - t };
  }

  /** The limits this store keeps. */
  get limitsMs(): SessionLimits {
    return { ...this.limits };
  }

  /** The session, its activity noted (the person did something): undefined when unknown, revoked or ended. */
  touch(id: string): Promise<SessionRecord | undefined> {
    return this.resolve(id, true);
  }

  /** The session without noting activity (a background read): undefined when unknown, revoked or ended. */
  read(id: string): Promise<SessionRecord | undefined> {
    return this.resolve(id, false);
  }

  private async resolve(id: string, active: boolean): Promise<SessionRecord | undefined> {
    const h = hashId(id);
    const t = this.now();
    // a session held past SESSION_CACHE_MS is read again, but its activity not yet written still counts
    const fresh = this.cache.has(h);
    const held = this.cache.get(h, { allowStale: true });
    // held, recently read and not ended here: no database read; last_seen written every TOUCH_EVERY_MS
    if (held && fresh && !this.ended(held.record, t) && t >= held.readAt) {
      if (active) {
        held.record.lastSeen = t;
        if (t - held.written > TOUCH_EVERY_MS) {
          held.written = t;
          await this.writeLastSeen(h, t);
        }
      }
      return { ...held.record };
    }
    this.cache.delete(h);
    const revocations = this.revocations;
    const s = await this.db
      .selectFrom('sessions')
      .select(['email', 'csrf', 'created_at', 'last_seen'])
      .where('id_hash', '=', h)
      .executeTakeFirst();
    if (!s) return undefined;
    // the latest activity: the database's (any replica) or this replica's own, not yet written
    const seen = Math.max(Number(s.last_seen), held?.record.lastSeen ?? 0);
    const createdAt = Number(s.created_at);
    if (this.ended({ lastSeen: seen, createdAt }, t)) {
      await this.db.deleteFrom('sessions').where('id_hash', '=', h).execute();
      return undefined;
    }
    let written = Number(s.last_seen);
    if (active && t - written > TOUCH_EVERY_MS) {
      await this.writeLastSeen(h, t);
      written = t;
    }
    const record = { key: h, email: s.email, csrf: s.csrf, createdAt, lastSeen: active ? t : seen };
    // a sign-out heard while the row was read may have deleted it since: answer, but do not hold it
    if (revocations === this.revocations && !this.deaf) this.cache.set(h, { record, readAt: t, written });
    return { ...record };
  }

  private async writeLastSeen(h: string, t: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen: t }).where('id_hash', '=', h).where('last_seen', '<', t).execute();
  }

  /** Whether a session (by key) still exists and has not ended (idle, absolute limit); does not touch it. */
  async alive(key: string): Promise<boolean> {
    const s = await this.db.selectFrom('sessions').select(['last_seen', 'created_at']).where('id_hash', '=', key).executeTakeFirst();
    if (!s) return false;
    const lastSeen = Math.max(Number(s.last_seen), this.cache.get(key)?.record.lastSeen ?? 0);
    return !this.ended({ lastSeen, createdAt: Number(s.created_at) }, this.now());
  }

  /**
   * Ends a session on every replica: on a shared bus, answers once the revocation has come back through it
   * (or after REVOCATION_ECHO_MS) and REVOCATION_GRACE_MS more, by when the other replicas have heard it.
   */
  async destroy(id: string): Promise<void> {
    await this.revoke([hashId(id)]);
  }

  /**
   * Ends every session of a user (deactivation, a password set by a link), or every one but
   * `except` (the key of the session asking), on every replica; answers the keys ended.
   */
  async destroyAllOf(email: string, except?: string): Promise<string[]> {
    let q = this.db.selectFrom('sessions').select('id_hash').where('email', '=', email.toLowerCase());
    if (except) q = q.where('id_hash', '<>', except);
    const keys = (await q.execute()).map((r) => r.id_hash);
    await this.revoke(keys);
    return keys;
  }

  /** Ends the sessions of these keys on every replica (see destroy). */
  async revoke(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .deleteFrom('sessions')
      .where('id_hash', 'in', [...keys])
      .execute();
    const echoes: Promise<void>[] = [];
    const timers: NodeJS.Timeout[] = [];
    for (const key of keys) {
      this.cache.delete(key);
      echoes.push(
        new Promise<void>((resolve) => {
          this.echoes.set(key, resolve);
          timers.push(setTimeout(resolve, REVOCATION_ECHO_MS));
        }),
      );
    }
    try {
      for (const key of keys) await this.bus.publish({ kind: 'session-revoked', key });
      // one process (SQLite): every store has heard it within publish; nobody else to wait for
      if (!this.bus.shared) return;
      await Promise.all(echoes);
      await new Promise((resolve) => setTimeout(resolve, REVOCATION_GRACE_MS));
    } finally {
      for (const t of timers) clearTimeout(t);
      for (const key of keys) this.echoes.delete(key);
    }
  }

  /** Forgets the sessions that have ended (idle, or past their absolute limit). */
  async purgeEnded(): Promise<void> {
    const t = this.now();
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('last_seen', '<', t - this.limits.idleMs), eb('created_at', '<', t - this.limits.absoluteMs)]))
      .execute();
  }

  /** Stops listening to the bus (the stores close). */
  close(): void {
    this.unsubscribe();
    this.cache.clear();
  }
}
