import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { MAX_FILE_BYTES } from '../../contract/files.js';
import { guardBodyRate, type BodyRateOptions } from '../../platform/body-rate.js';
import { checkHost } from '../host.js';
import { HttpError } from '../http-error.js';

export interface SecurityOptions {
  allowedHosts: readonly string[];
  sessionSecret: string;
  /** Minimum body rate and longest body (tests make them short). */
  bodyRate?: Partial<BodyRateOptions>;
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
    await app.register(cookie, { secret: o.sessionSecret });
    await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1 } });
  },
  // fastify-plugin: its hooks and the request decorators of cookie and multipart serve every route
  { name: 'security', fastify: '5.x' },
);
