/**
 * The first-load JavaScript budget (issue 14): the entry script of dist/index.html and the modules
 * it preloads, gzip-compressed, must stay under 200 KB; no page's own code may be among them.
 * Runs after every `npm run build` (so `npm start` and `npm test` fail above budget):
 *   tsx scripts/first-load-budget.ts [dist]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET_KB = 200;

/**
 * What the entry script may run in its own task (main.tsx and the bundler's helpers): the app's
 * modules are run in steps after it, each a task of its own, so none is long on a phone.
 */
export const ENTRY_TASK_BUDGET_KB = 5;
/** Libraries whose evaluation is a step of the start-up (main.tsx), never part of the entry's task. */
export const STEPPED_LIBRARIES = [
  'react-dom',
  'react-router',
  '@mui/material',
  '@mui/system',
  '@emotion/react',
  'zod',
  'i18next',
  '@tanstack/query-core',
];

/**
 * Libraries the first load must not hold: zod and the contract's schemas come with the pages and
 * their reads (the first load has the error catalogue as plain data: contract/error-codes.ts).
 */
export const NOT_FIRST_LOAD_LIBRARIES = ['zod'];

/** The libraries among the first load's sources (from the source maps the build writes). */
export function firstLoadLibraries(dist: string): string[] {
  const libraries = new Set<string>();
  for (const src of firstLoadScripts(readFileSync(join(dist, 'index.html'), 'utf8'))) {
    const map = join(dist, `${src}.map`);
    if (!existsSync(map)) continue;
    for (const source of (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
      if (name) libraries.add(name);
    }
  }
  return [...libraries].sort();
}

/** The modules a built script imports statically (not its dynamic `import()`s): paths from the site's root. */
function staticImports(dist: string, src: string): string[] {
  const code = readFileSync(join(dist, src), 'utf8');
  const dir = src.slice(0, src.lastIndexOf('/') + 1);
  return [...code.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?["'](\.\/[^"']+)["']/g)].map((m) => dir + (m[1] ?? '').slice(2));
}

/**
 * What runs in the entry script's task: the entry and every module it imports statically, their
 * gzip size, and the libraries among their sources (from the source maps the build writes).
 */
export function entryTask(dist: string) {
  const [entry = ''] = firstLoadScripts(readFileSync(join(dist, 'index.html'), 'utf8'));
  const files: string[] = [];
  const visit = (src: string) => {
    if (files.includes(src)) return;
    files.push(src);
    for (const dep of staticImports(dist, src)) visit(dep);
  };
  visit(entry);
  const gzipKb = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length / 1024, 0);
  const libraries = new Set<string>();
  for (const f of files) {
    const map = join(dist, `${f}.map`);
    if (!existsSync(map)) continue;
    for (const source of (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
      if (name) libraries.add(name);
    }
  }
  return { files, gzipKb, libraries: [...libraries].sort() };
}

/** The scripts a browser fetches before anything renders: the entry and its modulepreloads. */
export function firstLoadScripts(indexHtml: string): string[] {
  const entry = [...indexHtml.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? '');
  const preloads = [...indexHtml.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
  return [...entry, ...preloads];
}

export function firstLoadReport(dist: string) {
  const scripts = firstLoadScripts(readFileSync(join(dist, 'index.html'), 'utf8'));
  const sizes = scripts.map((src) => ({ src, gzipKb: gzipSync(readFileSync(join(dist, src))).length / 1024 }));
  const totalKb = sizes.reduce((sum, s) => sum + s.gzipKb, 0);
  // a page's chunk is named page-<route module>-<hash>.js (vite.config.ts)
  const pages = sizes.filter((s) => /\/page-[^/]+\.js$/.test(s.src));
  return { sizes, totalKb, pages };
}

/**
 * Each page's own code, as the server names it in the page's HTML (dist/preloads.json, written by
 * scripts/app-shell.ts): gzip size, and any other page's chunk among it (an error).
 */
export function pagePreloads(dist: string) {
  const file = join(dist, 'preloads.json');
  if (!existsSync(file)) return [];
  const { preloads } = JSON.parse(readFileSync(file, 'utf8')) as { preloads: { pattern: string; files: string[] }[] };
  return preloads.map(({ pattern, files }) => {
    const gzipKb = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length / 1024, 0);
    const pages = files.flatMap((f) => /\/page-(.+)-[\w-]{8}\.js$/.exec(f)?.[1] ?? []);
    return { pattern, gzipKb, pages };
  });
}

