import { AgencyCopyUpstream } from './agency-copy/upstream.js';
import { randomUUID } from 'node:crypto';
import type { Http2SecureServer } from 'node:http2';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import pino from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { OPERATIONS, type Operation } from '../contract/paths.js';
import type { BodyRateOptions } from '../platform/body-rate.js';
import { accessPlugin } from './access/plugin.js';
import { ProjectScope } from './access/scope.js';
import { auditPlugin } from './audit/plugin.js';
import { auditRoutes } from './audit/routes.js';
import { authPlugin } from './auth/plugin.js';
import { sessionCookie } from './auth/cookie.js';
import { sessionRoutes } from './auth/routes.js';
import { SsoClient } from './auth/sso.js';
import { ssoRoutes } from './auth/sso-routes.js';
import { sandboxUsers, usersFromFile, type User } from './auth/users.js';
import { claimFileRoutes } from './claim-files/routes.js';
import type { Config } from './config.js';
import type { EventHub } from './events/hub.js';
import { eventRoutes } from './events/routes.js';
import { StreamRegistry } from './events/streams.js';
import { exportRoutes } from './exports/routes.js';
import { statsRoutes } from './stats/routes.js';
import { healthRoutes } from './health/routes.js';
import { inboxRoutes } from './inbox/routes.js';
import { listRoutes } from './lists/routes.js';
import { RoundReminders } from './round/reminders.js';
import { roundRoutes } from './round/routes.js';
import { errorsPlugin } from './plugins/errors.js';
import { openApiPlugin } from './plugins/openapi.js';
import { operationsPlugin, type OperationsOptions } from './plugins/operations.js';
import { requestIdPlugin } from './plugins/request-id.js';
import { securityPlugin } from './plugins/security.js';
import { BACK_OFFICE_STEPS, backOfficeRoutes } from './routes/backoffice.js';
import { proxyRoutes } from './routes/proxy.js';
import { paymentCheckRoutes } from './payment-moves/payment-check.js';
import { paymentMoveRoutes } from './payment-moves/routes.js';
import { PaymentMoves } from './payment-moves/service.js';
import { LeaseStarts } from './routes/lease-start.js';
import { paymentBefore } from './routes/payment-before.js';
import { settingsRoutes } from './settings/routes.js';
import { teamRoutes } from './team/routes.js';
import { accountRoutes } from './account/routes.js';
import { assignmentRoutes } from './assignments/routes.js';
import { followRoutes } from './follows/routes.js';
import { Notifier } from './follows/notifier.js';
import { NotificationMail } from './follows/mail.js';
import { staticFiles } from './static.js';
import { stopConnectionsGracefully } from './tls-stop.js';
import type { BusMessage } from './db/bus.js';
import { openStores, type ServerStores } from './stores.js';
import { tickEvery } from './mail/every.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { TodayProvider } from './upstream/today.js';
import { sweepSpool } from './upstream/upload.js';
import { webhookRoutes } from './webhooks/receiver.js';
import { PartnerReads } from './sync/partner.js';
import { firstSyncPending } from './sync/as-of.js';
import { claimReader, claimRoutes } from './sync/claim.js';
import { syncRoutes } from './sync/routes.js';
import { searchRoutes } from './sync/search-routes.js';
import { SYNC_DEFAULTS, SyncService, type SyncOptions } from './sync/service.js';

/** TRUST_PROXY=N: the peer and the next N-1 addresses of X-Forwarded-For are proxies. */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The access log: one line per request, when it is answered (method, URL, client, status, time,
 * forwarded operation), instead of Fastify's two (incoming, completed): each line costs the
 * forwarding hop. Errors are logged as Fastify does.
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, req, reply);
    req.log.info(
      {
        req: { method: req.method, url: req.url, remoteAddress: req.ip },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
        operation: req.operation ?? undefined,
      },
      'request completed',
    );
  }
}

