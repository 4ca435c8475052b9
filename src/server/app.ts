import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { BodyRateOptions } from '../platform/body-rate.js';
import { authPlugin } from './auth/plugin.js';
import { sessionRoutes } from './auth/routes.js';
import { UserDirectory } from './auth/users.js';
import { claimFileRoutes } from './claim-files/routes.js';
import type { Config } from './config.js';
import type { EventHub } from './events/hub.js';
import { eventRoutes } from './events/routes.js';
import { StreamRegistry } from './events/streams.js';
import { exportRoutes } from './exports/routes.js';
import { healthRoutes } from './health/routes.js';
import { inboxRoutes } from './inbox/routes.js';
import { InboxService } from './inbox/service.js';
import { errorsPlugin } from './plugins/errors.js';
import { openApiPlugin } from './plugins/openapi.js';
import { operationsPlugin, type OperationsOptions } from './plugins/operations.js';
import { requestIdPlugin } from './plugins/request-id.js';
import { securityPlugin } from './plugins/security.js';
import { BACK_OFFICE_STEPS, backOfficeRoutes } from './routes/backoffice.js';
import { IntermediaryScope } from './routes/intermediary-scope.js';
import { proxyRoutes } from './routes/proxy.js';
import { settingsRoutes } from './settings/routes.js';
import { staticFiles } from './static.js';
import { openStores } from './stores.js';
import { Upstream } from './upstream/client.js';
import { TodayProvider } from './upstream/today.js';
import { sweepSpool } from './upstream/upload.js';
import { webhookRoutes } from './webhooks/receiver.js';

/** TRUST_PROXY=N: the peer and the next N-1 addresses of X-Forwarded-For are proxies. */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface ServerOptions {
  config: Config;
  /** false: silent; a stream: structured logs written there (tests read them). */
  logger?: boolean | { write: (line: string) => void };
  users?: UserDirectory;
  loginRateLimit?: { max: number; timeWindow: number };
  heartbeatMs?: number;
  /** Minimum body rate and longest body (tests make them short). */
  bodyRate?: Partial<BodyRateOptions>;
  /** The clock of sessions and sign-in throttling (tests move it). */
  now?: () => number;
  /** Load shedding's sampling and threshold (tests make them short to force it). */
  pressure?: Partial<Pick<OperationsOptions, 'sampleIntervalMs' | 'maxEventLoopDelayMs' | 'retryAfterSeconds'>>;
}

/** What an SSE client closed by a shutdown is told: reconnect after this many ms (to another replica, or this one restarted). */
export const SHUTDOWN_RETRY_MS = 1000;

export interface DashboardServer {
  app: FastifyInstance;
  hub: EventHub;
  inbox: InboxService;
  /** Every route registered, with its schema (the OpenAPI test and the route count read them). */
  routes: readonly Pick<RouteOptions, 'method' | 'url' | 'schema'>[];
}

/** Builds the dashboard server without listening (main.ts listens; tests listen on port 0). */
export async function buildServer(o: ServerOptions): Promise<DashboardServer> {
  const { config } = o;
  const app = Fastify({
    logger:
      o.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof o.logger === 'object' ? { stream: o.logger } : {}),
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
              censor: '[redacted]',
            },
          },
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
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: DashboardServer['routes'][number][] = [];
  app.addHook('onRoute', (r) => void routes.push({ method: r.method, url: r.url, schema: r.schema }));

  // State and services, built here and handed to the plugins that use them (stores.ts).
  const stores = openStores(config.dataDir, { sessionIdleMs: config.sessionIdleMs, now: o.now });
  const { sessions, idempotency, hub, declarant, claimFiles } = stores;
  const spoolDir = await sweepSpool(config.dataDir);
  const upstream = new Upstream({ baseUrl: config.upstreamUrl, token: config.partnerToken, timeoutMs: config.upstreamTimeoutMs });
  const today = new TodayProvider(config.mode, upstream);
  const streams = new StreamRegistry();
  const scope = new IntermediaryScope(upstream);
  const inbox = new InboxService(upstream, today, config.inboxCacheMs);
  // before any browser hears of an event: a claim created elsewhere widens what intermediaries
  // may read, and the inbox forgets what the event touched
  const unsubscribe = hub.subscribe((e) => {
    if (e.type === 'claim.created') scope.invalidate();
    inbox.onEvent(e);
  });
  const users = o.users ?? (config.usersFile ? UserDirectory.fromFile(config.usersFile) : await UserDirectory.sandbox());
  const housekeeping = setInterval(stores.purge, 10 * 60_000);
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
    databaseFiles: ['server.sqlite', 'server.sqlite-wal'].map((f) => join(config.dataDir, f)),
  });
  await app.register(securityPlugin, { allowedHosts: config.allowedHosts, sessionSecret: config.sessionSecret, bodyRate: o.bodyRate });
  await app.register(openApiPlugin, {
    mode: config.mode,
    sandboxUrl: config.mode === 'sandbox' ? config.upstreamUrl : null,
    backOffice: BACK_OFFICE_STEPS,
  });

  // 2. Routes outside the session: probes, partner webhooks.
  await app.register(healthRoutes, { upstream, mode: config.mode, database: () => stores.ready() });
  await app.register(webhookRoutes, { secret: config.webhookSecret, hub });

  // 3. /api: the session (auth), then each area's routes, each an encapsulated plugin.
  await app.register(async (api) => {
    await api.register(authPlugin, { users, sessions });
    await api.register(sessionRoutes, {
      users,
      sessions,
      today,
      mode: config.mode,
      cookieSecure: config.cookieSecure,
      publicOrigin: config.publicOrigin,
      sessionIdleMs: config.sessionIdleMs,
      loginRateLimit: o.loginRateLimit ?? { max: config.loginRateLimitPerMinute, timeWindow: 60_000 },
      hub,
      streams,
      now: o.now,
    });
    await api.register(inboxRoutes, { inbox });
    await api.register(proxyRoutes, {
      upstream,
      scope,
      idempotency,
      today,
      publicOrigin: config.publicOrigin,
      spoolDir,
      inbox,
      onClaimFileSent: (claimId, sent, by) => {
        const documentType = Number(sent.documentType);
        // the partner accepted the file: failing to note it must not turn that success into an error
        try {
          if (Number.isInteger(documentType)) claimFiles.record(claimId, { ...sent, documentType }, by);
        } catch (err) {
          app.log.error({ err, claimId }, 'could not record a sent claim file');
        }
      },
    });
    await api.register(settingsRoutes, { declarant, publicOrigin: config.publicOrigin });
    await api.register(claimFileRoutes, { files: claimFiles, scope });
    await api.register(eventRoutes, { hub, sessions, streams, heartbeatMs: o.heartbeatMs });
    await api.register(exportRoutes, { upstream, scope });
    if (config.mode === 'sandbox') await api.register(backOfficeRoutes, { upstream, today, publicOrigin: config.publicOrigin, inbox });
  });

  // 4. The built app and the not-found answer.
  await app.register(staticFiles, { dir: config.staticDir });

  // Shutdown (main.ts, SIGTERM): before the server waits for requests in flight, the event
  // streams (which never end by themselves) end with a retry hint; browsers reconnect elsewhere.
  // Answers finished while closing end their connection, or its keep-alive would hold the close up.
  let closing = false;
  app.addHook('onSend', async (_req, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    closing = true;
    streams.closeAll(SHUTDOWN_RETRY_MS);
  });
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    unsubscribe();
    await upstream.close();
    stores.close();
  });
  return { app, hub, inbox, routes };
}
