import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_FILE_BYTES } from '../contract/files.js';
import { authPlugin } from './auth/plugin.js';
import { claimFileRoutes } from './claim-files/routes.js';
import { ClaimFileStore } from './claim-files/store.js';
import { SessionStore } from './auth/sessions.js';
import { UserDirectory } from './auth/users.js';
import type { Config } from './config.js';
import { openServerDb } from './db.js';
import { EventHub } from './events/hub.js';
import { eventRoutes } from './events/routes.js';
import { StreamRegistry } from './events/streams.js';
import { exportRoutes } from './exports/routes.js';
import { HttpError, registerErrorHandler } from './http-error.js';
import { checkHost } from './host.js';
import { guardBodyRate, type BodyRateOptions } from '../platform/body-rate.js';
import { inboxRoutes } from './inbox/routes.js';
import { InboxService } from './inbox/service.js';
import { backofficeProxy } from './routes/backoffice.js';
import { IntermediaryScope } from './routes/intermediary-scope.js';
import { proxyRoutes } from './routes/proxy.js';
import { DeclarantStore } from './settings/declarant-store.js';
import { settingsRoutes } from './settings/routes.js';
import { staticFiles } from './static.js';
import { Upstream } from './upstream/client.js';
import { IdempotencyStore } from './upstream/idempotency.js';
import { TodayProvider } from './upstream/today.js';
import { sweepSpool } from './upstream/upload.js';
import { webhookReceiver } from './webhooks/receiver.js';

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
}

export interface DashboardServer {
  app: FastifyInstance;
  hub: EventHub;
  inbox: InboxService;
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
    trustProxy: config.trustProxy,
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

  const db = openServerDb(config.dataDir);
  const spoolDir = await sweepSpool(config.dataDir);
  const upstream = new Upstream({ baseUrl: config.upstreamUrl, token: config.partnerToken, timeoutMs: config.upstreamTimeoutMs });
  const today = new TodayProvider(config.mode, upstream);
  const sessions = new SessionStore(db, config.sessionIdleMs, o.now);
  const streams = new StreamRegistry();
  const idempotency = new IdempotencyStore(db);
  const hub = new EventHub(db);
  const declarant = new DeclarantStore(db);
  const claimFiles = new ClaimFileStore(db);
  const scope = new IntermediaryScope(upstream);
  const inbox = new InboxService(upstream, today, config.inboxCacheMs);
  // before any browser hears of an event: a claim created elsewhere widens what intermediaries
  // may read, and the inbox forgets what the event touched
  const unsubscribe = hub.subscribe((e) => {
    if (e.type === 'claim.created') scope.invalidate();
    inbox.onEvent(e);
  });
  const users = o.users ?? (config.usersFile ? UserDirectory.fromFile(config.usersFile) : await UserDirectory.sandbox());
  const housekeeping = setInterval(() => {
    sessions.purgeIdle();
    idempotency.purge();
  }, 10 * 60_000);
  housekeeping.unref();

  // Cross-cutting, in order: request id, errors, Host allow-list, body rate, security headers, compression, cookies.
  app.addHook('onRequest', async (req, reply) => {
    void reply.header('x-request-id', req.id);
  });
  registerErrorHandler(app);
  app.addHook('onRequest', async (req) => checkHost(req, config.allowedHosts));
  guardBodyRate(app, {
    ...o.bodyRate,
    error: () => new HttpError('REQUEST_TIMEOUT', 'The request body arrived too slowly and was cut off.'),
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1 } });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (req, reply) => {
    const state = await upstream.readiness();
    if (state === 'token refused') req.log.error('the partner service refuses PARTNER_API_TOKEN: check it (wrong, expired or revoked)');
    const status = { ready: 'ready', unreachable: 'upstream unreachable', 'token refused': 'upstream refuses the API token' }[state];
    return reply.code(state === 'ready' ? 200 : 503).send({ status, mode: config.mode });
  });

  await webhookReceiver(app, config.webhookSecret, hub);
  await app.register(async (api) => {
    await authPlugin(api, {
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
    await inboxRoutes(api, inbox); // first: its hook sees the proxy's and the back office's writes
    await proxyRoutes(api, {
      upstream,
      scope,
      idempotency,
      today,
      publicOrigin: config.publicOrigin,
      spoolDir,
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
    await settingsRoutes(api, { declarant, publicOrigin: config.publicOrigin });
    await claimFileRoutes(api, { files: claimFiles, scope });
    await eventRoutes(api, { hub, sessions, streams, heartbeatMs: o.heartbeatMs });
    await exportRoutes(api, { upstream, scope });
    if (config.mode === 'sandbox') await backofficeProxy(api, upstream, today, config.publicOrigin);
  });
  await staticFiles(app, config.staticDir);

  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    unsubscribe();
    await upstream.close();
    db.close();
  });
  return { app, hub, inbox };
}
