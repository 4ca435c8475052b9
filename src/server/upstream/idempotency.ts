import { createHash } from 'node:crypto';
import { exec, row, type ServerDb } from '../db.js';
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

/**
 * A key names one request of one user: the same key with the same operation, path and body
 * (within 24 hours) answers the first answer, and a concurrent repeat waits for the first instead
 * of creating a second resource. The same key with another operation, path or body is refused
 * (422 IDEMPOTENCY_KEY_REUSED) and the stored answer is never replaced.
 */
export class IdempotencyStore {
  private readonly inFlight = new Map<string, { print: string; operation: string; answer: Promise<StoredAnswer> }>();
  constructor(private readonly db: ServerDb) {
    const columns = (db.prepare('PRAGMA table_info(idempotency)').all() as { name: string }[]).map((c) => c.name);
    // answers live 24 hours: a table from before keys were bound to the body is simply started again
    if (!columns.includes('fingerprint')) {
      db.exec(`DROP TABLE IF EXISTS idempotency;
        CREATE TABLE idempotency (
          key TEXT NOT NULL, email TEXT NOT NULL, operation TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER NOT NULL,
          content_type TEXT, body TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (key, email));`);
    }
  }

  async run(
    key: string,
    email: string,
    request: RequestPrint,
    produce: () => Promise<StoredAnswer>,
  ): Promise<StoredAnswer & { replayed: boolean }> {
    const print = fingerprint(request);
    const stored = row<{ status: number; content_type: string | null; body: string; operation: string; fingerprint: string }>(
      this.db,
      'SELECT status, content_type, body, operation, fingerprint FROM idempotency WHERE key = ? AND email = ? AND created_at > ?',
      key,
      email,
      Date.now() - DAY_MS,
    );
    if (stored) {
      if (stored.fingerprint !== print) throw reused(stored.operation);
      return { status: stored.status, contentType: stored.content_type, body: stored.body, replayed: true };
    }
    const flightKey = `${email}\u0000${key}`;
    const pending = this.inFlight.get(flightKey);
    if (pending) {
      if (pending.print !== print) throw reused(pending.operation);
      return { ...(await pending.answer), replayed: true };
    }
    const answer = produce();
    this.inFlight.set(flightKey, { print, operation: request.operation, answer });
    try {
      const a = await answer;
      if (a.status >= 200 && a.status < 300) {
        exec(
          this.db,
          `INSERT INTO idempotency (key, email, operation, fingerprint, status, content_type, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (key, email) DO UPDATE SET operation = excluded.operation, fingerprint = excluded.fingerprint,
             status = excluded.status, content_type = excluded.content_type, body = excluded.body, created_at = excluded.created_at
           WHERE idempotency.created_at <= ?`,
          key,
          email,
          request.operation,
          print,
          a.status,
          a.contentType,
          a.body,
          Date.now(),
          Date.now() - DAY_MS,
        );
      }
      return { ...a, replayed: false };
    } finally {
      this.inFlight.delete(flightKey);
    }
  }

  purge(): void {
    exec(this.db, 'DELETE FROM idempotency WHERE created_at < ?', Date.now() - DAY_MS);
  }
}
