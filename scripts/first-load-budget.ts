/**
 * The first-load JavaScript budget: the entry script of dist/index.html and the modules it
 * preloads, gzip-compressed, must stay under 200 KB, and no page's own code may be among them (pages
 * load with their route). Runs after every `npm run build` (so `npm start` and `npm test` fail above it):
 *   tsx scripts/first-load-budget.ts [dist]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET_KB = 200;

/** The scripts a browser fetches before anything renders: the entry and its modulepreloads. */
export function firstLoadScripts(indexHtml: string): string[] {
  const entry = [...indexHtml.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? '');
  const preloads = [...indexHtml.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
  return [...entry, ...preloads];
}

/** The chunk of each page (a module of src/web/app/routes/), from Vite's build manifest. */
export function pageChunks(manifestJson: string): Set<string> {
  const manifest = JSON.parse(manifestJson) as Record<string, { file: string }>;
  return new Set(
    Object.entries(manifest)
      .filter(([source]) => source.startsWith('src/web/app/routes/'))
      .map(([, chunk]) => `/${chunk.file}`),
  );
}

export function firstLoadReport(dist: string) {
  const scripts = firstLoadScripts(readFileSync(join(dist, 'index.html'), 'utf8'));
  const sizes = scripts.map((src) => ({ src, gzipKb: gzipSync(readFileSync(join(dist, src))).length / 1024 }));
  const totalKb = sizes.reduce((sum, s) => sum + s.gzipKb, 0);
  const pageFiles = pageChunks(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const pages = sizes.filter((s) => pageFiles.has(s.src));
  return { sizes, totalKb, pages };
}

function main() {
  const dist = process.argv[2] ?? 'dist';
  const { sizes, totalKb, pages } = firstLoadReport(dist);
  for (const s of [...sizes].sort((a, b) => b.gzipKb - a.gzipKb)) console.log(`${s.gzipKb.toFixed(1).padStart(7)} KB  ${s.src}`);
  console.log(`first-load JavaScript: ${totalKb.toFixed(1)} KB gzip in ${sizes.length} files (budget ${FIRST_LOAD_BUDGET_KB} KB)`);
  const errors = [
    ...(totalKb > FIRST_LOAD_BUDGET_KB ? [`over budget by ${(totalKb - FIRST_LOAD_BUDGET_KB).toFixed(1)} KB`] : []),
    ...pages.map((p) => `a page's code is loaded first: ${p.src}`),
  ];
  if (errors.length) {
    for (const e of errors) console.error(`first-load budget: ${e}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
