import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_FILE_BYTES } from '../contract/files.js';
import { authPlugin } from './auth/plugin.js';
import { SessionStore } from './auth/sessions.js';
import { UserDirectory } from './auth/users.js';
import type { Config } from './config.js';
import { openServerDb } from './db.js';
import { EventHub } from './events/hub.js';
import { eventRoutes } from './events/routes.js';
import { exportRoutes } from './exports/routes.js';
import { registerErrorHandler } from './http-error.js';
import { inboxRoutes } from './inbox/routes.js';
import { InboxService } from './inbox/service.js';
import { backofficeProxy } from './routes/backoffice.js';
import { IntermediaryScope } from './routes/intermediary-scope.js';
import { proxyRoutes } from './routes/proxy.js';
import { staticFiles } from './static.js';
import { Upstream } from './upstream/client.js';
import { IdempotencyStore } from './upstream/idempotency.js';
import { TodayProvider } from './upstream/today.js';
import { webhookReceiver } from './webhooks/receiver.js';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface ServerOptions {
  config: Config;
  /** false: silent; a stream: structured logs written there (tests read them). */
  logger?: boolean | { write: (line: string) => void };
  users?: UserDirectory;
  loginRateLimit?: { max: number; timeWindow: number };
  heartbeatMs?: number;
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
    trustProxy: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = openServerDb(config.dataDir);
  const upstream = new Upstream({ baseUrl: config.upstreamUrl, token: config.partnerToken, timeoutMs: config.upstreamTimeoutMs });
  const today = new TodayProvider(config.mode, upstream);
  const sessions = new SessionStore(db, config.sessionIdleMs);
  const idempotency = new IdempotencyStore(db);
  const hub = new EventHub(db);
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

  // Cross-cutting, in order: request id, errors, security headers, compression, cookies.
  app.addHook('onRequest', async (req, reply) => {
    void reply.header('x-request-id', req.id);
  });
  registerErrorHandler(app);
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
  app.get('/readyz', async (_req, reply) => {
    const ok = await upstream.reachable();
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'upstream unreachable', mode: config.mode });
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
    });
    await inboxRoutes(api, inbox); // first: its hook sees the proxy's and the back office's writes
    await proxyRoutes(api, { upstream, scope, idempotency, today, publicOrigin: config.publicOrigin });
    await eventRoutes(api, hub, o.heartbeatMs);
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
