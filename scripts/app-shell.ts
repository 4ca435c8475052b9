/**
 * The app shell (issue 14): what a phone paints before the app's JavaScript has run, and the page's
 * own code fetched beside the entry script rather than after it.
 *
 * At build time this Vite plugin writes into dist/index.html:
 * - critical CSS for the shell, with the sizes of the real page (MUI's AppBar, Toolbar, Container
 *   and the h4 title of the lists), so nothing moves when React takes over;
 * - a small inline script that starts the app's code after the first frame (`shellScript`);
 * - dist/shell.json: the shell's copy in both languages, from the catalogues (`SHELL_COPY`), with
 *   which the server writes the shell's markup into #root (server/shell.ts): the header bar and, on
 *   the work queue and the lists, the page's title (and the work queue's introduction); on the
 *   claims list, the first page of rows the server answered inside the HTML (its largest content
 *   on a phone), as the page draws them; the sign-in card;
 * - dist/preloads.json: the code of each page (its chunk, the chunks it imports, the signed-in
 *   shell, the loaders' reads), which the server names as modulepreloads in that page's HTML
 *   (server/static.ts), so the browser fetches it beside the entry script, not after running it.
 * React's first render replaces the shell (main.tsx renders once the route's code is there).
 * The copy comes from the catalogues; the server allows the script by its hash (server/static.ts).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';
import { startupFiles } from './startup-steps.js';
import { appEn } from '../src/web/app/i18n/en.js';
import { appFr } from '../src/web/app/i18n/fr.js';
import { featuresEn } from '../src/web/app/i18n/features.en.js';
import { featuresFr } from '../src/web/app/i18n/features.fr.js';
import { sharedEn } from '../src/web/lib/i18n/en.js';
import { sharedFr } from '../src/web/lib/i18n/fr.js';
import { CLAIM_STATUSES } from '../src/contract/enums.js';
import { claimAwaits } from '../src/contract/lifecycle.js';
import { frFR as muiFr } from '@mui/material/locale';
import type { ShellCopy } from '../src/server/shell.js';

/** The pages by address, as router.tsx declares them (the order matters: /projects/new before /projects/:id). */
export const SHELL_ROUTES: { pattern: RegExp; page: string; signedIn: boolean }[] = [
  { pattern: /^\/sign-in$/, page: 'sign-in', signedIn: false },
  { pattern: /^\/sign-out$/, page: 'sign-out', signedIn: false },
  { pattern: /^\/$/, page: 'inbox', signedIn: true },
  { pattern: /^\/projects$/, page: 'projects', signedIn: true },
  { pattern: /^\/projects\/new$/, page: 'project-new', signedIn: true },
  { pattern: /^\/projects\/[^/]+\/claims\/new$/, page: 'claim-new', signedIn: true },
  { pattern: /^\/projects\/[^/]+$/, page: 'project-detail', signedIn: true },
  { pattern: /^\/claims$/, page: 'claims', signedIn: true },
  { pattern: /^\/claims\/[^/]+$/, page: 'claim-workspace', signedIn: true },
  { pattern: /^\/stats$/, page: 'stats', signedIn: true },
  { pattern: /^\/events$/, page: 'events', signedIn: true },
  { pattern: /^\/settings$/, page: 'settings', signedIn: true },
];

/** Where the build writes each page's code (dist/preloads.json; read by server/static.ts). */
export const PRELOADS_FILE = 'preloads.json';

/** The pages whose loader starts their reads (router.tsx): they load prefetch.ts too (sign-in reads only its mode). */
const LOADERS = new Set(['inbox', 'projects', 'project-detail', 'claims', 'claim-workspace']);

