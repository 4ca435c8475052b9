/**
 * The app shell (issue 14): what a phone paints before the app's JavaScript has run, and the page's
 * own code fetched beside the entry script rather than after it.
 *
 * At build time this Vite plugin writes into dist/index.html:
 * - critical CSS for the shell, with the sizes of the real page (MUI's AppBar, Toolbar, Container
 *   and the h4 title of the lists), so nothing moves when React takes over;
 * - a small inline script, run while the HTML is parsed, that picks the UI language as the app
 *   does (the stored choice, else the browser's), draws the header bar and, on the work queue and
 *   the lists, the page's title (and the work queue's introduction) inside #root, and preloads
 *   the features' copy in that language; on the claims list, the first page of rows the server
 *   answered inside the HTML (its largest content on a phone), as the page draws them;
 * - dist/preloads.json: the code of each page (its chunk, the chunks it imports, the signed-in
 *   shell, the loaders' reads), which the server names as modulepreloads in that page's HTML
 *   (server/static.ts), so the browser fetches it beside the entry script, not after running it.
 * React's first render replaces the shell (main.tsx renders once the route's code is there).
 * The copy comes from the catalogues; the server allows the script by its hash (server/static.ts).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import ts from 'typescript';
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
import { plainMoney } from '../src/web/lib/format.js';

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

/** The pages whose title (and introduction) is known before any data: the work queue and the lists. */
const COPY = perLanguage(({ app, features }) => ({
  app: app.app.title,
  inbox: [features.inbox.title, features.inbox.intro],
  projects: [features.projects.title],
  claims: [features.claims.title],
  // the detail pages: their way back; the title (the tenant's name) is the server's (`<meta name="pd-title">`)
  'claim-workspace': [features.workspace.back],
  'project-detail': [features.project.backToList],
}));

/**
 * The sign-in card (routes/sign-in.tsx, features/auth sign-in-form.tsx): its words, the fields'
 * labels and, in sandbox mode (the server's `<meta name="pd-mode">`, server/static.ts), the demo
 * users' notice, which is the page's largest text: a phone shows it before the app has run.
 */
const SIGN_IN = perLanguage(({ app, features }) => [
  app.app.subtitle,
  app.app.title,
  features.signIn.title,
  features.signIn.email,
  features.signIn.password,
  features.signIn.submit,
  features.signIn.sandboxHint,
]);

/**
 * MUI's pagination words (the theme's locale, app/mui-locales.ts): French from MUI's frFR, English
 * MUI's own defaults (its enUS locale carries none). The rows shown as a template: {f}–{t} of {c}.
 */
const muiPagination = muiFr.components?.MuiTablePagination?.defaultProps;
const PAGINATION = {
  fr: [muiPagination?.labelRowsPerPage, muiPagination?.labelDisplayedRows?.({ from: -1, to: -2, count: -3, page: 0 })],
  en: ['Rows per page:', '-1–-2 of -3'],
};

/** What a claim waits for (contract/lifecycle.ts claimAwaits) by status code: its chip's colour and the phone card's line. */
const AWAITS = ['none', 'documents', 'declarations', 'validation', 'procedure'] as const;

/**
 * The claims list (routes/claims.tsx, features/claims claims-table.tsx, components/server-table.tsx):
 * its words, headers, status labels and what each status waits for, so the shell draws the first
 * page of rows the server answered inside the HTML (`<script id="pd-answers">`, server/static.ts)
 * as the page will: the same text at the same place.
 */
