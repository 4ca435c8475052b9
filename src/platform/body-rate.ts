import type { FastifyInstance } from 'fastify';

/**
 * Node-side helpers shared by the sandbox and the dashboard server (src/platform imports neither,
 * nor the web app). This one cuts request bodies that arrive too slowly.
 */
export interface BodyRateOptions {
  /** Each window must bring at least this many bytes per second of body. */
  minBytesPerSecond: number;
  windowMs: number;
  /** A body never takes longer than this, whatever its rate. */
  maxBodyMs: number;
}

/**
 * 1 KB/s over 30 s windows: a phone on a poor mobile link sends far more; a client trickling a
 * byte every few seconds (holding a connection and a spool file) is cut within 30 s. 10 minutes
 * at most for a body: 10 MB at 17 KB/s.
 */
export const BODY_RATE_DEFAULTS: BodyRateOptions = { minBytesPerSecond: 1024, windowMs: 30_000, maxBodyMs: 10 * 60_000 };

/**
 * Watches each request that has a body until it is fully received: when a window brings less than
 * the minimum rate (or the body takes too long), the body stream fails with `error()` so the route
 * answers it (408) and the connection closes after the answer.
 */
export function guardBodyRate(app: FastifyInstance, options: Partial<BodyRateOptions> & { error: () => Error }): void {
  const o = { ...BODY_RATE_DEFAULTS, ...options };
  const minPerWindow = (o.minBytesPerSecond * o.windowMs) / 1000;
  app.addHook('onRequest', async (req, reply) => {
    const raw = req.raw;
    const hasBody = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;
    if (!hasBody || raw.complete) return;
    const socket = raw.socket;
    const started = Date.now();
    let seen = socket.bytesRead;
    const stop = () => clearInterval(timer);
    const cut = () => {
      stop();
      void reply.header('connection', 'close');
      reply.raw.once('finish', () => socket.destroy());
      // the body's reader (JSON parser, multipart) fails with the error and the route answers it;
      // nobody reading yet: nothing can be answered, the connection is closed
      if (raw.listenerCount('error') > 0) raw.emit('error', o.error());
      else socket.destroy();
    };
    const timer = setInterval(() => {
      if (raw.complete || raw.destroyed || reply.raw.headersSent) return stop();
      const now = socket.bytesRead;
      const slow = now - seen < minPerWindow;
      seen = now;
      if (slow || Date.now() - started > o.maxBodyMs) cut();
    }, o.windowMs);
    timer.unref();
    raw.once('end', stop);
    raw.once('close', stop);
  });
}
