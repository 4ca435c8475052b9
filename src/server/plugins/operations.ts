import { createHash, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import underPressure from '@fastify/under-pressure';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { HttpError } from '../http-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The forwarded operation's id (listProjects…), set by the proxy: the metrics' label. */
    operation: string | null;
  }
  interface FastifyContextConfig {
    /**
     * @fastify/under-pressure: a route's own answer under pressure: undefined lets the request
     * through (the liveness probe never sheds), a value is sent as the answer.
     */
    pressureHandler?: (req: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => unknown;
  }
}

export interface OperationsOptions {
  /** Bearer token GET /metrics requires; null: /metrics answers 404. */
  metricsToken: string | null;
  /** Load shedding: mean event-loop delay (ms) above which requests get 503 SERVER_BUSY. */
  maxEventLoopDelayMs: number;
  /** How often the event loop is sampled (ms; default SAMPLE_INTERVAL_MS, tests make it short). */
  sampleIntervalMs?: number;
  /** Seconds a shed client is told to wait (Retry-After). */
  retryAfterSeconds?: number;
  /**
   * A pressure of another kind than the event loop's delay, read every sample (under-pressure's
   * health check): true while the server should shed. Unset in production; the tests give one
   * they control, since a delay they cause in their own process is judged by timers whose order
   * they do not control.
   */
  overloaded?: () => boolean;
  /** Open server-sent event streams (gauge). */
  sseClients: () => number;
  /** The database's size in bytes. */
  databaseSize?: () => Promise<number>;
  /** The connection pool's clients by state (PostgreSQL: total, idle, waiting), read at each scrape; absent on SQLite. */
  databaseStats?: () => { total: number; idle: number; waiting: number };
  /** Whether the read model's first sync has completed, read at each scrape. */
  firstSyncCompleted?: () => Promise<boolean>;
}

/** Seconds a client shed under load is told to wait. */
export const RETRY_AFTER_SECONDS = 5;
/** The event loop's delay is judged over windows this long (ms). */
export const SAMPLE_INTERVAL_MS = 250;
/** Windows a request told "under pressure" waits for, to be shed only if the loop still lags in one of them. */
const WINDOWS_TO_CONFIRM = 3;

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/**
 * What an operator needs to run replicas: load shedding (@fastify/under-pressure: a 503
 * SERVER_BUSY with Retry-After while the event loop lags, so a load balancer or the browser tries
 * again later instead of every request getting slower) and Prometheus metrics at GET /metrics
 * (bearer METRICS_TOKEN): requests and latency per operation id (a route's pattern or the
 * forwarded operation, never a raw URL: bounded labels), upstream errors and timeouts by code,
 * webhook lag, SSE clients, database figures, and Node's process metrics.
 */