export interface ServerOptions {
  config: Config;
  /** false: silent; a stream: structured logs written there (tests read them). */
  logger?: boolean | { write: (line: string) => void };
  /** The users to seed (default: the users file in live mode, the demo users in sandbox mode). */
  users?: User[];
  loginRateLimit?: { max: number; timeWindow: number };
  heartbeatMs?: number;
  /** Minimum body rate and longest body (tests make them short). */
  bodyRate?: Partial<BodyRateOptions>;
  /** The clock of sessions and sign-in throttling (tests move it). */
  now?: () => number;
  /** Load shedding's sampling and threshold (tests make them short), and a pressure the tests set. */
  pressure?: Partial<Pick<OperationsOptions, 'sampleIntervalMs' | 'maxEventLoopDelayMs' | 'retryAfterSeconds' | 'overloaded'>>;
  /** Outgoing mail (default: SMTP_URL's, or none). */
  mailer?: Mailer;
  /** How often the monthly round's reminders are checked (default 10 minutes; 0: never by itself, tests call tick). */
  reminderEveryMs?: number;
  /** How often the notifications' daily digests are checked (default 5 minutes; 0: never by itself, tests call tick). */
  digestEveryMs?: number;
  /** The read model's sync (default: SYNC_* of the config, in the background). */
  sync?: Partial<SyncOptions>;
}

/** What an SSE client closed by a shutdown is told: reconnect after this many ms (to another replica, or this one restarted). */
export const SHUTDOWN_RETRY_MS = 1000;

export interface DashboardServer {
  app: FastifyInstance;
  hub: EventHub;
  /** The database and the fan-out (the readiness probe calls stores.ready()). */
  stores: ServerStores;
  /** Outgoing mail: invitations, password resets, reminders (`enabled` false without SMTP_URL). */
  mailer: Mailer;
  /** The monthly round's e-mail reminders (tick: send what today calls for). */
  reminders: RoundReminders;
  /** The notifications made from changes, and their e-mails (tick: the daily digests due). */
  notifier: Notifier;
  notificationMail: NotificationMail;
  /** The read model's sync (tests run its initial sync and passes by hand). */
  sync: SyncService;
  /** Every route registered, with its schema and its access (the OpenAPI test, the route count and the access test read them). */
  routes: readonly Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>[];
}

