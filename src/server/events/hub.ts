import { EventEmitter } from 'node:events';
import type { PartnerEvent } from '../../contract/session.js';
import type { Bus } from '../db/bus.js';
import type { ServerDb, Tables } from '../db/db.js';
import { inTransaction } from '../db/transaction.js';
import type { Cause } from './causes.js';

type EventRow = Omit<Tables['partner_events'], 'seq'> & { seq: number };

/** A received event as the log holds it: the partner's event and who made the state it reports (null: the partner). */
export type LoggedEvent = Omit<PartnerEvent, 'own' | 'write'> & { cause: Cause | null };

const toEvent = (r: EventRow): LoggedEvent => {
  const p = JSON.parse(r.payload) as { createdAt?: string; data?: Record<string, unknown> };
  return {
    seq: Number(r.seq),
    id: r.id,
    type: r.type,
    createdAt: p.createdAt ?? r.received_at,
    receivedAt: r.received_at,
    data: p.data ?? {},
    cause: r.caused_by ? { by: r.caused_by, write: r.caused_write } : null,
  };
};

/**
 * An event as one person is shown it: whether it reports her own write (the screen says nothing
 * of it then), and that write's id (the tab that sent it has refreshed after it). Who else wrote is
 * not said.
 */
export function asSeenBy(e: LoggedEvent, email: string): PartnerEvent {
  const { cause, ...event } = e;
  const own = cause !== null && cause.by === email;
  return { ...event, own, write: own ? cause.write : null };
}

/**
 * Received partner events: stored once per id in the shared event log (one global sequence, so a
 * stream's Last-Event-ID means the same on every replica), then announced on the bus; every
 * replica reads the announced event and fans it out to its own subscribers (caches, then streams).
 */
export class EventHub {
  private readonly emitter = new EventEmitter();
  /** The highest sequence number fanned out here (to catch up after the bus was lost). */
  private delivered = 0;
  private readonly stopListening: () => void;

  constructor(
    private readonly db: ServerDb,
    private readonly bus: Bus,
    private readonly log: { warn: (obj: object, msg: string) => void },
  ) {
    this.emitter.setMaxListeners(0);
    this.stopListening = bus.subscribe((m, fromSelf) => {
      // this replica's own events were fanned out here when recorded
      if (m.kind === 'event' && !fromSelf) void this.deliver(m.seq);
      else if (m.kind === 'resync') void this.catchUp();
    });
  }

  /** Starts numbering from what the log holds (what came before is replayed by Last-Event-ID only). */
  async start(): Promise<void> {
    const r = await this.db
      .selectFrom('partner_events')
      .select((eb) => eb.fn.max('seq').as('top'))
      .executeTakeFirst();
    this.delivered = Number(r?.top ?? 0);
  }

  /** The highest sequence number fanned out here: where a stream opened now starts. */
  get top(): number {
    return this.delivered;
  }

  private emit(r: EventRow): void {
    const e = toEvent(r);
    if (e.seq > this.delivered) this.delivered = e.seq;
    this.emitter.emit('event', e);
  }

  private async deliver(seq: number): Promise<void> {
    try {
      const r = await this.db.selectFrom('partner_events').selectAll().where('seq', '=', seq).executeTakeFirst();
      if (r) this.emit(r);
    } catch (err) {
      this.log.warn({ err, seq }, 'could not read an announced partner event');
    }
  }

  private async catchUp(): Promise<void> {
    try {
      for (const r of await this.rowsSince(this.delivered, 500)) if (!r.id.startsWith('dashboard-')) this.emit(r);
    } catch (err) {
      this.log.warn({ err }, 'could not catch up with the event log');
    }
  }

  /**
   * Stores the event; false when its id was already received, by this replica or another (a
   * duplicate delivery). A new event is fanned out on this replica before this answers (its caches
   * have forgotten what it touched when the partner hears "received"), then announced to the others.
   */
  async record(id: string, type: string, payload: string, change?: (trx: ServerDb) => Promise<Cause | null>): Promise<boolean> {
    const row = {
      id,
      type,
      payload,
      received_at: new Date().toISOString(),
      caused_by: null as string | null,
      caused_write: null as string | null,
    };
    // the event's id and the change it caused (the read model, re-read from the partner) commit
    // together: a duplicate delivery changes nothing, a failed change records no id (the partner
    // retries); the change says who made the state the event reports (events/causes.ts)
    const inserted = await inTransaction(this.db, async (trx) => {
      const r = await trx
        .insertInto('partner_events')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('seq')
        .executeTakeFirst();
      const cause = r && change ? await change(trx) : null;
      if (r && cause) {
        await trx.updateTable('partner_events').set({ caused_by: cause.by, caused_write: cause.write }).where('seq', '=', r.seq).execute();
        row.caused_by = cause.by;
        row.caused_write = cause.write;
      }
      return r;
    });
    if (!inserted) return false;
    const seq = Number(inserted.seq);
    this.emit({ ...row, seq });
    await this.bus.publish({ kind: 'event', seq });
    return true;
  }

  /** Whether an event with this id was received already (a duplicate is answered without re-reading the partner). */
  async known(id: string): Promise<boolean> {
    return (await this.db.selectFrom('partner_events').select('seq').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /** One stored event by the partner's id (undefined: not received). */
  async byId(id: string): Promise<LoggedEvent | undefined> {
    const r = await this.db.selectFrom('partner_events').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toEvent(r) : undefined;
  }

  private rowsSince(seq: number, limit: number): Promise<EventRow[]> {
    return this.db.selectFrom('partner_events').selectAll().where('seq', '>', seq).orderBy('seq').limit(limit).execute();
  }

  async since(seq: number, limit = 500): Promise<LoggedEvent[]> {
    return (await this.rowsSince(seq, limit)).map(toEvent);
  }

  async recent(limit = 100): Promise<LoggedEvent[]> {
    return (await this.db.selectFrom('partner_events').selectAll().orderBy('seq', 'desc').limit(limit).execute()).map(toEvent);
  }

  subscribe(fn: (e: LoggedEvent) => void): () => void {
    this.emitter.on('event', fn);
    return () => this.emitter.off('event', fn);
  }

  close(): void {
    this.stopListening();
  }
}