const CLAIMS = perLanguage(({ app, features, shared, lang }) => {
  const c = features.claims;
  return [
    app.exports.csv,
    c.status,
    c.project,
    c.count,
    c.empty,
    [c.tenant, c.status, c.firstMonth, c.outstanding, c.awaited],
    AWAITS.map((a) => c.awaits[a]),
    shared.common.labelValue,
    Object.fromEntries(CLAIM_STATUSES.map((st) => [st.code, [st[lang], AWAITS.indexOf(claimAwaits(st.code))]])),
    ...PAGINATION[lang],
  ];
});

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
.sc-d{table-layout:fixed;min-width:760px}
.sc-t th,.sc-t td{border-bottom:1px solid #e0e0e0;text-align:left}
.sc-t th{padding:12px 16px;font-weight:600;line-height:1.5rem}
.sc-d th{width:13%}.sc-d th:first-child,.sc-d th:last-child{width:27%}.sc-d th:nth-child(2){width:20%}
.sc-w{height:61px}.sc-m{height:141px}
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
@media (min-width:600px){.shell-row{min-height:64px;padding:0 24px}.shell-main{padding:24px}.sc-pg{padding-left:24px}}
@media (min-width:1200px){.shell-menu{display:none}}
@media (min-width:1536px){.shell-main{max-width:1536px}}`;

/**
 * `plainMoney` (src/web/lib/format.ts) as the inline script runs it: its own declaration, taken
 * from the source file and compiled alone to plain ES2017 (types erased, no helper, no import), so
 * the shell writes an amount by the app's rule, not by a copy of it. Compiled here rather than
 * taken from the imported function's text, whose shape depends on the loader running this file
 * (tsx or Vite's config bundler may rename or wrap). It must use nothing but the language's
 * built-ins: scripts/app-shell.test.ts runs it alone against the app's function.
 */
export function plainMoneySource(): string {
  const file = resolve(dirname(fileURLToPath(import.meta.url)), '../src/web/lib/format.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2017, true);
  const declaration = source.statements.find(
    (s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === 'plainMoney' && s.body !== undefined,
  );
  if (!declaration) throw new Error(`app shell: no function plainMoney in ${file}`);
  const text = declaration.getText(source).replace(/^export\s+/, '');
  const { outputText } = ts.transpileModule(text, {
    compilerOptions: { target: ts.ScriptTarget.ES2017, module: ts.ModuleKind.ESNext, removeComments: true },
  });
  const code = outputText.trim();
  // the build stops rather than ship a shell that throws or writes other amounts than the app
  const compiled = new Function(`${code}\nreturn plainMoney;`)() as typeof plainMoney;
  for (const value of [0, 0.5, -12.3, 1234.56, 1e6, 1.005, -0])
    for (const lang of ['fr', 'en'] as const)
      if (compiled(value, lang) !== plainMoney(value, lang))
        throw new Error(`app shell: plainMoney compiled alone writes ${value} otherwise`);
  return code;
}

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
 * The inline script: plain ES2017, no dependency, a few hundred bytes plus the tables.
 * The claims list's rows (`list`) are drawn only when they can be drawn exactly as the page will:
 * no filter in the URL (the filters' fields would show values), an answer of the expected shape,
 * and amounts of at most two decimals, written as Intl writes them for fr-FR and en-GB in euros
 * (nothing to round) without building a formatter (a page's first Intl object costs 20-40 ms, x4
 * on a phone), by the app's own plainMoney (plainMoneySource); otherwise the title only, as
 * before, and the app draws the rest.
 */
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
 */
export function shellScript(files: string[], lang: Record<string, number[]>): string {
  const menuPath = 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z';
  // MUI's InfoOutlined, the Alert's icon for severity "info"
  const infoPath =
    'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z';
  // JSON in a script element: no "</script>" can end it early
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `(function(){
${plainMoneySource()}
var copyCode=[],painted=false;
try{(function(){
var F=${json(files)},L=${json(lang)},C=${json(COPY)},S=${json(SIGN_IN)},K=${json(CLAIMS)};
var R=${json(SHELL_ROUTES.map((r) => [r.pattern.source, r.page, r.signedIn]))},R2={'claim-workspace':1,'project-detail':1};
var lang=null;try{lang=localStorage.getItem('pd.lang')}catch(e){}
if(lang!=='fr'&&lang!=='en')lang=/^fr/i.test(navigator.language||'fr')?'fr':'en';
document.documentElement.lang=lang;
var path=location.pathname,page=null,signedIn=false;
for(var i=0;i<R.length;i++)if(new RegExp(R[i][0]).test(path)){page=R[i][1];signedIn=R[i][2];break}
if(!page)return;
var pre=L[lang];
for(var j=0;j<pre.length;j++)copyCode.push('/'+F[pre[j]]);
var root=document.getElementById('root');if(!root)return;
var el=function(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;if(text)e.textContent=text;return e};
var svg=function(d,cls){return '<svg class="'+(cls||'')+'" viewBox="0 0 24 24" focusable="false" aria-hidden="true"><path d="'+d+'"></path></svg>'};
var list=function(main,title){
if(/[?&](status|projectId)=/.test(location.search))return false;
var data=document.getElementById('pd-answers'),a=null;if(!data)return false;
try{var o=JSON.parse(data.textContent||'');for(var u in o)a=o[u]}catch(e){return false}
if(!a||!Array.isArray(a.items)||typeof a.total!=='number'||!(a.page>0)||!(a.pageSize>0))return false;
var k=K[lang],phone=matchMedia('(max-width:599.95px)').matches,s='string';
var money=function(v){return plainMoney(v,lang)};
var lv=function(l,v){return k[7].replace('{{label}}',function(){return l}).replace('{{value}}',function(){return v})};
var tb=el('tbody');
for(var i=0;i<a.items.length;i++){var r=a.items[i]||{},st=typeof r.status==='number'&&k[8].hasOwnProperty(r.status)&&k[8][r.status],t=r.tenant||{},p=r.property;
if(!st||typeof t.firstName!==s||typeof t.lastName!==s||typeof r.id!==s||!/^\\d{4}-\\d\\d-\\d\\d$/.test(r.rentDueDate)||money(r.amountOutstanding)===null||(p&&(typeof p.address!==s||typeof p.zipCode!==s||typeof p.city!==s)))return false;
var row=el('tr',phone?'sc-m':'sc-w'),td=el('td'),c=el('div','sc-c'),link=el('a','',t.firstName+' '+t.lastName),chip=el('span','sc-k sc-k'+st[1]);
chip.appendChild(el('span','',st[0]));link.href='/claims/'+encodeURIComponent(r.id);c.appendChild(link);
c.appendChild(el('span','sc-cap',p?p.address+', '+p.zipCode+' '+p.city:'\u2014'));td.appendChild(c);row.appendChild(td);
var d=r.rentDueDate,date=d.slice(8,10)+'/'+d.slice(5,7)+'/'+d.slice(0,4),amount=money(r.amountOutstanding),cells=[chip,date,amount,k[6][st[1]]];
if(phone){var w=el('div','sc-cw');w.appendChild(chip);c.appendChild(w);c.appendChild(el('p','sc-b2',lv(k[5][4],cells[3])));c.appendChild(el('p','sc-cap',lv(k[5][3],amount)+' \u00b7 '+lv(k[5][2],date)))}
else for(var x=0;x<4;x++){var cell=el('td',x===2?'sc-r':'',x?cells[x]:'');if(!x)cell.appendChild(chip);row.appendChild(cell)}
tb.appendChild(row)}
if(!a.items.length){var none=el('tr'),nc=el('td');nc.colSpan=phone?1:5;nc.appendChild(el('div','sc-e',k[4]));none.appendChild(nc);tb.appendChild(none)}
var sc=el('div','sc'),top=el('div','sc-top'),btn=el('span','sc-btn'),fs=el('div','sc-fs'),drop='M7 10l5 5 5-5z';
top.appendChild(el('h1','',title));btn.setAttribute('aria-hidden','true');btn.innerHTML=svg('M5 20h14v-2H5zM19 9h-4V3H9v6H5l7 7z');btn.appendChild(document.createTextNode(k[0]));top.appendChild(btn);sc.appendChild(top);
fs.setAttribute('aria-hidden','true');for(var j=1;j<3;j++){var f=el('div','sc-f',k[j]);f.insertAdjacentHTML('beforeend',svg(drop));fs.appendChild(f)}sc.appendChild(fs);
sc.appendChild(el('p','sc-n',k[3].replace('{{count}}',function(){return String(a.total)})));
var paper=el('div','sc-p'),box=el('div','sc-tc'),table=el('table','sc-t'+(phone?'':' sc-d')),head=el('thead'),hr=el('tr');
table.setAttribute('aria-label',title);for(var h=0;h<(phone?1:5);h++){var th=el('th',h===3?'sc-r':'',k[5][h]);th.scope='col';hr.appendChild(th)}
head.appendChild(hr);table.appendChild(head);table.appendChild(tb);box.appendChild(table);paper.appendChild(box);
var n=a.total,size=a.pageSize,last=Math.max(0,Math.ceil(n/size)-1),at=n===0?0:Math.min(a.page-1,last),bar=el('div','sc-pg'),sel=el('span','sc-sel',String(size)),act=el('span','sc-act');
bar.setAttribute('aria-hidden','true');bar.appendChild(el('i'));bar.appendChild(el('p','',k[9]));sel.insertAdjacentHTML('beforeend',svg(drop));bar.appendChild(sel);
bar.appendChild(el('p','',k[10].replace('-1',n===0?'0':String(at*size+1)).replace('-2',String(Math.min(n,(at+1)*size))).replace('-3',String(n))));
act.innerHTML=svg('M15.41 16.09l-4.58-4.59 4.58-4.59L14 5.5l-6 6 6 6z',at>0?'sc-on':'')+svg('M8.59 16.34l4.58-4.59-4.58-4.59L10 5.75l6 6-6 6z',at<last?'sc-on':'');bar.appendChild(act);
paper.appendChild(bar);sc.appendChild(paper);main.appendChild(sc);return true};
if(page==='sign-in'){var s=S[lang],card=el('div','shell-card'),top=el('div','shell-card-top'),sign=el('main','shell shell-sign');
top.appendChild(el('p','shell-over',s[0]));var code=el('span','shell-lang',lang.toUpperCase());code.insertAdjacentHTML('beforeend','<svg viewBox="0 0 24 24" focusable="false" aria-hidden="true"><path d="M7 10l5 5 5-5z"></path></svg>');top.appendChild(code);card.appendChild(top);
card.appendChild(el('h1','',s[1]));card.appendChild(el('h2','',s[2]));
var form=el('div');form.setAttribute('aria-hidden','true');form.appendChild(el('div','shell-field',s[3]+'\u2009*'));form.appendChild(el('div','shell-field',s[4]+'\u2009*'));form.appendChild(el('div','shell-submit',s[5]));card.appendChild(form);
var mode=document.querySelector('meta[name="pd-mode"]');
if(mode&&mode.getAttribute('content')==='sandbox'){var note=el('div','shell-note');note.setAttribute('role','note');note.innerHTML='<svg viewBox="0 0 24 24" focusable="false" aria-hidden="true"><path d="${infoPath}"></path></svg>';note.appendChild(el('p','',s[6]));card.appendChild(note)}
sign.appendChild(card);root.appendChild(sign);painted=true;return}
if(!signedIn)return;
var c=C[lang];
var shell=el('div','shell'),bar=el('header','shell-bar'),row=el('div','shell-row');
var menu=el('span','shell-menu');menu.setAttribute('aria-hidden','true');
menu.innerHTML='<svg viewBox="0 0 24 24" focusable="false"><path d="${menuPath}"></path></svg>';
row.appendChild(menu);row.appendChild(el('p','shell-app',c.app));bar.appendChild(row);shell.appendChild(bar);
var main=el('main','shell-main'),copy=c[page];
var title=document.querySelector('meta[name="pd-title"]');
if(copy&&R2[page]){if(title){main.appendChild(el('span','shell-back','\u2190 '+copy[0]));main.appendChild(el('h1','shell-title',title.getAttribute('content')))}}
else if(page==='claims'&&list(main,copy[0])){}
else if(copy){main.appendChild(el('h1','',copy[0]));if(copy[1])main.appendChild(el('p','',copy[1]))}
shell.appendChild(main);root.appendChild(shell);painted=true;
})()}catch(e){}
var add=function(tag,src){var e=document.createElement(tag);if(tag==='link')e.rel='modulepreload';else e.type='module';e.crossOrigin='';e[tag==='link'?'href':'src']=src;document.head.appendChild(e)};
var box=document.getElementById('pd-code'),app=null;try{app=box&&JSON.parse(box.textContent||'')}catch(e){}
if(!app||typeof app.entry!=='string'||!Array.isArray(app.preload)){for(var i=0;i<copyCode.length;i++)add('link',copyCode[i]);return}
var started=false,all=app.preload.concat(copyCode),next=function(){var part=all.splice(0,${CODE_STEP});for(var i=0;i<part.length;i++)add('link',part[i]);if(all.length)setTimeout(next)},go=function(){if(started)return;started=true;add('script',app.entry);next()};
if(document.visibilityState==='hidden'||!painted){setTimeout(go);return}
requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,${FIRST_FRAME_WAIT_MS});
})();`;
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
          .replace('<div id="root"></div>', `<div id="root"></div>\n    <script>${script}</script>`);
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
