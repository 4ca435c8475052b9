import { exec, row, type ServerDb } from '../db.js';

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * Answers a repeated Idempotency-Key (per user, within 24 hours) with the first answer, and makes
 * a concurrent repeat wait for the first instead of creating a second resource.
 */
export class IdempotencyStore {
  private readonly inFlight = new Map<string, Promise<StoredAnswer>>();
  constructor(private readonly db: ServerDb) {}

  async run(
    key: string,
    email: string,
    operation: string,
    produce: () => Promise<StoredAnswer>,
  ): Promise<StoredAnswer & { replayed: boolean }> {
    const stored = row<{ status: number; content_type: string | null; body: string; operation: string }>(
      this.db,
      'SELECT status, content_type, body, operation FROM idempotency WHERE key = ? AND email = ? AND created_at > ?',
      key,
      email,
      Date.now() - DAY_MS,
    );
    if (stored && stored.operation === operation)
      return { status: stored.status, contentType: stored.content_type, body: stored.body, replayed: true };
    const flightKey = `${email}\u0000${key}`;
    const pending = this.inFlight.get(flightKey);
    if (pending) return { ...(await pending), replayed: true };
    const promise = produce();
    this.inFlight.set(flightKey, promise);
    try {
      const answer = await promise;
      if (answer.status >= 200 && answer.status < 300) {
        exec(
          this.db,
          'INSERT OR REPLACE INTO idempotency (key, email, operation, status, content_type, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          key,
          email,
          operation,
          answer.status,
          answer.contentType,
          answer.body,
          Date.now(),
        );
      }
      return { ...answer, replayed: false };
    } finally {
      this.inFlight.delete(flightKey);
    }
  }

  purge(): void {
    exec(this.db, 'DELETE FROM idempotency WHERE created_at < ?', Date.now() - DAY_MS);
  }
}
