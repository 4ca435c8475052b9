/**
 * npm run bench:web — the app's speed as a phone user meets it, two builds side by side in the same
 * minutes (a benchmark, not a test: it prints figures and budgets, it fails only when it cannot measure).
 *
 *   npm run bench:web -- --base ../other-checkout     this checkout against another, both already built (`npm run build` in each)
 *   npm run bench:web -- --runs 3 --inp-runs 5        Lighthouse runs per route and build (3), interaction runs per build (5)
 *   npm run bench:web -- --only /claims               one route (repeatable; `/projects/:id` and `/claims/:id` as written)
 *   npm run bench:web -- --no-inp / --no-lighthouse   one half only
 *   npm run bench:web -- --port 3230                  ports: builds on 3230, 3231…, their sandboxes on +1000 (free ports otherwise)
 *   npm run bench:web -- --details                    also lists the Lighthouse audits that cost points
 *   npm run bench:web -- --profile DIR                also writes the page's CPU profile of each interaction, from the tap to its INP read (DIR/<build>-<interaction>-<run>.cpuprofile)
 *
 * Each build is started with its own `npm run serve` (its own port, sandbox and data directory), as
 * deployed. Two halves:
 *  1. Lighthouse 12, mobile profile (its simulated slow 4G and 4x slower CPU), on the sign-in page,
 *     the work queue, both lists, a project and a claim, signed in as staff: the browser holds the
 *     plain session cookie in its cookie jar, nothing else (what the app writes itself stays beside
 *     it, as for a user). Routes in turn, the two builds alternating; medians of performance, LCP,
 *     CLS and TBT per route. Budgets: performance >= 85, CLS <= 0.1, TBT <= 200 ms; LCP goal 2.5 s.
 *  2. Interaction latency in a real browser, not a model: Playwright's Chromium (CHROME_PATH,
 *     default /usr/bin/chromium) with its CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), the
 *     web-vitals library's INP (onINP, reportAllChanges) for opening the status filter of the
 *     projects list, declaring the next month of a 36-month claim (made through the API and the
 *     sandbox's clock, as the end-to-end tests do), and switching the language; medians, budget 200 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { WebSocket } from 'undici';
import { demoRentBody } from '../e2e/fixtures/demo-rent.js';
import { freePort, signIn, waitFor } from './support/live.js';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    runs: { type: 'string', default: '3' },
    'inp-runs': { type: 'string', default: '5' },
    only: { type: 'string', multiple: true },
    port: { type: 'string' },
    'no-inp': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    details: { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 1);
const INP_RUNS = Math.max(1, Number(args['inp-runs']) || 1);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const STAFF = { email: 'staff@demo-agency.fr', password: 'sandbox-demo' };
const ROUTES = ['/sign-in', '/', '/projects', '/projects/:id', '/claims', '/claims/:id'] as const;
type Route = (typeof ROUTES)[number];
const INP_BUDGET_MS = 200;

interface Build {
  name: string;
  dir: string;
  base: string;
  stop: () => void;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? Number.NaN : s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
let nextPort = Number(args.port) || 0;
const port = async () => (nextPort ? nextPort++ : freePort());

/** One build served by its own `npm run serve` (needs `npm run build` done there). */
async function serve(name: string, dir: string): Promise<Build> {
  for (const built of ['dist/index.html', 'build/server/main.js'])
    if (!existsSync(join(dir, built))) throw new Error(`${dir} is not built (no ${built}): run npm run build there first`);
  const serverPort = await port();
  const sandboxPort = nextPort ? serverPort + 1000 : await freePort();
  const data = mkdtempSync(join(tmpdir(), `bench-web-${name}-`));
  const log = openSync(join(data, 'serve.log'), 'a');
  const child: ChildProcess = spawn('npm', ['run', 'serve'], {
    cwd: dir,
    detached: true, // its own process group: npm and node stop together
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(serverPort),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: data,
      LOG_LEVEL: 'warn',
      // every interaction run signs in afresh
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    setTimeout(() => rmSync(data, { recursive: true, force: true }), 500).unref();
  };
  const base = `http://127.0.0.1:${serverPort}`;
  try {
    await waitFor(`${base}/readyz`);
  } catch (err) {
    stop();
    throw new Error(`${name} (${dir}) did not start: see ${join(data, 'serve.log')}`, { cause: err });
  }
  return { name, dir, base, stop };
}

/** A dashboard API client signed in as staff, with the CSRF token writes need (as e2e/support.ts's apiAs). */
async function apiClient(base: string) {
  const cookie = await signIn(base, STAFF.email, STAFF.password);
  if (!cookie) throw new Error(`${base}: signing in as staff gave no session cookie`);
  const session = (await (await fetch(`${base}/api/session`, { headers: { cookie } })).json()) as { csrfToken: string; today: string };
  const headers = { cookie, origin: base, 'x-csrf-token': session.csrfToken };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined || body instanceof FormData ? headers : { ...headers, 'content-type': 'application/json' },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json().catch(() => null)) as T;
  };
  return { cookie, today: session.today, call };
}

