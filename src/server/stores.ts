import { AgencyCopyStore } from './agency-copy/store.js';
import { AssignmentStore } from './assignments/store.js';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { databaseRateLimitStore, purgeRateLimits } from './auth/rate-limit-store.js';
import { AuditStore } from './audit/store.js';
import { ClaimFileStore } from './claim-files/store.js';
import { PaymentAllocationStore } from './payment-moves/store.js';
import { SessionStore, type SessionLimits } from './auth/sessions.js';
import { SsoLogins } from './auth/sso-logins.js';
import { SignInThrottle } from './auth/throttle.js';
import { UserDirectory, type User } from './auth/users.js';
import { RoundReadModel } from './round/read-model.js';
import { localBus, postgresBus, type Bus } from './db/bus.js';
import { migrate, openDatabase, databaseSize, ping, type Dialect, type PoolStats, type ServerDb } from './db/db.js';
import { ReminderStore } from './round/reminder-store.js';
import { WritesInFlight } from './events/causes.js';
import { EventHub } from './events/hub.js';
import { FollowStore } from './follows/store.js';
import { UNSUBSCRIBE_DAYS } from './follows/mail.js';
import { DeclarantStore } from './settings/declarant-store.js';
import { IdempotencyStore } from './upstream/idempotency.js';
import { ReadModelSearch } from './sync/search.js';
import { ReadModelLists } from './lists/read-model-lists.js';
import { InboxReads } from './inbox/reads.js';
import { ReadModelStore } from './sync/store.js';
import { UserLinks } from './team/links.js';
import { TeamService } from './team/service.js';

/**
 * The server's own state, opened once and handed to the plugins that need it (never reached
 * through a global): sessions, idempotent answers, received partner events, the declarant
 * details, the files sent to claims, the users, the sign-in throttle; and the bus that fans events
 * and cache invalidations out to every replica. SQLite in DATA_DIR by default, PostgreSQL (shared
 * by the replicas) when DATABASE_URL is a postgres:// URL.
 */
export interface ServerStores {
  dialect: Dialect;
  /** The database itself (the tests reach it, e.g. to fill SQLite's pages). */
  db: ServerDb;
  sessions: SessionStore;
  idempotency: IdempotencyStore;
  hub: EventHub;
  /** The dashboard's writes while they are at the partner: who made what the events report. */
  writes: WritesInFlight;
  declarant: DeclarantStore;
  claimFiles: ClaimFileStore;
  /** Each tenant payment's allocation as first seen (payments the partner moves are shown as moved). */
  paymentAllocations: PaymentAllocationStore;
  users: UserDirectory;
  /** The team's changes (invitations, roles, deactivation, reset links). */
  team: TeamService;
  throttle: SignInThrottle;
  /** The audit trail (append-only, hash-chained). */
  audit: AuditStore;
  /** The monthly round's reminders: sends claimed, each user's switch and language. */
  reminders: ReminderStore;
  /** What the agency sent at a project's creation (partner answers that lack it are filled from it). */
  agencyCopies: AgencyCopyStore;
  /** Who looks after a file: one colleague per project or claim. */
  assignments: AssignmentStore;
  /** Who follows which file, the notifications, e-mail choices and digests (follows/). */
  follows: FollowStore;
  /** Single sign-ons begun at the identity provider, each state used once. */
  ssoLogins: SsoLogins;
  /** The read model: the partner's projects, claims and months as last synced (sync/). */
  readModel: ReadModelStore;
  /** The monthly round's reads of it. */
  round: RoundReadModel;
  /** The global search over it. */
  search: ReadModelSearch;
  /** The claims and projects lists over it (lists/). */
  lists: ReadModelLists;
  /** The work queue's rows over it (inbox/). */
  inboxReads: InboxReads;
  /** @fastify/rate-limit's store: the per-address limits counted in the database (across replicas). */
  rateLimitStore: FastifyRateLimitStoreCtor;
  bus: Bus;
  /** Forgets idle sessions, old idempotent answers and forgotten sign-in failures, and audit records past retention (every 10 minutes). */
  purge: () => Promise<void>;
  /** Resolves when the database answers; throws when it does not (the readiness probe). */
  ready: () => Promise<void>;
  /** The database's size in bytes (the metrics). */
  size: () => Promise<number>;
  /** PostgreSQL: the connection pool's clients (total, idle, waiting); SQLite has no pool (null). */
  poolStats: (() => PoolStats) | null;
  close: () => Promise<void>;
}

export interface StoreOptions {
  dataDir: string;
  /** postgres://…: PostgreSQL; otherwise SQLite in dataDir. */
  databaseUrl?: string | null;
  /** How long sessions live: after the last activity, and after sign-in at most. */
  sessionLimits: SessionLimits;
  /** The users to seed (the users file, or the sandbox's demo users). */
  users: readonly User[];
  /** Audit records older than this many days are removed (AUDIT_RETENTION_DAYS). */
  auditRetentionDays?: number;
  now?: () => number;
  log: { warn: (obj: object, msg: string) => void };
}

/** Opens the database, applies its migrations, seeds the users and starts listening to the other replicas. */
export async function openStores(o: StoreOptions): Promise<ServerStores> {
  const { db, dialect, pgConfig, poolStats, close: closeDb } = openDatabase(o);
  let bus: Bus | null = null;
  try {
    await migrate(db, dialect);
    bus = pgConfig ? await postgresBus(db, pgConfig, o.log) : localBus();
    const users = new UserDirectory(db, bus, o.now);
    await users.seed(o.users);
    const hub = new EventHub(db, bus, o.log);
    await hub.start();
    const sessions = new SessionStore(db, o.sessionLimits, o.now, bus);
    const idempotency = new IdempotencyStore(db, { log: o.log });
    const throttle = new SignInThrottle(db, o.now);
    const audit = new AuditStore(db, dialect, o.now);
    const links = new UserLinks(db, o.now);
    const ssoLogins = new SsoLogins(db, o.now);
    const team = new TeamService(db, dialect, users, sessions, links, o.now);
    const b = bus;
    const writes = new WritesInFlight(db, { now: o.now });
    const follows = new FollowStore(db);
    return {
      dialect,
      db,
      sessions,
      idempotency,
      hub,
      writes,
      declarant: new DeclarantStore(db),
      claimFiles: new ClaimFileStore(db),
      paymentAllocations: new PaymentAllocationStore(db),
      reminders: new ReminderStore(db),
      users,
      team,
      throttle,
      audit,
      agencyCopies: new AgencyCopyStore(db, o.now),
      assignments: new AssignmentStore(db, o.now),
      follows,
      ssoLogins,
      readModel: new ReadModelStore(db, o.now),
      round: new RoundReadModel(db),
      search: new ReadModelSearch(db, dialect),
      lists: new ReadModelLists(db, dialect),
      inboxReads: new InboxReads(db, dialect),
      rateLimitStore: databaseRateLimitStore(db),
      bus: b,
      purge: async () => {
        await sessions.purgeEnded();
        await writes.purge();
        await idempotency.purge();
        await throttle.purge();
        await links.purge();
        await ssoLogins.purge();
        await purgeRateLimits(db);
        await audit.purge(o.auditRetentionDays ?? 1095);
        await follows.purge((o.now ?? Date.now)(), UNSUBSCRIBE_DAYS);
      },
      ready: () => ping(db),
      size: () => databaseSize(db, dialect),
      poolStats,
      close: async () => {
        hub.close();
        sessions.close();
        users.close();
        await b.close();
        await closeDb();
      },
    };
  } catch (err) {
    await bus?.close();
    await closeDb().catch(() => undefined);
    throw err;
  }
}