/** A language's catalogues, as the app loads them (app copy and features' copy). */
type Catalogues = { app: typeof appEn; features: typeof featuresEn; shared: typeof sharedEn; lang: 'fr' | 'en' };
const CATALOGUES: Record<'fr' | 'en', Catalogues> = {
  fr: { app: appFr, features: featuresFr, shared: sharedFr, lang: 'fr' },
  en: { app: appEn, features: featuresEn, shared: sharedEn, lang: 'en' },
};
const perLanguage = <T>(pick: (c: Catalogues) => T) => ({ fr: pick(CATALOGUES.fr), en: pick(CATALOGUES.en) });

/**
 * MUI's pagination words (the theme's locale, app/mui-locales.ts): French from MUI's frFR, English
 * MUI's own defaults (its enUS locale carries none). The rows shown as a template: {f}–{t} of {c}.
 */
const muiPagination = muiFr.components?.MuiTablePagination?.defaultProps;
const PAGINATION = {
  fr: {
    rowsPerPage: String(muiPagination?.labelRowsPerPage),
    displayed: String(muiPagination?.labelDisplayedRows?.({ from: -1, to: -2, count: -3, page: 0 })),
  },
  en: { rowsPerPage: 'Rows per page:', displayed: '-1–-2 of -3' },
};

/** What a claim waits for (contract/lifecycle.ts claimAwaits) by status code: its chip's colour and the phone card's line. */
const AWAITS = ['none', 'documents', 'declarations', 'validation', 'procedure'] as const;

/**
 * The shell's copy in each language, from the app's catalogues, for the server to write the shell
 * with (server/shell.ts; dist/shell.json):
 * - the pages whose title (and introduction) is known before any data: the work queue and the
 *   lists; the detail pages' way back (their title, the tenant's name, is the server's read);
 * - the sign-in card (routes/sign-in.tsx, features/auth sign-in-form.tsx): its words, the fields'
 *   labels and, in sandbox mode, the demo users' notice, the page's largest text;
 * - the claims list (routes/claims.tsx, features/claims claims-table.tsx,
 *   components/server-table.tsx): its words, headers, status labels and what each status waits
 *   for, so the server draws the first page of rows it answered as the page will.
 */
export const SHELL_COPY: ShellCopy = {
  routes: SHELL_ROUTES.map((r) => [r.pattern.source, r.page, r.signedIn]),
  copy: perLanguage(({ app, features, shared, lang }) => {
    const c = features.claims;
    return {
      app: app.app.title,
      pages: {
        inbox: [features.inbox.title, features.inbox.intro],
        projects: [features.projects.title],
        claims: [c.title],
        'claim-workspace': [features.workspace.back],
        'project-detail': [features.project.backToList],
      },
      signIn: {
        over: app.app.subtitle,
        title: app.app.title,
        heading: features.signIn.title,
        email: features.signIn.email,
        password: features.signIn.password,
        submit: features.signIn.submit,
        sandboxHint: features.signIn.sandboxHint,
      },
      claims: {
        csv: app.exports.csv,
        status: c.status,
        project: c.project,
        count: c.count,
        empty: c.empty,
        headers: [c.tenant, c.status, c.firstMonth, c.outstanding, c.awaited],
        awaits: AWAITS.map((a) => c.awaits[a]),
        labelValue: shared.common.labelValue,
        statuses: Object.fromEntries(CLAIM_STATUSES.map((st) => [String(st.code), [st[lang], AWAITS.indexOf(claimAwaits(st.code))]])),
        ...PAGINATION[lang],
      },
    };
  }),
};

/** Where the build writes the shell's copy (read by server/static.ts). */
export const SHELL_FILE = 'shell.json';

/**
 * MUI's sizes (theme.ts + defaults): AppBar primary #1b4f9c; Toolbar 56 px high (48 in landscape,
 * 64 from 600 px), gutters 16/24 px, gap 12 px; the menu button 40 px with -12 px at the start,
 * gone from 1200 px (layout.tsx); title h6 bold; Container xl with 12/24 px sides, 24 px above;
 * the page title h4 (2.125rem, line-height 1.235); body1 in text.secondary. The body's rules are
 * CssBaseline's, so the page does not change when it takes over.
 */