/** Builds the dashboard server without listening (main.ts listens; tests listen on port 0). */
export async function buildServer(o: ServerOptions): Promise<DashboardServer> {
  const { config } = o;
  const options: FastifyServerOptions = {
    logger:
      o.logger === false
        ? false
        : {
            level: config.logLevel,
            // standard output written off the event loop (libuv's pool) in blocks of 4 KB, at least
            // every half second, instead of a blocking write per line: under load one write
            // carries many lines (the writes were a fifth of a forwarding hop's CPU at info).
            // Flushed by pino on exit.
            stream:
              typeof o.logger === 'object' ? o.logger : pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 500 }),
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
              censor: '[redacted]',
            },
          },
    logController: new AccessLog(),
    bodyLimit: 1024 * 1024,
    // a number of hops: the N closest addresses are proxies (Fastify itself treats a bare number
    // as "trust nothing"); addresses and CIDRs are checked against the peer, which is safer
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // whole request (headers and body) at most 10 minutes; an idle connection 5 minutes; and see guardBodyRate
    requestTimeout: 10 * 60_000,
    connectionTimeout: 5 * 60_000,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  };
  // With a certificate, HTTPS on one port: HTTP/2 for browsers (every request of every tab on one
  // connection), HTTP/1.1 for older clients (ALPN chooses). The routes and plugins see Node's
  // HTTP/2 compatibility request and response, which offer what they use of HTTP/1's, hence one
  // instance type for both.
  const app: FastifyInstance = config.tls
    ? (Fastify({
        ...(options as FastifyServerOptions<Http2SecureServer>),
        http2: true,
        https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key },
      }) as unknown as FastifyInstance)
    : Fastify(options);
  if (config.tls) stopConnectionsGracefully(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: DashboardServer['routes'][number][] = [];
  app.addHook('onRoute', (r) => void routes.push({ method: r.method, url: r.url, schema: r.schema, config: r.config }));

  // State and services, built here and handed to the plugins that use them (stores.ts).
  const stores = await openStores({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    sessionLimits: { idleMs: config.sessionIdleMs, absoluteMs: config.sessionMaxMs },
    users: o.users ?? (config.usersFile ? usersFromFile(config.usersFile) : await sandboxUsers()),
    auditRetentionDays: config.auditRetentionDays,
    now: o.now,
    log: app.log,
  });
  const { sessions, idempotency, hub, declarant, claimFiles, paymentAllocations, users, throttle, bus, rateLimitStore } = stores;
  const mailer = o.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const spoolDir = await sweepSpool(config.dataDir);
  // the partner client, with what the agency sent filled into project answers that lack it (the
  // spec's project answer carries neither the tenant's profile nor the metadata)
  const upstream = new AgencyCopyUpstream(
    { baseUrl: config.upstreamUrl, token: config.partnerToken, timeoutMs: config.upstreamTimeoutMs },
    stores.agencyCopies,
    app.log,
  );
  const today = new TodayProvider(config.mode, upstream);
  const streams = new StreamRegistry();
  const scope = new ProjectScope(upstream, stores.lists);
  const roundSources = { upstream, today, declarationDay: config.declarationDay, readModel: stores.round, sync: stores.readModel };
  const reminders = new RoundReminders({
    store: stores.reminders,
    mailer,
    sources: roundSources,
    origin: config.publicOrigin ?? `http://${config.host}:${config.port}`,
    log: app.log,
  });
  const now = o.now ?? Date.now;
  const origin = config.publicOrigin ?? `http://${config.host}:${config.port}`;
  let notificationMail: NotificationMail | null = null;
  const notifier = new Notifier({
    store: stores.follows,
    scope,
    bus,
    now,
    log: app.log,
    // e-mailed beside the change, as its notifications are made (idle waits for both)
    urgent: (to, id) => notifier.mail(async () => notificationMail?.urgent(to, id)),
  });
  notificationMail = new NotificationMail({
    store: stores.follows,
    mailer,
    notifier,
    secret: config.sessionSecret,
    origin,
    partnerNow: () => today.now('notification-digest'),
    log: app.log,
    now,
  });
  const mails = notificationMail;
  /** A notification's work never fails what caused it: logged, and the change stands. */
  const notifying = (what: () => Promise<unknown>) => notifier.run(what);
  stores.readModel.onProjectStatus = (c) => notifying(() => notifier.projectStatus(c.id, c.status, c.updatedAt, c.by));
  const notificationListeners = new Set<(ids: readonly string[]) => void>();
  // the open event streams, told when the partner's today moves (the sandbox's clock)
  const todayListeners = new Set<() => void>();
  const sync = new SyncService(
    stores.readModel,
    new PartnerReads(upstream),
    {
      ...SYNC_DEFAULTS,
      periodMs: config.syncPeriodMs,
      callsPerMinute: config.syncCallsPerMinute,
      leaseMs: config.syncLeaseMs,
      ...o.sync,
    },
    app.log,
    Date.now,
    () => today.today('sync'),
  );
  /** The read model re-reads what a write touched: a failure is logged, the next pass repairs it (the write stands). */
  const syncAfter = (what: () => Promise<unknown>) =>
    what().then(
      () => undefined,
      (err: unknown) => app.log.warn({ err }, 'read model: could not re-read after a write (the next pass will)'),
    );
  // A write through this replica is told to the other replicas through the bus (a clock move
  // or reset makes them read the sandbox's today again); a lost bus connection forgets it too.
  // The work queue, the lists and the scope read the read model, which the write re-read (syncAfter).
  const publish = (m: BusMessage) =>
    void bus.publish(m).catch((err: unknown) => app.log.warn({ err }, 'could not tell the other replicas of a write'));
  const sharedInbox = {
    onWrite: (op: Pick<Operation, 'id' | 'method' | 'area'>, params: readonly string[]) => {
      if (op.method !== 'GET') publish({ kind: 'write', op: { id: op.id, method: op.method, area: op.area }, params: [...params] });
    },
    onBackOfficeWrite: (area: 'claims' | 'projects' | 'everything', id: string | null) => {
      publish({ kind: 'backoffice', area, id });
    },
  };
  const unlisten = bus.subscribe((m, fromSelf) => {
    // a session ended on any replica (sign-out, deactivation): its event streams here end now
    if (m.kind === 'session-revoked') streams.closeSession(m.key);
    // someone's notifications changed (here or on another replica): her open tabs' bells
    if (m.kind === 'notifications') for (const fn of notificationListeners) fn(m.users);
    const everything = m.kind === 'backoffice' && m.area === 'everything';
    // (a step taken through this replica was forgotten here already)
    if ((everything && !fromSelf) || m.kind === 'resync') today.invalidate();
    // the sandbox's clock moved (a new day, the digest's hour may have come): every open tab reads its
    // data again, and the digests are looked at now rather than at the next tick, as a real day's
    // passing would find them within minutes
    if (everything) {
      for (const fn of todayListeners) fn();
      void mails.tick().catch((err: unknown) => app.log.warn({ err }, 'daily digests of notifications failed'));
    }
  });
  const housekeeping = setInterval(
    () => void stores.purge().catch((err: unknown) => app.log.warn({ err }, 'database housekeeping failed')),
    10 * 60_000,
  );
  housekeeping.unref();

  // 1. Cross-cutting, in order: request id, errors, security (Host allow-list, body rate, headers,
  //    compression, cookies, multipart), then the OpenAPI description that sees every route after it.
  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  await app.register(operationsPlugin, {
    metricsToken: config.metricsToken,
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
    ...o.pressure,
    sseClients: () => streams.total(),
    databaseSize: () => stores.size(),
    firstSyncCompleted: async () => (await firstSyncPending(stores.readModel)) === null,
    ...(stores.poolStats ? { databaseStats: stores.poolStats } : {}),
  });
  await app.register(securityPlugin, {
    allowedHosts: config.allowedHosts,
    sessionSecret: config.sessionSecret,
    bodyRate: o.bodyRate,
    tls: config.tls !== null,
  });
  await app.register(openApiPlugin, {
    mode: config.mode,
    sandboxUrl: config.mode === 'sandbox' ? config.upstreamUrl : null,
    backOffice: BACK_OFFICE_STEPS,
  });

  // 2. Routes outside the session: probes, partner webhooks.
  await app.register(healthRoutes, {
    upstream,
    mode: config.mode,
    database: () => stores.ready(),
    synced: async () => (await firstSyncPending(stores.readModel)) === null,
  });
  await app.register(webhookRoutes, {
    secret: config.webhookSecret,
    hub,
    onFresh: (id) =>
      notifying(async () => {
        const e = await hub.byId(id);
        if (e) await notifier.fromPartnerEvent(e);
      }),
    sync: {
      readFor: (type, data) => sync.readFor(type, data),
      apply: (snapshot, trx) => sync.apply(snapshot, trx),
      causeOf: (type, data, trx) => sync.causeOf(type, data, trx),
    },
  });

  // 3. /api: the session (auth), then each area's routes, each an encapsulated plugin.
  const cookie = sessionCookie(config.cookieSecure, config.sessionMaxMs);
  await app.register(async (api) => {
    await api.register(authPlugin, { users, sessions });
    await api.register(auditPlugin, {
      store: stores.audit,
      onRecorded: (w) => notifying(() => notifier.fromWrite(w)),
    });
    // after the audit trail's note: a refused write is recorded too
    await api.register(accessPlugin, { scope });
    await api.register(sessionRoutes, {
      users,
      sessions,
      throttle,
      today,
      mode: config.mode,
      cookie,
      publicOrigin: config.publicOrigin,
      loginRateLimit: o.loginRateLimit ?? { max: config.loginRateLimitPerMinute, timeWindow: 60_000 },
      rateLimitStore,
      streams,
      ssoName: config.sso?.providerName ?? null,
      localPasswords: config.localPasswords,
    });
    if (config.sso)
      await api.register(ssoRoutes, {
        sso: new SsoClient(config.sso, stores.ssoLogins),
        users,
        sessions,
        publicOrigin: config.publicOrigin,
        cookie,
        allowedDomains: config.sso.allowedDomains,
      });
    await api.register(inboxRoutes, { reads: stores.inboxReads, today });
    await api.register(listRoutes, { lists: stores.lists, today });
    await api.register(roundRoutes, {
      sources: roundSources,
      reminders: stores.reminders,
      mailConfigured: mailer.enabled,
      publicOrigin: config.publicOrigin,
    });
    const paymentMoves = new PaymentMoves(paymentAllocations, upstream, today);
    const leaseStarts = new LeaseStarts(stores.readModel, upstream);
    await api.register(proxyRoutes, {
      upstream,
      scope,
      idempotency,
      writes: stores.writes,
      today,
      leaseStart: (op, params, requestId) => leaseStarts.of(op, params, requestId),
      paymentBefore: (claimId, paymentId, requestId) => paymentBefore(upstream, claimId, paymentId, requestId),
      publicOrigin: config.publicOrigin,
      spoolDir,
      inbox: sharedInbox,
      onWritten: (op, params, answer) => syncAfter(() => sync.afterWrite(op, params, answer)),
      onClaimFileSent: (claimId, sent, by) => {
        const documentType = Number(sent.documentType);
        // the partner accepted the file: failing to note it must not turn that success into an error
        if (!Number.isInteger(documentType)) return;
        // dated on the partner's clock (the sandbox's in sandbox mode), like every date shown
        return today
          .now('claim-file')
          .then((at) => claimFiles.record(claimId, { ...sent, documentType }, by, at))
          .catch((err: unknown) => app.log.error({ err, claimId }, 'could not record a sent claim file'));
      },
      // a payment recorded, changed or deleted here: where the partner put it is its new start
      onPaymentWritten: (op, params, answer, requestId) =>
        (op === 'deletePayment' ? paymentMoves.deleted(params[1] ?? '') : paymentMoves.written(params[0] ?? '', answer, requestId)).catch(
          (err: unknown) => app.log.error({ err, params }, 'could not remember a payment allocation'),
        ),
    });
    await api.register(settingsRoutes, { declarant, publicOrigin: config.publicOrigin, today });
    await api.register(teamRoutes, {
      team: stores.team,
      users,
      sessions,
      throttle,
      mailer,
      publicOrigin: config.publicOrigin,
      cookie,
      linkRateLimit: o.loginRateLimit ?? { max: config.loginRateLimitPerMinute, timeWindow: 60_000 },
      rateLimitStore,
      localPasswords: config.localPasswords,
    });
    await api.register(accountRoutes, { users, sessions, publicOrigin: config.publicOrigin, localPasswords: config.localPasswords });
    await api.register(assignmentRoutes, {
      assignments: stores.assignments,
      users,
      upstream,
      scope,
      publicOrigin: config.publicOrigin,
      today,
    });
    await api.register(claimFileRoutes, { files: claimFiles });
    await api.register(paymentMoveRoutes, { moves: paymentMoves });
    const addPayment = OPERATIONS.find((op) => op.id === 'addPayment');
    await api.register(paymentCheckRoutes, {
      upstream,
      idempotency,
      today,
      publicOrigin: config.publicOrigin,
      // what follows a payment the partner recorded through the proxy, which the interrupted request never did
      onFound: async (claimId, payment, requestId) => {
        if (!addPayment) return;
        sharedInbox.onWrite(addPayment, [claimId]);
        await syncAfter(() => sync.afterWrite(addPayment, [claimId], payment));
        await paymentMoves
          .written(claimId, payment, requestId)
          .catch((err: unknown) => app.log.error({ err, claimId }, 'could not remember a payment allocation'));
      },
    });
    await api.register(eventRoutes, {
      hub,
      sessions,
      streams,
      heartbeatMs: o.heartbeatMs,
      // a project's events go to those whose scope holds it; a claim's to every role (every role reads the claims)
      maySee: async (role, e) => {
        const projectId = typeof e.data.projectId === 'string' ? e.data.projectId : null;
        if (!e.type.startsWith('project.') || !projectId) return true;
        return scope.allows(role, projectId, 'events');
      },
      notifications: {
        unread: (userId) => stores.follows.unread(userId),
        subscribe: (fn) => {
          notificationListeners.add(fn);
          return () => notificationListeners.delete(fn);
        },
      },
      todayMoved: (fn) => {
        todayListeners.add(fn);
        return () => todayListeners.delete(fn);
      },
    });
    await api.register(followRoutes, {
      store: stores.follows,
      notifier,
      db: stores.db,
      secret: config.sessionSecret,
      publicOrigin: config.publicOrigin,
      now,
    });
    const claim = claimReader(stores.readModel, sync);
    await api.register(claimRoutes, { claim });
    await api.register(exportRoutes, { upstream, lists: stores.lists, today, claim, firstSync: () => firstSyncPending(stores.readModel) });
    await api.register(statsRoutes, { upstream, today });
    await api.register(auditRoutes, { store: stores.audit, mode: config.mode });
    await api.register(syncRoutes, { sync, today });
    await api.register(searchRoutes, { search: stores.search, today });
    if (config.mode === 'sandbox')
      await api.register(backOfficeRoutes, {
        upstream,
        today,
        publicOrigin: config.publicOrigin,
        inbox: sharedInbox,
        afterStep: (area, id) => syncAfter(() => sync.afterBackOffice(area, id)),
      });
  });

  // 4. The built app and the not-found answer.
  await app.register(staticFiles, { dir: config.staticDir });

  // Shutdown (main.ts, SIGTERM): before the server waits for requests in flight, the event
  // streams (which never end by themselves) end with a retry hint; browsers reconnect elsewhere.
  // Answers finished while closing end their HTTP/1.1 connection, or its keep-alive would hold the
  // close up. HTTP/2 has no connection header (its connections are told to go, tls-stop.ts): one set
  // for HTTP/1.1's sake (Fastify's on a body it cannot parse, a body cut for its slowness) is not
  // sent there, where Node drops it with a warning.
  let closing = false;
  app.addHook('onSend', async (req, reply) => {
    if (req.raw.httpVersionMajor !== 1) reply.removeHeader('connection');
    else if (closing) void reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    closing = true;
    streams.closeAll(SHUTDOWN_RETRY_MS);
  });
  /** The mail rounds' timers, started once the server is ready. */
  const stopMailRounds: (() => void)[] = [];
  app.addHook('onReady', async () => {
    const reminderEveryMs = o.reminderEveryMs ?? 10 * 60_000;
    const digestEveryMs = o.digestEveryMs ?? 5 * 60_000;
    if (reminderEveryMs > 0)
      stopMailRounds.push(
        tickEvery(
          reminderEveryMs,
          () => reminders.tick(),
          (err) => app.log.warn({ err }, 'monthly round reminders failed'),
        ),
      );
    if (digestEveryMs > 0)
      stopMailRounds.push(
        tickEvery(
          digestEveryMs,
          () => mails.tick(),
          (err) => app.log.warn({ err }, 'daily digests of notifications failed'),
        ),
      );
    await sync.start();
  });
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    for (const stop of stopMailRounds) stop();
    await sync.stop();
    await notifier.idle();
    unlisten();
    await upstream.close();
    await stores.close();
    mailer.close();
  });
  return { app, hub, stores, mailer, reminders, notifier, notificationMail: mails, sync, routes };
}