/** yyyy-MM-dd of day `day` of the month `n` months before `today`. */
function monthsBefore(today: string, n: number, day: string): string {
  const [y = 0, m = 1] = today.split('-').map(Number);
  const idx = y * 12 + m - 1 - n;
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}-${day}`;
}

/** An active project whose lease started 36 months ago (the sandbox's clock moved back for it) and a claim from then. */
async function claimOf36Months(base: string): Promise<string> {
  const api = await apiClient(base);
  const project = await api.call<{ id: string }>('POST', '/api/v3/projects', {
    profile: {
      gender: 2,
      firstName: 'Léa',
      lastName: 'Banc',
      email: 'banc@exemple.fr',
      dateOfBirth: '1991-03-04',
      phone: { phoneContryCode: 'FR', phoneFormated: '+33612345678' },
    },
    finance: { status: 4, monthlyIncome: 3200 },
  });
  const required = await api.call<{ documentType: number }[]>('GET', `/api/v3/projects/${project.id}/required`);
  for (const d of required) {
    const form = new FormData();
    form.append('documentType', String(d.documentType));
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%bench\n%%EOF\n')], { type: 'application/pdf' }), 'piece.pdf');
    await api.call('POST', `/api/v3/projects/${project.id}/documents`, form);
  }
  await api.call('POST', `/api/v3/projects/${project.id}/apply`);
  await api.call('POST', `/api/sandbox/projects/${project.id}/documents/validate`);
  const startLease = monthsBefore(api.today, 36, '01');
  await api.call('POST', '/api/sandbox/clock', { today: startLease });
  try {
    await api.call('POST', `/api/v3/projects/${project.id}/rent`, demoRentBody(startLease));
  } finally {
    await api.call('POST', '/api/sandbox/clock', { today: api.today });
  }
  for (const step of ['rent/validate', 'payment/complete', 'signatures/tenant', 'signatures/owner'])
    await api.call('POST', `/api/sandbox/projects/${project.id}/${step}`);
  const claim = await api.call<{ id: string }>('POST', `/api/v1/projects/${project.id}/claims`, {
    rentAmount: 800,
    rentAmountReceived: 0,
    rentAmountReceivedDate: null,
    rentDueDate: monthsBefore(api.today, 36, '05'),
    legalInfo: {
      firstName: 'Sophie',
      lastName: 'Lambert',
      email: 'sophie@agence.fr',
      phone: { phoneContryCode: 'FR', phoneFormated: '+33145678910' },
    },
    mainOwnerEmail: 'paul@exemple.fr',
    ownerEmailsBcc: [],
  });
  return claim.id;
}

// ---------------------------------------------------------------- Lighthouse

interface Sample {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** A headless Chromium for Lighthouse, with its DevTools port. */
async function startChrome(): Promise<{ port: number; stop: () => void }> {
  const devtools = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'bench-web-chrome-'));
  const child = spawn(
    CHROME,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      `--remote-debugging-port=${devtools}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  await waitFor(`http://127.0.0.1:${devtools}/json/version`);
  return {
    port: devtools,
    stop: () => {
      child.kill('SIGTERM');
      setTimeout(() => rmSync(profile, { recursive: true, force: true }), 500).unref();
    },
  };
}

/** One DevTools command to the browser itself (its cookie jar is the browser's, shared by Lighthouse's tab). */
async function browserCommand(devtools: number, method: string, params: Record<string, unknown> = {}): Promise<void> {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${devtools}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise<void>((done, fail) => {
    ws.addEventListener('open', () => ws.send(JSON.stringify({ id: 1, method, params })));
    ws.addEventListener('message', (event) => {
      const reply = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (reply.id !== 1) return;
      ws.close();
      if (reply.error) fail(new Error(`${method}: ${reply.error.message}`));
      else done();
    });
    ws.addEventListener('error', () => fail(new Error(`${method}: no DevTools connection`)));
  });
}