const CSS = `html{-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale;box-sizing:border-box;-webkit-text-size-adjust:100%}
*,*::before,*::after{box-sizing:inherit}
body{margin:0;color:rgba(0,0,0,0.87);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-weight:400;font-size:1rem;line-height:1.5;letter-spacing:0.00938em;background-color:#f5f7fb}
.shell-bar{display:flex;flex-direction:column;width:100%;background-color:#1b4f9c;color:#fff}
.shell-row{display:flex;align-items:center;gap:12px;min-height:56px;padding:0 16px}
.shell-menu{display:inline-flex;width:40px;height:40px;margin-left:-12px;align-items:center;justify-content:center;flex-shrink:0}
.shell-menu svg{width:1em;height:1em;font-size:1.5rem;fill:currentColor}
.shell-app{margin:0;font-size:1.25rem;font-weight:700;line-height:1.6;letter-spacing:0.0075em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;flex-shrink:0}
.shell-main{display:block;width:100%;margin:0 auto;padding:24px 12px}
.shell-main h1{margin:0;font-size:2.125rem;font-weight:400;line-height:1.235;letter-spacing:0.00735em}
.shell-main p{margin:0;color:rgba(0,0,0,0.6)}
.shell-back{display:flex;width:fit-content;min-width:64px;padding:6px 8px;font-size:0.875rem;font-weight:500;line-height:1.75;text-transform:uppercase;color:#1b4f9c}
.shell-main .shell-title{margin-top:24px;letter-spacing:inherit}
.shell-sign{display:grid;place-items:center;min-height:100vh;padding:16px}
.shell-card{width:100%;max-width:440px;padding:32px;background-color:#fff;border-radius:8px;box-shadow:0px 2px 1px -1px rgba(0,0,0,0.2),0px 1px 1px 0px rgba(0,0,0,0.14),0px 1px 3px 0px rgba(0,0,0,0.12)}
.shell-card-top{display:flex;justify-content:space-between;align-items:center;gap:16px}
.shell-over{margin:0;font-size:0.75rem;line-height:2.66;text-transform:uppercase}
.shell-lang{position:relative;display:flex;align-items:center;height:40px;padding:0 32px 0 14px;border:1px solid rgba(0,0,0,0.23);border-radius:8px}
.shell-lang svg{position:absolute;right:7px;width:24px;height:24px;fill:rgba(0,0,0,0.54)}
.shell-card h1{margin:0 0 0.35em;font-size:2.125rem;font-weight:400;line-height:1.235}
.shell-card h2{margin:0 0 16px;font-size:1.25rem;font-weight:500;line-height:1.6}
.shell-field{display:flex;align-items:center;height:56px;padding:0 14px;margin-bottom:16px;border:1px solid rgba(0,0,0,0.23);border-radius:8px;color:rgba(0,0,0,0.6)}
.shell-submit{display:flex;align-items:center;justify-content:center;height:42.25px;border-radius:8px;background-color:#1b4f9c;color:#fff;font-size:0.9375rem;font-weight:500;text-transform:uppercase}
.shell-note{display:flex;margin-top:16px;padding:6px 16px;border:1px solid rgb(59,123,158);border-radius:8px;color:rgb(23,49,63);font-size:0.875rem;line-height:1.43}
.shell-note svg{flex-shrink:0;width:22px;height:22px;margin:7px 12px 0 0;fill:rgb(10,90,134)}
.shell-note p{margin:0;padding:8px 0;min-width:0}
.sc{display:flex;flex-direction:column}
.shell-main .sc>*+*,.sc-fs>*+*{margin-top:16px}
.sc-top{display:flex;flex-wrap:wrap;gap:8px;justify-content:space-between;align-items:center}
.shell-main .sc h1{letter-spacing:inherit}
.sc-btn{display:flex;align-items:center;min-width:64px;padding:5px 15px;border:1px solid rgba(27,79,156,0.5);border-radius:8px;color:#1b4f9c;font-size:0.875rem;font-weight:500;line-height:1.75;text-transform:uppercase}
.sc-btn svg{width:20px;height:20px;margin:0 8px 0 -4px}
.sc svg{fill:currentColor;flex-shrink:0}
.sc-fs{display:flex;flex-direction:column}
.sc-f{position:relative;height:56px;padding:15px 13px;border:1px solid rgba(0,0,0,0.23);border-radius:8px;color:rgba(0,0,0,0.6);line-height:23px}
.sc-f svg{position:absolute;top:15px;right:6px;width:24px;height:24px;color:rgba(0,0,0,0.54)}
.sc-f+.sc-f svg{right:8px}
.shell-main .sc p{color:inherit}
.sc-n,.sc-b2,.sc-pg p{font-size:0.875rem;line-height:1.43}
.sc-n{min-height:1.43em}
.sc-p{border:1px solid rgba(0,0,0,0.12);border-radius:8px;background-color:#fff}
.sc-tc{overflow-x:auto}
.sc-t{width:100%;border-collapse:collapse;font-size:0.875rem}
.sc-t th,.sc-t td{border-bottom:1px solid #e0e0e0;text-align:left}
.sc-t th{padding:12px 16px;font-weight:600;line-height:1.5rem}
.sc-t td{padding:6px 16px;line-height:1.43;overflow-wrap:anywhere}
.sc-t .sc-r{text-align:right}
.sc-c{line-height:1.3;padding:4px 0}
.sc-c a{display:block;color:#1b4f9c;text-decoration-color:rgba(27,79,156,0.4)}
.sc-cap{font-size:0.75rem;line-height:1.66}
.sc-cw{margin:4px 0}
.sc-k{display:inline-flex;max-width:100%;vertical-align:middle;border:1px solid rgba(0,0,0,0.23);border-radius:16px;font-size:0.8125rem}
.sc-k span{padding:2px 7px;line-height:1.3;overflow:hidden}
.sc-k1{color:#8a4d00;border-color:rgba(138,77,0,0.7)}.sc-k2{color:#1d6b31;border-color:rgba(29,107,49,0.7)}.sc-k3,.sc-k4{color:#0a5a86;border-color:rgba(10,90,134,0.7)}
.sc-e{display:grid;place-items:center;padding:48px 0;font-size:1rem;line-height:1.5}
.sc-pg{display:flex;align-items:center;min-height:52px;padding:0 2px 0 16px;overflow:auto}
.sc-pg i{flex:1 1 100%}
.sc-pg p{margin:14px 0;flex-shrink:0}
.sc-sel{position:relative;flex-shrink:0;font-size:0.875rem;margin:0 32px 0 8px;padding:4px 24px 5px 8px;line-height:20.125px}
.sc-sel svg{position:absolute;right:0;top:calc(50% - 12px);width:24px;height:24px;color:rgba(0,0,0,0.54)}
.sc-act{display:flex;flex-shrink:0;margin-left:20px;color:rgba(0,0,0,0.26)}
.sc-act svg{width:24px;height:24px;margin:8px}
.sc-act .sc-on{color:rgba(0,0,0,0.54)}
@media (min-width:0px) and (orientation:landscape){.shell-row{min-height:48px}}
@media (min-width:900px){.shell-main .shell-title{width:fit-content}.sc-fs{flex-direction:row}.sc-fs>*+*{margin:0 0 0 16px}.sc-f{width:320px}.sc-f+.sc-f{width:300px}}
@media (min-width:600px){.shell-row{min-height:64px;padding:0 24px}.shell-main{padding:24px}.sc-pg{padding-left:24px}.sc-ph{display:none}.sc-row{height:61px}.sc-d{table-layout:fixed;min-width:760px}.sc-d th{width:13%}.sc-d th:first-child,.sc-d th:last-child{width:27%}.sc-d th:nth-child(2){width:20%}}
@media (max-width:599.95px){.sc-dk{display:none}.sc-row{height:141px}}
@media (min-width:1200px){.shell-menu{display:none}}
@media (min-width:1536px){.shell-main{max-width:1536px}}`;

