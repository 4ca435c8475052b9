import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { envelope } from './http-error.js';

/**
 * The CSP sources of the built app's inline scripts (the app shell's, scripts/app-shell.ts): each
 * allowed by its hash, so the policy stays `script-src 'self'` for everything else.
 */
export function inlineScriptHashes(dir: string): string[] {
  const index = resolve(dir, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/** What the build wrote beside index.html (scripts/app-shell.ts): each page's code, by address. */
const preloadsSchema = z.object({ preloads: z.array(z.object({ pattern: z.string(), files: z.array(z.string()) })) });

/**
 * index.html for an address: the same page, with a modulepreload for the code of the page the
 * address names, so a phone fetches it beside the entry script instead of after running it.
 * Without preloads.json (an older build), index.html as it is.
 */
export function pageHtml(dir: string): (path: string) => string {
  const html = readFileSync(resolve(dir, 'index.html'), 'utf8');
  const file = resolve(dir, 'preloads.json');
  const { preloads } = existsSync(file) ? preloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : { preloads: [] };
  const pages = preloads.map(({ pattern, files }) => ({
    pattern: new RegExp(pattern),
    html: html.replace('</head>', `${files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('')}\n  </head>`),
  }));
  return (path) => pages.find((p) => p.pattern.test(path))?.html ?? html;
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * other browser navigation answered with index.html (client-side routes).
 */
export const staticFiles = fp<{ dir: string }>(
  async (app, { dir }) => {
    const root = resolve(dir);
    const hasApp = existsSync(resolve(root, 'index.html'));
    const htmlFor = hasApp ? pageHtml(root) : () => '';
    if (hasApp) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // the build writes each asset brotli- and gzip-compressed too (scripts/app-shell.ts)
        preCompressed: true,
        setHeaders: (res, path) => {
          void res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((req, reply) => {
      const wantsHtml = req.method === 'GET' && !req.url.startsWith('/api/') && (req.headers.accept ?? '').includes('text/html');
      if (hasApp && wantsHtml)
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(htmlFor(req.url.split('?')[0] ?? '/'));
      return reply.code(404).send(envelope('NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0] ?? ''}`, String(req.id)));
    });
  },
  // fastify-plugin: the not-found handler (the SPA's routes, the 404 envelope) is the whole server's
  { name: 'static-files', fastify: '5.x' },
);