/** The browser's cookies: none, or the session cookie alone, for the build's origin. */
async function setSession(devtools: number, base: string, cookie: string | undefined): Promise<void> {
  await browserCommand(devtools, 'Storage.clearCookies');
  if (!cookie) return;
  const at = cookie.indexOf('=');
  await browserCommand(devtools, 'Storage.setCookies', {
    cookies: [{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: base, httpOnly: true, sameSite: 'Lax' }],
  });
}

async function lighthouseRun(url: string, devtools: number): Promise<{ sample: Sample; costs: string[] }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await lighthouse(
        url,
        { port: devtools, output: 'json', logLevel: 'error' },
        { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'], formFactor: 'mobile' } },
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      // a signed-in route that ended on the sign-in page measured the wrong page
      if (!url.endsWith('/sign-in') && new URL(lhr.finalDisplayedUrl).pathname === '/sign-in')
        throw new Error(`${url}: signed out (ended on /sign-in)`);
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const costs = (lhr.categories.performance?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`);
      return {
        sample: {
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: value('largest-contentful-paint'),
          tbt: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
        },
        costs,
      };
    } catch (err) {
      // Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART)
      if (attempt >= 3) throw err;
      console.log(`  retrying ${url}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/** The first demo project and claim staff can open on a build. */
async function demoPaths(base: string, cookie: string): Promise<Record<Route, string>> {
  const first = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    const id = ((await res.json()) as { items: { id: string }[] }).items[0]?.id;
    if (!id) throw new Error(`${base}: no demo item at ${path}`);
    return id;
  };
  const project = await first('/api/v3/projects?pageSize=1');
  const claim = await first('/api/v1/claims?pageSize=1');
  return {
    '/sign-in': '/sign-in',
    '/': '/',
    '/projects': '/projects',
    '/projects/:id': `/projects/${project}`,
    '/claims': '/claims',
    '/claims/:id': `/claims/${claim}`,
  };
}

async function benchLighthouse(builds: Build[]): Promise<Map<string, Map<Route, Sample[]>>> {
  const chrome = await startChrome();
  const samples = new Map(builds.map((b) => [b.name, new Map<Route, Sample[]>()]));
  try {
    const session = await Promise.all(
      builds.map(async (b) => {
        const cookie = await signIn(b.base, STAFF.email, STAFF.password);
        return { cookie, paths: await demoPaths(b.base, cookie) };
      }),
    );
    const routes = ROUTES.filter((r) => !args.only?.length || args.only.includes(r));
    for (let run = 1; run <= RUNS; run++) {
      for (const route of routes) {
        // the builds alternate: the first one measured changes from run to run
        const order = builds.map((_, i) => i);
        if (run % 2 === 0) order.reverse();
        for (const i of order) {
          const build = builds[i] as Build;
          const { cookie, paths } = session[i] as (typeof session)[number];
          await setSession(chrome.port, build.base, route === '/sign-in' ? undefined : cookie);
          const { sample, costs } = await lighthouseRun(build.base + paths[route], chrome.port);
          const mine = samples.get(build.name) as Map<Route, Sample[]>;
          mine.set(route, [...(mine.get(route) ?? []), sample]);
          console.log(
            `run ${run} ${build.name} ${route}: performance ${sample.performance}, LCP ${Math.round(sample.lcp)} ms, TBT ${Math.round(sample.tbt)} ms, CLS ${sample.cls.toFixed(3)} (load ${load()})`,
          );
          if (args.details) for (const c of costs) console.log(`    ${c}`);
        }
      }
    }
  } finally {
    chrome.stop();
  }
  return samples;
}

// ---------------------------------------------------------------- interactions (INP)

const WEB_VITALS = resolve('node_modules/web-vitals/dist/web-vitals.iife.js');
type Interaction = 'open the status filter (projects)' | 'declare a month (36-month claim)' | 'switch the language';
const INTERACTIONS: Interaction[] = ['open the status filter (projects)', 'declare a month (36-month claim)', 'switch the language'];

/**
 * Signs in through the API, opens `path` with the CPU slowed 4x and web-vitals' INP listening; the
 * page to interact with, and (with --profile) `record`, which starts the page's CPU profiler and
 * answers the function that stops it and writes the profile as `name`.
 */
async function slowPage(
  browser: Browser,
  base: string,
  path: string,
): Promise<{ page: Page; close: () => Promise<void>; record: () => Promise<(name: string) => Promise<void>> }> {
  const context = await browser.newContext({ baseURL: base, locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
  const login = await context.request.post('/api/login', { headers: { origin: base }, data: STAFF });
  if (!login.ok()) throw new Error(`${base}: sign-in answered ${login.status()}`);
  // the library and its use in one script: Playwright runs each init script in its own scope
  await context.addInitScript({
    content: `${readFileSync(WEB_VITALS, 'utf8')};
webVitals.onINP((metric) => { window.benchInp = metric.value; }, { reportAllChanges: true, durationThreshold: 16 });
window.benchInpListening = true;`,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path);
  const record = async () => {
    if (!args.profile) return async () => undefined;
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
    return async (name: string) => {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(args.profile as string, { recursive: true });
      writeFileSync(join(args.profile as string, `${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`), JSON.stringify(profile));
    };
  };
  return { page, close: () => context.close(), record };
}

/** The page's INP once the interactions are done (the worst of them); 16 when none lasted 16 ms (the Event Timing floor). */
async function readInp(page: Page): Promise<number> {
  if (!(await page.evaluate(() => (window as unknown as { benchInpListening?: boolean }).benchInpListening)))
    throw new Error(`web-vitals is not listening on ${page.url()}`);
  // event timings are delivered after the next paint: give them a moment
  await page
    .waitForFunction(() => (window as unknown as { benchInp?: number }).benchInp !== undefined, undefined, { timeout: 3000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
  return (await page.evaluate(() => (window as unknown as { benchInp?: number }).benchInp)) ?? 16;
}

async function interact(browser: Browser, build: Build, what: Interaction, claimId: string, run: number): Promise<number> {
  const name = `${build.name}-${what}-${run}`;
  if (what === 'open the status filter (projects)') {
    const { page, close, record } = await slowPage(browser, build.base, '/projects');
    try {
      await page.getByRole('table', { name: 'Projets de garantie' }).getByRole('row').nth(1).waitFor({ timeout: 60_000 });
      const filter = page.getByRole('combobox', { name: /^Statuts?$/ });
      await filter.waitFor();
      await page.waitForTimeout(500);
      const recorded = await record();
      await filter.click();
      await page.getByRole('listbox').waitFor();
      const inp = await readInp(page);
      await recorded(name);
      return inp;
    } finally {
      await close();
    }
  }
  if (what === 'declare a month (36-month claim)') {
    const api = await apiClient(build.base);
    const debts = await api.call<{ id: string | null; rentDueDate: string }[]>('GET', `/api/v1/claims/${claimId}/rentaldebts`);
    const next = debts.find((d) => d.id === null)?.rentDueDate;
    if (!next) throw new Error('the claim has no month left to declare');
    const [y, m, d] = next.split('-');
    const { page, close, record } = await slowPage(browser, build.base, `/claims/${claimId}`);
    try {
      const timeline = page.getByRole('table', { name: 'Mois de loyer' });
      const open = timeline.getByRole('button', { name: /^Déclarer ce mois/ }).first();
      await open.waitFor({ timeout: 60_000 });
      await page.waitForTimeout(500);
      const recorded = await record();
      await open.click();
      const form = page.getByRole('form', { name: 'Déclarer ce mois' });
      await form.getByRole('group', { name: 'Date d’échéance' }).getByRole('spinbutton').first().click();
      await page.keyboard.type(`${d}${m}${y}`);
      await form.getByRole('button', { name: 'Déclarer', exact: true }).click();
      await form.waitFor({ state: 'detached', timeout: 30_000 });
      const inp = await readInp(page);
      await recorded(name);
      return inp;
    } finally {
      await close();
    }
  }
  const { page, close, record } = await slowPage(browser, build.base, '/projects');
  try {
    await page.getByRole('table', { name: 'Projets de garantie' }).getByRole('row').nth(1).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    // the two languages side by side (one tap), or a build before them: a menu (two taps)
    const toggles = page.getByRole('group', { name: 'Langue' });
    const menu = (await toggles.count()) === 0;
    const recorded = await record();
    if (menu) {
      await page.getByRole('combobox', { name: 'Langue' }).click();
      await page.getByRole('option', { name: 'English' }).click();
    } else await toggles.getByRole('button', { name: 'English' }).click();
    await page.getByRole('table', { name: 'Guarantee projects' }).waitFor();
    const inp = await readInp(page);
    await recorded(name);
    return inp;
  } finally {
    await close();
  }
}

async function benchInp(builds: Build[]): Promise<Map<string, Map<Interaction, number[]>>> {
  const claims = await Promise.all(builds.map((b) => claimOf36Months(b.base)));
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
  const results = new Map(builds.map((b) => [b.name, new Map<Interaction, number[]>()]));
  try {
    for (let run = 1; run <= INP_RUNS; run++) {
      for (const what of INTERACTIONS) {
        const order = builds.map((_, i) => i);
        if (run % 2 === 0) order.reverse();
        for (const i of order) {
          const build = builds[i] as Build;
          const inp = await interact(browser, build, what, claims[i] as string, run);
          const mine = results.get(build.name) as Map<Interaction, number[]>;
          mine.set(what, [...(mine.get(what) ?? []), inp]);
          console.log(`run ${run} ${build.name} ${what}: INP ${Math.round(inp)} ms (load ${load()})`);
        }
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

// ---------------------------------------------------------------- tables

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

function printLighthouse(builds: Build[], samples: Map<string, Map<Route, Sample[]>>): void {
  console.log(`\nLighthouse 12 mobile, median of ${RUNS} run(s) per route and build, builds alternating`);
  console.log('budgets: performance >= 85, CLS <= 0.1, TBT <= 200 ms (OVER marks a miss); LCP goal <= 2.5 s');
  const routes = ROUTES.filter((r) => samples.get(builds[0]?.name ?? '')?.has(r));
  const cell = (b: Build, r: Route, k: keyof Sample) => median((samples.get(b.name)?.get(r) ?? []).map((s) => s[k]));
  const rows = routes.map((r) => [
    r,
    ...builds.flatMap((b) => {
      const perf = cell(b, r, 'performance');
      const lcp = cell(b, r, 'lcp');
      const tbt = cell(b, r, 'tbt');
      const cls = cell(b, r, 'cls');
      return [
        `${perf}${perf < 85 ? ' OVER' : ''}`,
        `${(lcp / 1000).toFixed(1)} s${lcp > 2500 ? ' (>2.5)' : ''}`,
        `${cls.toFixed(3)}${cls > 0.1 ? ' OVER' : ''}`,
        `${Math.round(tbt)} ms${tbt > 200 ? ' OVER' : ''}`,
      ];
    }),
  ]);
  table(['route', ...builds.flatMap((b) => [`perf ${b.name}`, `LCP ${b.name}`, `CLS ${b.name}`, `TBT ${b.name}`])], rows);
}

function printInp(builds: Build[], results: Map<string, Map<Interaction, number[]>>): void {
  console.log(
    `\nInteraction to Next Paint (web-vitals onINP), Chromium with its CPU slowed 4x, median of ${INP_RUNS} run(s), budget <= ${INP_BUDGET_MS} ms`,
  );
  const rows = INTERACTIONS.map((what) => [
    what,
    ...builds.map((b) => {
      const xs = results.get(b.name)?.get(what) ?? [];
      const m = median(xs);
      return `${Math.round(m)} ms ${m <= INP_BUDGET_MS ? 'OK' : 'OVER'} (${xs.map(Math.round).join(', ')})`;
    }),
  ]);
  table(['interaction', ...builds.map((b) => `INP ${b.name}`)], rows);
}

async function main() {
  const dirs = [{ name: 'this', dir: process.cwd() }, ...(args.base ? [{ name: 'base', dir: resolve(args.base) }] : [])];
  for (const d of dirs) console.log(`${d.name}: ${d.dir}`);
  const builds: Build[] = [];
  // stopped by hand (Ctrl-C, kill): the servers, in their own process groups, stop too
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      for (const b of builds) b.stop();
      process.exit(130);
    });
  try {
    for (const d of dirs) builds.push(await serve(d.name, d.dir));
    console.log(`load average at start: ${load()}`);
    const lighthouseSamples = args['no-lighthouse'] ? null : await benchLighthouse(builds);
    const inp = args['no-inp'] ? null : await benchInp(builds);
    console.log(`\nload average at end: ${load()}`);
    if (lighthouseSamples) printLighthouse(builds, lighthouseSamples);
    if (inp) printInp(builds, inp);
  } finally {
    for (const b of builds) b.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