/** The chunk of a module (by the end of its path) and every chunk it imports statically, minus `loaded`. */
function closure(bundle: Rollup.OutputBundle, moduleEnd: string, loaded: Set<string>): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const start = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(moduleEnd)));
  if (!start) throw new Error(`app shell: no chunk for ${moduleEnd}`);
  const out: string[] = [];
  const visit = (file: string) => {
    if (loaded.has(file) || out.includes(file)) return;
    out.push(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const dep of chunk.imports) visit(dep);
  };
  visit(start.fileName);
  return out;
}

/** What the entry script loads by itself (index.html's script and modulepreloads: its start-up steps). */
const entryFiles = startupFiles;

/**
 * How long the shell waits for its first frame before it starts the app's code anyway (a browser
 * that runs no frame while the page loads). The wait: see `shellScript`.
 */
const FIRST_FRAME_WAIT_MS = 500;

/**
 * How many of the code's modulepreloads the shell adds in one task: a browser under DevTools (as
 * Lighthouse runs it) records each request's initiator, and an inserted tag cost ~5 ms there (x4 on
 * a phone's simulated CPU): 4 a task made 60-90 ms tasks, 2 stay under 50 ms.
 */
const CODE_STEP = 2;

/**
 * The app's code starts once the shell's first frame is painted. The server names it in the page
 * (`<script type="application/json" id="pd-code">`: the entry script, its modulepreloads and the
 * page's, server/static.ts) instead of as tags the browser fetches with the HTML; this script adds
 * them, with the features' copy, after the frame with the shell (at once when it drew nothing or
 * the tab is hidden), a few per task. Why: the shell's paint is every page's largest content
 * (Lighthouse names the shell's element in every run: React's page never paints a larger one),
 * so LCP is that first paint, and Lighthouse's model of a phone counts as needed for it every
 * request that ended before it was observed (modules are never excluded: only classic scripts
 * have the evaluation events its filter reads). With the code named in the HTML, the ~40 scripts
 * raced that paint on the test machine's loopback: 1 ended first and LCP was 0.7 s, 7-13 ended
 * first (50-104 KB) and it was 1.5-1.9 s, 39 (280 KB) and it was 3.3 s, on the same build.
 * The cost: the code starts one frame later. Without that element (dist/index.html served as it
 * is) the page's tags load the code as before.
 *
 * The script draws nothing: the server wrote the shell into `#root` (server/shell.ts), in the
 * language of the `pd.lang` cookie the app keeps beside its stored choice (see `langCheckScript`
 * when there is none). It touches no DOM before the frame (a page's first access to `document`
 * builds its wrappers: part of the document's own task otherwise). A file the page already
 * preloads is skipped: the app's code, once started, preloads what its dynamic imports need (Vite's
 * `__vitePreload`, which looks at the page's links once, at its first call), often before this
 * script's later steps; both added the same links (11 of 81 on /projects in one load, more at 4x
 * CPU), each insertion ~1 ms (more under DevTools). The entry script goes in a task of its own,
 * before the first two links (with them, that task was up to 17-25 ms observed under DevTools).
 * Plain ES2017, about 1 KB.
 */
