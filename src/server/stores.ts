import { ClaimFileStore } from './claim-files/store.js';
import { SessionStore } from './auth/sessions.js';
import { openServerDb } from './db.js';
import { EventHub } from './events/hub.js';
import { DeclarantStore } from './settings/declarant-store.js';
import { IdempotencyStore } from './upstream/idempotency.js';

/**
 * The server's own state, opened once and handed to the plugins that need it (never reached
 * through a global): sessions, idempotent answers, received partner events, the declarant
 * details, the files sent to claims. A later store (another database) replaces this factory only.
 */
export interface ServerStores {
  sessions: SessionStore;
  idempotency: IdempotencyStore;
  hub: EventHub;
  declarant: DeclarantStore;
  claimFiles: ClaimFileStore;
  /** Forgets idle sessions and old idempotent answers (every 10 minutes). */
  purge: () => void;
  /** Resolves when the database answers (the readiness probe); rejects otherwise. */
  ready: () => Promise<void>;
  close: () => void;
}

export function openStores(dataDir: string, o: { sessionIdleMs: number; now?: () => number }): ServerStores {
  const db = openServerDb(dataDir);
  const sessions = new SessionStore(db, o.sessionIdleMs, o.now);
  const idempotency = new IdempotencyStore(db);
  return {
    sessions,
    idempotency,
    hub: new EventHub(db),
    declarant: new DeclarantStore(db),
    claimFiles: new ClaimFileStore(db),
    purge: () => {
      sessions.purgeIdle();
      idempotency.purge();
    },
    ready: async () => void db.prepare('SELECT 1').get(),
    close: () => db.close(),
  };
}