/**
 * Library modules the build replaces with the app's own (vite.config.ts): emotion writes a styled
 * element's styles while it renders, not in React's commit (one unsliced task); MUI builds its
 * number formatter on first use, not as it loads (the browser's first Intl formatter, a long task).
 */
export const REPLACED_MODULES = [
  { original: '@emotion/use-insertion-effect-with-fallbacks/', replacement: 'src/web/lib/emotion-insertion.ts' },
  { original: '@mui/material/locale/utils/buildFormatNumber.', replacement: 'src/web/lib/lazy-format-number.ts' },
];

/** Each replaced module: the built scripts whose sources still include the library's, and whether the app's is built. */
export function replacedModules(dist: string) {
  const assets = join(dist, 'assets');
  const maps = readdirSync(assets)
    .filter((name) => name.endsWith('.js.map'))
    .map((f) => ({
      file: f.replace(/\.map$/, ''),
      sources: (JSON.parse(readFileSync(join(assets, f), 'utf8')) as { sources: string[] }).sources,
    }));
  return REPLACED_MODULES.map((m) => ({
    ...m,
    stillBuilt: maps.filter((x) => x.sources.some((src) => src.includes(m.original))).map((x) => x.file),
    replaced: maps.some((x) => x.sources.some((src) => src.endsWith(m.replacement))),
  }));
}

function main() {
  const dist = process.argv[2] ?? 'dist';
  const { sizes, totalKb, pages } = firstLoadReport(dist);
  for (const s of [...sizes].sort((a, b) => b.gzipKb - a.gzipKb)) console.log(`${s.gzipKb.toFixed(1).padStart(7)} KB  ${s.src}`);
  console.log(`first-load JavaScript: ${totalKb.toFixed(1)} KB gzip in ${sizes.length} files (budget ${FIRST_LOAD_BUDGET_KB} KB)`);
  // beside the entry, each page's HTML preloads that page's own code (and none of another page)
  const perPage = pagePreloads(dist);
  for (const p of perPage)
    console.log(`${p.gzipKb.toFixed(1).padStart(7)} KB  more for ${p.pattern} (${p.pages.join(', ') || 'no page chunk'})`);
  // the entry's own task: main.tsx, which runs the app's modules in steps
  const task = entryTask(dist);
  const stepped = task.libraries.filter((l) => STEPPED_LIBRARIES.includes(l));
  console.log(
    `entry task: ${task.gzipKb.toFixed(1)} KB gzip in ${task.files.length} files (budget ${ENTRY_TASK_BUDGET_KB} KB), libraries: ${task.libraries.join(', ') || 'none'}`,
  );
  const unwanted = firstLoadLibraries(dist).filter((l) => NOT_FIRST_LOAD_LIBRARIES.includes(l));
  const replaced = replacedModules(dist);
  for (const m of replaced) console.log(`${m.original} replaced by ${m.replacement}: ${m.replaced && !m.stillBuilt.length ? 'yes' : 'no'}`);
  const errors = [
    ...(task.gzipKb > ENTRY_TASK_BUDGET_KB
      ? [`the entry script runs ${task.gzipKb.toFixed(1)} KB in one task (budget ${ENTRY_TASK_BUDGET_KB} KB)`]
      : []),
    ...stepped.map((l) => `the entry script runs ${l} in its own task, not in a step of the start-up (main.tsx)`),
    ...(totalKb > FIRST_LOAD_BUDGET_KB ? [`over budget by ${(totalKb - FIRST_LOAD_BUDGET_KB).toFixed(1)} KB`] : []),
    ...pages.map((p) => `a page's code is loaded first: ${p.src}`),
    ...unwanted.map((l) => `${l} is in the first load: it comes with the pages and their reads`),
    ...replaced
      .filter((m) => m.stillBuilt.length || !m.replaced)
      .map((m) => `${m.original} is built (${m.stillBuilt.join(', ') || `${m.replacement} is not`}): see vite.config.ts`),
    ...perPage.filter((p) => p.pages.length !== 1).map((p) => `${p.pattern} preloads ${p.pages.length} pages' code: ${p.pages.join(', ')}`),
  ];
  if (errors.length) {
    for (const e of errors) console.error(`first-load budget: ${e}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