export function shellScript(files: string[], lang: Record<string, number[]>): string {
  // JSON in a script element: no "</script>" can end it early
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `(function(){
var started=false,go=function(){if(started)return;started=true;var d=document;
var add=function(tag,src){var e=d.createElement(tag);if(tag==='link')e.rel='modulepreload';else e.type='module';e.crossOrigin='';e[tag==='link'?'href':'src']=src;d.head.appendChild(e)};
var box=d.getElementById('pd-code'),app=null;try{app=box&&JSON.parse(box.textContent||'')}catch(e){}
if(!app||typeof app.entry!=='string'||!Array.isArray(app.preload))return;
var F=${json(files)},L=${json(lang)}[d.documentElement.lang==='en'?'en':'fr'],all=app.preload.slice();for(var i=0;i<L.length;i++)all.push('/'+F[L[i]]);
var next=function(){var part=all.splice(0,${CODE_STEP});for(var i=0;i<part.length;i++)if(!d.querySelector('link[href$="'+part[i]+'"]'))add('link',part[i]);if(all.length)setTimeout(next)};
add('script',app.entry);setTimeout(next)};
requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,${FIRST_FRAME_WAIT_MS});
})();`;
}

/** What starts the language check (the server keeps it only when it guessed the language: server/static.ts). */
export const LANG_CHECK_MARK = '/*pd-lang*/';

