import { createHash, randomBytes } from 'node:crypto';
import type { ServerDb } from '../db.js';

export interface SessionRecord {
  /** The hash of the session id: names the session without being a credential (streams, logs). */
  key: string;
  email: string;
  csrf: string;
  createdAt: number;
  lastSeen: number;
}

export const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

/** last_seen is written at most this often per session (a write per request would cost every request). */
const TOUCH_EVERY_MS = 10_000;

/**
 * Server-side sessions in the shared database: the cookie holds a random id, the database its
 * hash, so sign-out on any replica revokes it on every replica, and any replica accepts it.
 */
export class SessionStore {
  constructor(
    private readonly db: ServerDb,
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async create(email: string): Promise<{ id: string; csrf: string }> {
    const id = randomBytes(32).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    const t = this.now();
    await this.db
      .insertInto('sessions')
      .values({ id_hash: hashId(id), email, csrf, created_at: t, last_seen: t })
      .execute();
    return { id, csrf };
  }

  /** The session, touched; undefined when unknown or idle for longer than the limit. */
  async touch(id: string): Promise<SessionRecord | undefined> {
    const h = hashId(id);
    const s = await this.db
      .selectFrom('sessions')
      .select(['email', 'csrf', 'created_at', 'last_seen'])
      .where('id_hash', '=', h)
      .executeTakeFirst();
    if (!s) return undefined;
    const t = this.now();
    if (t - s.last_seen > this.idleMs) {
      await this.db.deleteFrom('sessions').where('id_hash', '=', h).execute();
      return undefined;
    }
    if (t - s.last_seen > TOUCH_EVERY_MS)
      await this.db.updateTable('sessions').set({ last_seen: t }).where('id_hash', '=', h).where('last_seen', '<', t).execute();
    return { key: h, email: s.email, csrf: s.csrf, createdAt: s.created_at, lastSeen: t };
  }

  /** Whether a session (by key) still exists and is not idle past the limit; does not touch it. */
  async alive(key: string): Promise<boolean> {
    const s = await this.db.selectFrom('sessions').select('last_seen').where('id_hash', '=', key).executeTakeFirst();
    return s !== undefined && this.now() - s.last_seen <= this.idleMs;
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_hash', '=', hashId(id)).execute();
  }

  async purgeIdle(): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where('last_seen', '<', this.now() - this.idleMs)
      .execute();
  }
}
