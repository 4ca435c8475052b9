/**
 * The first-load JavaScript budget: the entry script of dist/index.html and every file it imports
 * statically (what the browser fetches and runs before anything renders), gzip-compressed, must stay
 * under 200 KB, and no page's own code may be among them (pages load with their route). Read from
 * Vite's build manifest, so it counts the files the entry imports whatever the build writes into
 * index.html (its modulepreload links). Runs after every `npm run build` (so `npm start` and
 * `npm test` fail above it):
 *   tsx scripts/first-load-budget.ts [dist]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET_KB = 200;

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/** The entry's file and every file it imports statically, through any number of files (from the manifest). */
export function firstLoadScripts(manifestJson: string): string[] {
  const manifest = JSON.parse(manifestJson) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of entries) visit(key);
  return [...seen].map((key) => `/${manifest[key]?.file ?? ''}`);
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
  const manifest = readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8');
  const scripts = firstLoadScripts(manifest);
  const sizes = scripts.map((src) => ({ src, gzipKb: gzipSync(readFileSync(join(dist, src))).length / 1024 }));
  const totalKb = sizes.reduce((sum, s) => sum + s.gzipKb, 0);
  const pageFiles = pageChunks(manifest);
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