/**
 * The language check, before the shell's first paint, when no cookie named the UI language (the
 * server guessed it from the browser's, as the app does when nothing is stored): the stored
 * choice, if any, goes into the cookie for the next pages ("auto" if none: the browser's language,
 * which the server then takes without a check), and a shell in another language than the stored
 * one is cleared (never a page in the other language; the code then preloads the stored
 * language's copy). The server leaves this script out of pages whose language the cookie named,
 * so that reading the stored choice (the page's first localStorage access, ~1 ms) is paid once.
 */
export function langCheckScript(): string {
  return `${LANG_CHECK_MARK}(function(){var s=null;try{s=localStorage.getItem('pd.lang')}catch(e){}
var ok=s==='fr'||s==='en',h=document.documentElement;try{document.cookie='pd.lang='+(ok?s:'auto')+';path=/;max-age=31536000;samesite=lax'}catch(e){}
if(ok&&s!==h.lang){var root=document.getElementById('root');if(root)root.textContent='';h.lang=s}})();`;
}

export function appShell(): Plugin {
  let outDir = 'dist';
  let preloadsJson = '';
  return {
    name: 'app-shell',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      if (preloadsJson) writeFileSync(join(outDir, PRELOADS_FILE), preloadsJson);
      if (preloadsJson) writeFileSync(join(outDir, SHELL_FILE), JSON.stringify(SHELL_COPY));
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const loaded = entryFiles(bundle);
        const session = closure(bundle, '/src/web/app/require-session.tsx', loaded);
        const prefetch = closure(bundle, '/src/web/app/prefetch.ts', loaded);
        // each page's code, for the server to name in the page's HTML (static.ts): the browser
        // fetches it beside the entry script, found by its preload scanner, with no script to run
        const preloads = SHELL_ROUTES.map(({ pattern, page, signedIn }) => ({
          pattern: pattern.source,
          files: [
            ...new Set([
              ...closure(bundle, `/src/web/app/routes/${page}.tsx`, loaded),
              ...(signedIn ? session : []),
              ...(LOADERS.has(page) ? prefetch : []),
            ]),
          ].map((f) => `/${f}`),
        }));
        preloadsJson = JSON.stringify({ preloads });
        // the features' copy in the UI language: only the page knows it (the stored choice)
        const fr = closure(bundle, '/src/web/app/i18n/features.fr.ts', loaded);
        const en = closure(bundle, '/src/web/app/i18n/features.en.ts', loaded);
        const files = [...fr, ...en];
        const lang = { fr: fr.map((f) => files.indexOf(f)), en: en.map((f) => files.indexOf(f)) };
        const script = shellScript(files, lang);
        return html
          .replace('</head>', `    <style>${CSS}</style>\n  </head>`)
          .replace(
            '<div id="root"></div>',
            `<div id="root"></div>\n    <script>${langCheckScript()}</script>\n    <script>${script}</script>`,
          );
      },
    },
  };
}

/**
 * Every built script, style and icon also written compressed (brotli at its best, and gzip), once
 * at build time: the server sends these as they are (static.ts, `preCompressed`), smaller than
 * what it could compress for each request, and without spending its CPU on them.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const dir = join(outDir, 'assets');
      if (!existsSync(dir)) return; // the build failed: it says why
      for (const name of readdirSync(dir)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const file = join(dir, name);
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
