import { createHash, randomBytes } from 'node:crypto';
import { exec, row, type ServerDb } from '../db.js';

export interface SessionRecord {
  /** The hash of the session id: names the session without being a credential (streams, logs). */
  key: string;
  email: string;
  csrf: string;
  createdAt: number;
  lastSeen: number;
}

export const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

/** Server-side sessions: the cookie holds a random id, the database its hash, so sign-out revokes. */
export class SessionStore {
  constructor(
    private readonly db: ServerDb,
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  create(email: string): { id: string; csrf: string } {
    const id = randomBytes(32).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    const t = this.now();
    exec(
      this.db,
      'INSERT INTO sessions (id_hash, email, csrf, created_at, last_seen) VALUES (?, ?, ?, ?, ?)',
      hashId(id),
      email,
      csrf,
      t,
      t,
    );
    return { id, csrf };
  }

  /** The session, touched; undefined when unknown or idle for longer than the limit. */
  touch(id: string): SessionRecord | undefined {
    const h = hashId(id);
    const s = row<{ email: string; csrf: string; created_at: number; last_seen: number }>(
      this.db,
      'SELECT email, csrf, created_at, last_seen FROM sessions WHERE id_hash = ?',
      h,
    );
    if (!s) return undefined;
    const t = this.now();
    if (t - s.last_seen > this.idleMs) {
      exec(this.db, 'DELETE FROM sessions WHERE id_hash = ?', h);
      return undefined;
    }
    if (t - s.last_seen > 10_000) exec(this.db, 'UPDATE sessions SET last_seen = ? WHERE id_hash = ?', t, h);
    return { key: h, email: s.email, csrf: s.csrf, createdAt: s.created_at, lastSeen: t };
  }

  /** Whether a session (by key) still exists and is not idle past the limit; does not touch it. */
  alive(key: string): boolean {
    const s = row<{ last_seen: number }>(this.db, 'SELECT last_seen FROM sessions WHERE id_hash = ?', key);
    return s !== undefined && this.now() - s.last_seen <= this.idleMs;
  }

  destroy(id: string): void {
    exec(this.db, 'DELETE FROM sessions WHERE id_hash = ?', hashId(id));
  }

  purgeIdle(): void {
    exec(this.db, 'DELETE FROM sessions WHERE last_seen < ?', this.now() - this.idleMs);
  }
}
