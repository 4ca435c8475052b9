import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { ServerDb } from './db.js';

/** What one replica tells the others (and itself): small, so it fits a NOTIFY payload. */
export type BusMessage =
  /** A partner event was stored under this sequence number: read it and push it to the streams. */
  | { kind: 'event'; seq: number }
  /** One of the spec's writes the partner accepted: forget what it touched. */
  | { kind: 'write'; op: { id: string; method: string; area: string }; params: string[] }
  /** A sandbox back-office step the sandbox accepted. */
  | { kind: 'backoffice'; area: 'claims' | 'projects' | 'everything'; id: string | null }
  /** These people's notifications changed (users.id): their open tabs' bells are told their unread count. */
  | { kind: 'notifications'; users: string[] }
  /** A session was ended (by its key, the hash of its id): every replica forgets it at once. */
  | { kind: 'session-revoked'; key: string }
  /**
   * A replica seeded or changed the users (users file, a team change: role, deactivation): every
   * replica forgets the users it holds; `nonce` lets the sender know its own message came back.
   */
  | { kind: 'users'; nonce?: string }
  /**
   * Said to this replica only: its listening connection is lost, it hears nothing until `resync`;
   * what only the bus keeps fresh (sessions and users held in memory) must not be trusted meanwhile.
   */
  | { kind: 'deaf' }
  /** What was said while this replica was not listening is unknown: forget every cache, catch up. */
  | { kind: 'resync' };

export type BusListener = (m: BusMessage, fromSelf: boolean) => void;

/** Fan-out between the replicas of the server (and within one): every listener of every replica hears every message. */
export interface Bus {
  /** Whether other processes hear what is published (PostgreSQL); a local bus delivers within publish. */
  shared: boolean;
  publish: (m: BusMessage) => Promise<void>;
  subscribe: (fn: BusListener) => () => void;
  close: () => Promise<void>;
}

const CHANNEL = 'dashboard_bus';
/** NOTIFY refuses payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7_500;

class Listeners {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  emit(m: BusMessage, fromSelf: boolean): void {
    this.emitter.emit('m', m, fromSelf);
  }
  subscribe(fn: BusListener): () => void {
    this.emitter.on('m', fn);
    return () => this.emitter.off('m', fn);
  }
}

/** One process (SQLite): the message goes to this process's listeners only. */
export function localBus(): Bus {
  const listeners = new Listeners();
  return {
    shared: false,
    publish: async (m) => listeners.emit(m, true),
    subscribe: (fn) => listeners.subscribe(fn),
    close: async () => undefined,
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY: messages are sent with pg_notify through the pool and heard on one
 * dedicated connection per replica; when that connection drops, it reconnects and says `resync`
 * to this replica's listeners (what was said meanwhile is lost, so every cache is forgotten and
 * the event streams catch up from the event log).
 */
export async function postgresBus(db: ServerDb, config: pg.ClientConfig, log: { warn: (obj: object, msg: string) => void }): Promise<Bus> {
  const replica = randomUUID();
  const listeners = new Listeners();
  let client: pg.Client | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const c = new pg.Client(config);
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        const { from, m } = JSON.parse(n.payload) as { from: string; m: BusMessage };
        listeners.emit(m, from === replica);
      } catch (err) {
        log.warn({ err }, 'unreadable bus message ignored');
      }
    });
    const lost = (err?: unknown) => {
      if (client !== c || closing) return;
      client = null;
      log.warn({ err }, 'database fan-out connection lost: reconnecting');
      listeners.emit({ kind: 'deaf' }, true);
      c.end().catch(() => undefined);
      scheduleReconnect();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
  };
  const scheduleReconnect = () => {
    if (closing || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => listeners.emit({ kind: 'resync' }, true),
        (err: unknown) => {
          log.warn({ err }, 'database fan-out reconnection failed');
          scheduleReconnect();
        },
      );
    }, 1_000);
    retry.unref();
  };
  await connect();

  return {
    shared: true,
    async publish(m) {
      let payload = JSON.stringify({ from: replica, m });
      // a write naming very long parameters: the others forget everything instead
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ from: replica, m: { kind: 'resync' } });
      await sql`SELECT pg_notify(${CHANNEL}, ${payload})`.execute(db);
    },
    subscribe: (fn) => listeners.subscribe(fn),
    async close() {
      closing = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
