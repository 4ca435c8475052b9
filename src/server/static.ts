import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { answeredRead, firstReads } from './first-reads.js';
import { envelope } from './http-error.js';
import { pageLanguage, shellCopySchema, shellMarkup, type ShellLang } from './shell.js';

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

/** A read made by the server as the visitor: its status, its answer parsed (200 only) and as sent. */
export interface PageRead {
  status: number;
  body: unknown;
  payload?: string;
  type?: string;
}

/** What a page's HTML says beyond its code: the service's mode, and the reads of a signed-in visitor's page. */
export interface PageFacts {
  mode?: 'sandbox' | 'live';
  /** API URLs (first-reads.ts) the page's loaders will fetch, fetched with the HTML instead. */
  reads?: readonly string[];
  /** Answers of the page's reads the server made itself, by URL: handed to the app's first fetch of each (web/lib/inline-reads.ts). */
  answers?: Readonly<Record<string, unknown>>;
  /** The page's title, from those answers: the app shell paints it before the app runs. */
  title?: string;
  /** The UI language (server/shell.ts `pageLanguage`): the page's lang and its shell's words. French if not said. */
  lang?: ShellLang;
  /** Whether no cookie named the language (the shell's script then checks the stored choice). */
  langGuessed?: boolean;
  /** The address's query string, with its "?" (a filtered list's shell draws no rows). */
  search?: string;
}

const attribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside a script element: no "</script>" (nor "<!--") can end or bend it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * index.html for an address: the same page, naming the code of the page the address names beside
 * the entry script's (in `#pd-code`, which the app shell fetches once its first frame is painted:
 * see `codeAfterPaint`; as modulepreload tags for a build whose shell does not), so a phone
 * fetches it with the entry script instead of after running it, and:
 * - the mode (sandbox or live) in a meta element, so the sign-in page shows the sandbox's notice
 *   in its first frame instead of after asking /api/mode;
 * - a preload of each read the page starts with (as="fetch", crossorigin: the credentials mode
 *   of the SPA's fetch, same-origin, so the browser hands the preloaded answer to it and reads
 *   each URL once). The answers stay in that page's memory: /api answers are never stored;
 * - on the claims list, the answer of its page's read (made by the server as the visitor), whose
 *   rows the app shell paints; on a detail page, the answer of its title's read and the title:
 *   for the app shell to paint and the app to take instead of fetching (such a page is never
 *   stored: see the handler).
 * Without preloads.json (an older build), no modulepreloads.
 */
export function pageHtml(dir: string): (path: string, facts?: PageFacts) => string {
  const index = readFileSync(resolve(dir, 'index.html'), 'utf8');
  const file = resolve(dir, 'preloads.json');
  const { preloads } = existsSync(file) ? preloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : { preloads: [] };
  const pages = preloads.map(({ pattern, files }) => ({ pattern: new RegExp(pattern), files }));
  const { html, entry, firstLoad } = codeAfterPaint(index);
  // the shell's copy (scripts/app-shell.ts): without it (an older build), #root stays empty
  const shellFile = resolve(dir, 'shell.json');
  const shell = existsSync(shellFile) ? shellCopySchema.parse(JSON.parse(readFileSync(shellFile, 'utf8'))) : null;
  return (path, facts = {}) => {
    const own = pages.find((p) => p.pattern.test(path))?.files ?? [];
    const code = entry
      ? `<script type="application/json" id="pd-code">${scriptJson({ entry, preload: [...firstLoad, ...own] })}</script>`
      : own.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('');
    const head = [
      facts.mode ? `<meta name="pd-mode" content="${facts.mode}">` : '',
      ...(facts.reads ?? []).map((url) => `<link rel="preload" as="fetch" crossorigin href="${attribute(url)}">`),
      // an unknown address: index.html as it is (its code starts the same way)
      own.length > 0 ? code : '',
      facts.title ? `<meta name="pd-title" content="${attribute(facts.title)}">` : '',
      facts.answers ? `<script type="application/json" id="pd-answers">${scriptJson(facts.answers)}</script>` : '',
    ].join('');
    if (own.length === 0) return head ? index.replace('</head>', () => `${head}\n  </head>`) : index;
    const lang = facts.lang ?? 'fr';
    const markup = shell
      ? shellMarkup(shell, {
          path,
          search: facts.search ?? '',
          lang,
          mode: facts.mode,
          title: facts.title,
          answer: facts.answers ? Object.values(facts.answers)[0] : undefined,
        })
      : '';
    // functions, not strings: "$&" or "$'" in a partner's answer stays text, not a replacement pattern
    // the language check (scripts/app-shell.ts langCheckScript) only where the server guessed it
    const page = facts.langGuessed ? html : html.replace(LANG_CHECK, '');
    return page
      .replace(/<html lang="[a-z]*">/, () => `<html lang="${lang}">`)
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
      .replace('</head>', () => `${head}\n  </head>`);
  };
}

/** The app shell's language check (scripts/app-shell.ts `LANG_CHECK_MARK`), with its line. */
const LANG_CHECK = /\s*<script>\/\*pd-lang\*\/[\s\S]*?<\/script>/;

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * index.html without its code's tags, when its app shell starts the code itself once its first
 * frame is on screen (scripts/app-shell.ts `shellScript`: it reads them from `#pd-code`): the
 * entry script and its modulepreloads, for the page to name there. A build whose shell does not
 * (no `pd-code` in it) keeps its tags.
 */
