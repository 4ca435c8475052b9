import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_FILE_BYTES } from '../contract/files.js';
import { guardBodyRate, type BodyRateOptions } from '../platform/body-rate.js';
import { Clock } from './clock.js';
import type { Organization, SandboxContext } from './context.js';
import { one, openDatabase, run, tx } from './db/database.js';
import { AppError, SAFE_REQUEST_ID, registerErrorHandler } from './errors.js';
import { backofficeRoutes } from './backoffice.js';
import { claimRoutes } from './routes/claims.js';
import { projectRoutes } from './routes/projects.js';
import { DEMO_ORGANIZATIONS } from './seed/organizations.js';
import { clearData, seedDemoData, type SeedScale } from './seed/demo.js';
import { Outbox, WebhookDeliverer, type DelivererOptions } from './webhooks.js';
import { API_DESCRIPTION } from './openapi.js';

declare module 'fastify' {
  interface FastifyRequest {
    org: Organization;
  }
}

export interface SandboxOptions {
  dataDir: string;
  logger?: FastifyServerOptions['logger'];
  /** Webhook URL of every API key; null: events are recorded but not delivered. */
  webhookUrl?: string | null;
  /** Base URL of the tenants' public links. */
  publicBaseUrl?: string;
  now?: () => Date;
  webhooks?: DelivererOptions & { deliver?: boolean };
  /** Demo data on first start (default true). */
  seed?: boolean;
  /** How much demo data a fresh start (and a reset) seeds. */
  seedScale?: SeedScale;
  /** Minimum body rate and longest body (tests make them short). */
  bodyRate?: Partial<BodyRateOptions>;
  /** Observes every request received (tests count what reaches the sandbox). */
  onRequest?: (method: string, url: string) => void;
}

export interface Sandbox {
  app: FastifyInstance;
  ctx: SandboxContext;
  deliverer: WebhookDeliverer;
  reset: () => void;
}

/** Builds the partner-service sandbox without listening: main.ts listens, tests inject or listen on port 0. */
export async function buildSandbox(options: SandboxOptions): Promise<Sandbox> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    requestTimeout: 10 * 60_000,
    connectionTimeout: 5 * 60_000,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = openDatabase(options.dataDir);
  const clock = new Clock(db, options.now);
  const outbox = new Outbox(db, () => clock.timestamp());
  const ctx: SandboxContext = { db, clock, outbox, publicBaseUrl: options.publicBaseUrl ?? 'http://127.0.0.1:4010' };

  for (const org of DEMO_ORGANIZATIONS) {
    run(
      db,
      `INSERT INTO organizations (id, name, api_key, webhook_url, webhook_secret) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT(id) DO UPDATE SET webhook_url = excluded.webhook_url`,
      org.id,
      org.name,
      org.apiKey,
      options.webhookUrl ?? null,
      org.webhookSecret,
    );
  }
  const reset = () => {
    tx(db, () => {
      clearData(db);
      clock.reset();
    });
    seedDemoData(ctx, options.seedScale); // in batches of transactions (a large seed stays small in memory)
  };
  if ((options.seed ?? true) && !one(db, 'SELECT 1 AS x FROM projects LIMIT 1')) reset();

  const deliverer = new WebhookDeliverer(db, app.log, options.webhooks);
  if (options.webhooks?.deliver ?? true) deliverer.start();

  app.addHook('onRequest', async (req, reply) => {
    options.onRequest?.(req.method, req.url);
    void reply.header('x-request-id', req.id);
  });
  registerErrorHandler(app);
  guardBodyRate(app, {
    ...options.bodyRate,
    error: () => new AppError('REQUEST_TIMEOUT', 'The request body arrived too slowly and was cut off.'),
  });
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Rental guarantee partner service — sandbox', version: '1.0.0', description: API_DESCRIPTION },
      servers: [{ url: ctx.publicBaseUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/public/projects/:id', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="fr"><meta charset="utf-8"><title>Parcours locataire</title><p>Parcours locataire (bac à sable) : le locataire reprend ici son dossier.</p></html>',
      ),
  );

  await app.register(async (api) => {
    api.addHook('onRequest', async (req) => {
      const header = req.headers.authorization;
      const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      const org = token ? one<Organization>(db, 'SELECT id, name FROM organizations WHERE api_key = ?', token) : undefined;
      if (!org) throw new AppError('UNAUTHENTICATED', 'Missing or unknown bearer token: send Authorization: Bearer <ACCESS_TOKEN>.');
      req.org = { id: org.id, name: org.name };
    });
    await api.register(projectRoutes(ctx));
    await api.register(claimRoutes(ctx));
    await api.register(backofficeRoutes(ctx, reset));
  });

  app.addHook('onClose', async () => {
    await deliverer.stop();
    db.close();
  });
  return { app, ctx, deliverer, reset };
}
