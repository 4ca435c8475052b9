import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { MAX_FILE_BYTES } from '../../contract/files.js';
import { guardBodyRate, type BodyRateOptions } from '../../platform/body-rate.js';
import { checkHost } from '../host.js';
import { HttpError } from '../http-error.js';

/** Addresses of a TCP peer on this machine (IPv4, IPv6, IPv4 mapped in IPv6). */
const LOOPBACK_PEERS = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface SecurityOptions {
  allowedHosts: readonly string[];
  sessionSecret: string;
  /** Minimum body rate and longest body (tests make them short). */
  bodyRate?: Partial<BodyRateOptions>;
  /** The server speaks HTTPS itself (a certificate): browsers reach it directly, no proxy beside it compresses. */
  tls?: boolean;
}

/**
 * What every request goes through, in order: the Host allow-list (DNS rebinding), the slow-body
 * guard, security headers with a strict CSP, compression, signed cookies, the multipart parser.
 */
export const securityPlugin = fp<SecurityOptions>(
  async (app, o) => {
    app.addHook('onRequest', async (req) => checkHost(req, o.allowedHosts));
    guardBodyRate(app, {
      ...o.bodyRate,
      error: () => new HttpError('REQUEST_TIMEOUT', 'The request body arrived too slowly and was cut off.'),
    });
    // helmet's middleware, built once (@fastify/helmet builds it again for every request: parsing
    // the CSP directives each time cost about 50 µs of every forwarded request)
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // the HEIC photo decoder (loaded only when such a photo is given) compiles WebAssembly in a
          // worker it starts from a blob: URL; still no eval, no inline script
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          workerSrc: ["'self'", 'blob:'],
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
    app.addHook('onRequest', (req, reply, done) =>
      securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined)),
    );
    // A peer on this machine (a reverse proxy beside the server, or a local browser) gains nothing
    // from compressed API answers and the server pays for each (a fifth of a forwarding hop's CPU):
    // only they skip it, through the plugin's own opt-out. Hashed assets are compressed for all.
    // Serving HTTPS itself, the server is what browsers reach (no proxy beside it terminates TLS
    // and compresses): every answer is compressed as for any browser.
    if (!o.tls)
      app.addHook('onRequest', async (req) => {
        if (req.url.startsWith('/api/') && LOOPBACK_PEERS.has(req.socket.remoteAddress ?? '')) req.headers['x-no-compression'] = 'loopback';
      });
    await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
    await app.register(cookie, { secret: o.sessionSecret });
    await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1 } });
  },
  // fastify-plugin: its hooks and the request decorators of cookie and multipart serve every route
  { name: 'security', fastify: '5.x' },
);