export function codeAfterPaint(index: string): { html: string; entry?: string; firstLoad: string[] } {
  const entry = ENTRY_SCRIPT.exec(index)?.[1];
  if (!entry || !index.includes("getElementById('pd-code')")) return { html: index, firstLoad: [] };
  const firstLoad = [...index.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? '');
  return { html: index.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), entry, firstLoad };
}

/** Reads the HTML went without that wait for the browser's own request of them, at most (see `late`). */
const LATE_READS_MAX = 1000;

/** Whether an Accept-Encoding header takes gzip (named or "*", without q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    return (coding === 'gzip' || coding === '*') && !params.some((p) => /^q=0(\.0{0,3})?$/.test(p));
  });
}

/** The promise's value if it settles within `ms`, else null (and its failure is null too). */
function within<T>(ms: number, promise: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([promise.catch(() => null), late]).finally(() => clearTimeout(timer));
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * other browser navigation answered with index.html (client-side routes).
 */
export const staticFiles = fp<{
  dir: string;
  mode?: 'sandbox' | 'live';
  /** Whether the request carries a valid session (its page's reads are named only then). */
  signedIn?: (req: FastifyRequest) => Promise<boolean>;
  /** Makes one of the page's reads as the visitor (the same route, session and scope as the app's fetch). */
  read?: (req: FastifyRequest, url: string) => Promise<PageRead>;
  /** How long the HTML waits for that read before going without it (the browser then reads it itself). */
  readWaitMs?: number;
  /** How long a read the HTML went without waits for the browser's own request of it (see `late`). */
  lateReadMs?: number;
}>(
  async (app, { dir, mode, signedIn, read, readWaitMs = 300, lateReadMs = 10_000 }) => {
    // A read the HTML stopped waiting for goes on; the page names its URL as a preload, so the
    // browser asks for it at once. That request (the same URL with the same cookie, signed in)
    // is answered with this read's answer instead of reaching the partner a second time.
    const late = new Map<string, Promise<PageRead | null>>();
    const lateKey = (req: FastifyRequest, url: string) => `${req.headers.cookie ?? ''}\n${url}`;
    app.addHook('onRequest', async (req, reply) => {
      if (late.size === 0 || req.method !== 'GET') return;
      const key = lateKey(req, req.url);
      const pending = late.get(key);
      if (!pending) return;
      late.delete(key);
      const answer = await pending;
      if (answer?.status !== 200 || answer.payload === undefined || !(signedIn && (await signedIn(req)))) return;
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .type(answer.type ?? 'application/json; charset=utf-8')
        .send(answer.payload);
    });
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
    app.setNotFoundHandler(async (req, reply) => {
      const wantsHtml = req.method === 'GET' && !req.url.startsWith('/api/') && (req.headers.accept ?? '').includes('text/html');
      if (hasApp && wantsHtml) {
        const path = req.url.split('?')[0] ?? '/';
        const reads = firstReads(req.url);
        const withReads = reads.length > 0 && signedIn ? await signedIn(req) : false;
        const { lang, guessed } = pageLanguage(req.headers.cookie, req.headers['accept-language']);
        const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
        const facts: PageFacts = { mode, reads: withReads ? reads : [], lang, langGuessed: guessed, search };
        // the list's rows or a detail page's title: its read answered inside the HTML, so the shell paints it at once
        const answered = withReads && read ? answeredRead(req.url) : null;
        const pending = answered && read ? read(req, answered.url).catch(() => null) : null;
        let settled = false;
        void pending?.finally(() => (settled = true));
        const answer = pending ? await within(readWaitMs, pending) : null;
        // (a bounded memory: past LATE_READS_MAX waiting at once, the browser reads it itself, as before)
        if (answered && pending && !settled && late.size < LATE_READS_MAX) {
          const key = lateKey(req, answered.url);
          late.set(key, pending);
          setTimeout(() => late.get(key) === pending && late.delete(key), lateReadMs).unref();
        }
        if (answered && answer?.status === 200) {
          facts.reads = reads.filter((r) => r !== answered.url);
          facts.answers = { [answered.url]: answer.body };
          facts.title = answered.title?.(answer.body) ?? undefined;
        }
        const html = htmlFor(path, facts);
        // compressed here: this handler is no route, so the compression plugin never sees it (a
        // list's page with its answer is 20-60 KB of HTML, 5-10 KB gzipped)
        const gzip = acceptsGzip(req.headers['accept-encoding']);
        if (gzip) void reply.header('content-encoding', 'gzip');
        return (
          reply
            // the visitor's data in the page: never stored, by the browser or anyone between
            .header('cache-control', facts.answers ? 'no-store' : 'no-cache')
            // the same address names reads for a signed-in visitor only, in the visitor's language
            .header('vary', 'cookie, accept-encoding, accept-language')
            .type('text/html; charset=utf-8')
            .send(gzip ? gzipSync(html, { level: 6 }) : html)
        );
      }
      return reply.code(404).send(envelope('NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0] ?? ''}`, String(req.id)));
    });
  },
  // fastify-plugin: the not-found handler (the SPA's routes, the 404 envelope) is the whole server's
  { name: 'static-files', fastify: '5.x' },
);
