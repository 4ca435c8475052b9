import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { PartnerEvent } from '../../contract/session.js';
import { exec, row, rows, type ServerDb } from '../db.js';

interface EventRow {
  seq: number;
  id: string;
  type: string;
  payload: string;
  received_at: string;
}

const toEvent = (r: EventRow): PartnerEvent => {
  const p = JSON.parse(r.payload) as { createdAt?: string; data?: Record<string, unknown> };
  return { seq: r.seq, id: r.id, type: r.type, createdAt: p.createdAt ?? r.received_at, receivedAt: r.received_at, data: p.data ?? {} };
};

/** Received partner events: stored once per id, numbered, and fanned out to the browsers' streams. */
export class EventHub {
  private readonly emitter = new EventEmitter();
  constructor(private readonly db: ServerDb) {
    this.emitter.setMaxListeners(0);
  }

  /** Stores the event; false when its id was already received (a duplicate delivery). */
  record(id: string, type: string, payload: string): boolean {
    const inserted = exec(
      this.db,
      'INSERT OR IGNORE INTO partner_events (id, type, payload, received_at) VALUES (?, ?, ?, ?)',
      id,
      type,
      payload,
      new Date().toISOString(),
    );
    if (inserted === 0) return false;
    const r = row<EventRow>(this.db, 'SELECT * FROM partner_events WHERE id = ?', id);
    if (r) this.emitter.emit('event', toEvent(r));
    return true;
  }

  /**
   * Stores an event of the dashboard itself (e.g. security.sign_in_throttled) in the log managers
   * read (/api/events/recent), without pushing it to every browser's stream.
   */
  note(type: string, data: Record<string, unknown>): void {
    const id = `dashboard-${randomUUID()}`;
    const createdAt = new Date().toISOString();
    exec(
      this.db,
      'INSERT INTO partner_events (id, type, payload, received_at) VALUES (?, ?, ?, ?)',
      id,
      type,
      JSON.stringify({ id, type, createdAt, data }),
      createdAt,
    );
  }

  since(seq: number, limit = 500): PartnerEvent[] {
    return rows<EventRow>(this.db, 'SELECT * FROM partner_events WHERE seq > ? ORDER BY seq LIMIT ?', seq, limit).map(toEvent);
  }

  recent(limit = 100): PartnerEvent[] {
    return rows<EventRow>(this.db, 'SELECT * FROM partner_events ORDER BY seq DESC LIMIT ?', limit).map(toEvent);
  }

  subscribe(fn: (e: PartnerEvent) => void): () => void {
    this.emitter.on('event', fn);
    return () => this.emitter.off('event', fn);
  }
}
