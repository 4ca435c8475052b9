import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { envelope } from './http-error.js';

/**
 * Serves the built SPA (dist/): hashed assets cached for a year (their name changes with their
 * content) and sent pre-compressed when the browser takes it (the build writes .br and .gz beside
 * them: scripts/precompress.ts), index.html revalidated at each visit, and every other browser
 * navigation answered with that same index.html (client-side routes). The page is the same file
 * for everyone: the app reads its data itself.
 */
export const staticFiles = fp<{ dir: string }>(
  async (app, { dir }) => {
    const root = resolve(dir);
    const hasApp = existsSync(resolve(root, 'index.html'));
    if (hasApp) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders: (res, path) => {
          void res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler(async (req, reply) => {
      const wantsHtml = req.method === 'GET' && !req.url.startsWith('/api/') && (req.headers.accept ?? '').includes('text/html');
      if (hasApp && wantsHtml) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply.code(404).send(envelope('NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0] ?? ''}`, String(req.id)));
    });
  },
  // fastify-plugin: the not-found handler (the SPA's routes, the 404 envelope) is the whole server's
  { name: 'static-files', fastify: '5.x' },
);
