/**
 * npm run bench:web — Lighthouse (mobile profile: simulated slow 4G, 4x slower CPU) on every main
 * route of the app, signed in as staff (issue 14 budget: performance >= 90, LCP <= 2.5 s,
 * TBT <= 200 ms, CLS <= 0.1, accessibility 100, best practices >= 95).
 *
 *   npm run bench:web                       builds, starts the product on free ports, measures once
 *   npm run bench:web -- --runs 3           three runs of every route, prints the medians
 *   npm run bench:web -- --url http://h:p   measures a product already running there (no build)
 *   npm run bench:web -- --only /claims     one route (repeatable; `/projects/:id` and `/claims/:id` as written)
 *   npm run bench:web -- --no-build         uses the dist/ already built
 *   npm run bench:web -- --details          also lists the audits that cost points
 *   npm run bench:web -- --save DIR         writes each Lighthouse report (JSON) there
 *   npm run bench:web -- --artifacts DIR    also keeps each run's trace and network log there (one
 *                                           folder per report, Lighthouse's own format: what its
 *                                           simulation worked from, e.g. which requests its LCP counted)
 *
 * PORT / SANDBOX_PORT choose the ports of the started product (free ports otherwise);
 * CHROME_PATH the browser (default /usr/bin/chromium). The session cookie goes with every request
 * of the signed-in routes; the sign-in page is measured signed out, as a user first meets it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, signIn, start, waitFor } from './live.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    url: { type: 'string' },
    only: { type: 'string', multiple: true },
    'no-build': { type: 'boolean', default: false },
    details: { type: 'boolean', default: false },
    save: { type: 'string' },
    artifacts: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 1);
process.env.CHROME_PATH ??= '/usr/bin/chromium';

const ROUTES = ['/sign-in', '/', '/projects', '/projects/:id', '/claims', '/claims/:id'] as const;
type Route = (typeof ROUTES)[number];
interface Sample {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
}

async function startProduct(): Promise<{ base: string; stop: () => void }> {
  if (!args['no-build']) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const port = Number(process.env.PORT) || (await freePort());
  const sandboxPort = Number(process.env.SANDBOX_PORT) || (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const server = start('src/server/main.ts', { PORT: String(port), SANDBOX_PORT: String(sandboxPort), DATA_DIR: dataDir });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/readyz`);
  } catch (err) {
    stop();
    throw err;
  }
  return { base, stop };
}

/** The first demo project and claim the staff user can open. */
async function demoIds(base: string, cookie: string): Promise<{ projectId: string; claimId: string }> {
  const read = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return (await res.json()) as { items: { id: string }[] };
  };
  const projects = await read('/api/v3/projects?pageSize=1');
  const claims = await read('/api/v1/claims?pageSize=1');
  const projectId = projects.items[0]?.id;
  const claimId = claims.items[0]?.id;
  if (!projectId || !claimId) throw new Error('the sandbox has no demo project or claim');
  return { projectId, claimId };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

async function measure(url: string, port: number, cookie: string | undefined): Promise<{ sample: Sample; costs: string[] }> {
  const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}`;
  // gather, save the artifacts there, then audit them (Lighthouse's -GA)
  const keep = args.artifacts ? join(args.artifacts, name) : undefined;
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      // (with the UI language's cookie as a returning visitor has it, server/shell.ts: "auto", the
      // browser's language, on every page, the sign-in page too. Without it the shell's language
      // check writes that cookie into the browser, whose own Cookie header then replaces this one
      // on the next pages: the session is lost, 401s.)
      extraHeaders: { Cookie: cookie ? `${cookie}; pd.lang=auto` : 'pd.lang=auto' },
      ...(keep ? { gatherMode: keep, auditMode: keep } : {}),
    },
    {
      extends: 'lighthouse:default',
      settings: { onlyCategories: ['performance', 'accessibility', 'best-practices'], formFactor: 'mobile' },
    },
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (args.save) {
    mkdirSync(args.save, { recursive: true });
    writeFileSync(join(args.save, `${name}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const costs = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category.id}: ${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`),
  );
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) > 100)
    .map((a) => `opportunity: ${a.id} (${a.displayValue ?? ''})`);
  return {
    sample: {
      performance: score('performance'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
    },
    costs: [...costs, ...opportunities],
  };
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): try again twice. */
async function measureWithRetry(url: string, port: number, cookie: string | undefined) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, port, cookie);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(`  retrying ${url}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

function printTable(rows: { route: Route; samples: Sample[] }[]) {
  const header = ['route', 'performance', 'LCP', 'TBT', 'CLS', 'accessibility', 'best practices'];
  const lines = rows.map(({ route, samples }) => {
    const m = (k: keyof Sample) => median(samples.map((s) => s[k]));
    return [
      route,
      String(m('performance')),
      `${(m('lcp') / 1000).toFixed(1)} s`,
      `${Math.round(m('tbt'))} ms`,
      m('cls').toFixed(3),
      String(m('accessibility')),
      String(m('bestPractices')),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'}, mobile profile`);
  console.log(fmt(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

async function main() {
  const product = args.url ? { base: args.url.replace(/\/$/, ''), stop: () => undefined } : await startProduct();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const cookie = await signIn(product.base, 'staff@demo-agency.fr', 'sandbox-demo');
    if (!cookie) throw new Error('sign-in as staff gave no session cookie');
    const { projectId, claimId } = await demoIds(product.base, cookie);
    const routes = ROUTES.filter((r) => !args.only?.length || args.only.includes(r));
    const rows = routes.map((route) => ({ route, samples: [] as Sample[] }));
    for (let run = 1; run <= RUNS; run++) {
      for (const row of rows) {
        const path = row.route.replace('/projects/:id', `/projects/${projectId}`).replace('/claims/:id', `/claims/${claimId}`);
        const { sample, costs } = await measureWithRetry(product.base + path, chrome.port, row.route === '/sign-in' ? undefined : cookie);
        row.samples.push(sample);
        console.log(
          `run ${run} ${row.route}: performance ${sample.performance}, LCP ${Math.round(sample.lcp)} ms, TBT ${Math.round(sample.tbt)} ms, CLS ${sample.cls.toFixed(3)}, a11y ${sample.accessibility}, BP ${sample.bestPractices}`,
        );
        if (args.details) for (const c of costs) console.log(`    ${c}`);
      }
    }
    printTable(rows);
  } finally {
    chrome.kill();
    product.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