export const operationsPlugin = fp<OperationsOptions>(
  async (app, o) => {
    const retryAfter = o.retryAfterSeconds ?? RETRY_AFTER_SECONDS;
    const interval = o.sampleIntervalMs ?? SAMPLE_INTERVAL_MS;
    const overloaded = o.overloaded;
    await app.register(underPressure, {
      maxEventLoopDelay: o.maxEventLoopDelayMs,
      sampleInterval: interval,
      retryAfter,
      ...(overloaded ? { healthCheck: async () => !overloaded(), healthCheckInterval: interval } : {}),
      // The plugin judges the window before the request: a single long task (an export's page,
      // a sync batch) fills a window alone (its mean delay is that task's length; a window with
      // no sample at all reads as Infinity), and everything queued behind it would be refused.
      // A request told "under pressure" waits for the next windows instead, and is refused only
      // if the loop still lags in each of them: sustained overload still sheds, a stall does not.
      pressureHandler: async (_req, reply, type, value) => {
        for (let i = 0; i < WINDOWS_TO_CONFIRM; i++) {
          await sleep(interval);
          if (!app.isUnderPressure()) return;
        }
        void reply.header('retry-after', String(retryAfter));
        throw new HttpError('SERVER_BUSY', undefined, undefined, { pressure: type, value });
      },
    });

    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    app.decorateRequest('operation', null);
    const requests = new Counter({
      name: 'dashboard_http_requests_total',
      help: 'Requests answered, by operation (forwarded operation id or route pattern), method and status',
      labelNames: ['operation', 'method', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'dashboard_http_request_duration_seconds',
      help: 'Time to answer, by operation (forwarded operation id or route pattern)',
      labelNames: ['operation'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 30],
      registers: [registry],
    });
    const upstreamErrors = new Counter({
      name: 'dashboard_upstream_errors_total',
      help: 'Partner service failures by code: UPSTREAM_TIMEOUT, UPSTREAM_UNAVAILABLE, UPSTREAM_OUTCOME_UNKNOWN, UPSTREAM_INVALID, UPSTREAM_AUTH',
      labelNames: ['code'] as const,
      registers: [registry],
    });
    const shed = new Counter({
      name: 'dashboard_shed_requests_total',
      help: 'Requests refused with 503 SERVER_BUSY while the event loop lagged',
      registers: [registry],
    });
    const webhookLag = new Histogram({
      name: 'dashboard_webhook_lag_seconds',
      help: 'Delay between a partner event being signed (webhook-timestamp) and its receipt here',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 300],
      registers: [registry],
    });
    new Gauge({
      name: 'dashboard_sse_clients',
      help: 'Open server-sent event streams',
      registers: [registry],
      collect() {
        this.set(o.sseClients());
      },
    });
    new Gauge({
      name: 'dashboard_database_size_bytes',
      help: 'Size of the server database (SQLite: its pages; PostgreSQL: pg_database_size)',
      registers: [registry],
      async collect() {
        // the database out of reach: 0 (/readyz tells why)
        if (o.databaseSize) this.set(await o.databaseSize().catch(() => 0));
      },
    });
    if (o.firstSyncCompleted) {
      const completed = o.firstSyncCompleted;
      new Gauge({
        name: 'dashboard_read_model_first_sync_completed',
        help: 'Read model: 1 once its first sync with the partner has completed, 0 while never synced (lists incomplete, exports refused)',
        registers: [registry],
        async collect() {
          // the database out of reach: 0 (/readyz tells why)
          this.set((await completed().catch(() => false)) ? 1 : 0);
        },
      });
    }
    if (o.databaseStats) {
      const stats = o.databaseStats;
      new Gauge({
        name: 'dashboard_database_pool_clients',
        help: 'PostgreSQL connection pool: clients open (total), of which idle, and queries waiting for a client (waiting)',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          for (const [state, n] of Object.entries(stats())) this.set({ state }, n);
        },
      });
    }

    /** A bounded label: the forwarded operation's id, else the route's pattern; never the raw URL. */
    const operationOf = (req: FastifyRequest) => req.operation ?? req.routeOptions.url ?? 'unmatched';
    app.addHook('onResponse', async (req, reply) => {
      const operation = operationOf(req);
      requests.inc({ operation, method: req.method, status: String(reply.statusCode) });
      duration.observe({ operation }, reply.elapsedTime / 1000);
      if (operation === '/webhooks/partner' && reply.statusCode === 200) {
        const signedAt = Number(req.headers['webhook-timestamp']);
        if (Number.isFinite(signedAt)) webhookLag.observe(Math.max(0, Date.now() / 1000 - signedAt));
      }
    });
    app.addHook('onError', async (_req, _reply, err) => {
      if (err instanceof HttpError && err.code.startsWith('UPSTREAM_')) upstreamErrors.inc({ code: err.code });
      if (err instanceof HttpError && err.code === 'SERVER_BUSY') shed.inc();
    });

    const expected = o.metricsToken ? sha256(o.metricsToken) : null;
    app.get('/metrics', { schema: { hide: true }, config: { access: 'credential' } }, async (req, reply) => {
      if (!expected) throw new HttpError('NOT_FOUND', 'Metrics are off: set METRICS_TOKEN to expose them.');
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!given || !timingSafeEqual(sha256(given), expected))
        throw new HttpError('UNAUTHENTICATED', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.');
      void reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  },
  // fastify-plugin: the load shedding and the metrics hooks serve every route of the server
  { name: 'operations', fastify: '5.x' },
);
