/**
 * npm run bench:web — the app's speed as a phone user meets it, two builds side by side in the same
 * minutes (a benchmark, not a test: it prints figures and budgets, it fails only when it cannot measure).
 *
 *   npm run bench:web -- --base ../other-checkout     this checkout against another, both already built (`npm run build` in each)
 *   npm run bench:web -- --runs 3 --inp-runs 3        runs per route and build (3), interaction runs per build (3)
 *   npm run bench:web -- --only /claims               one route (repeatable; `/projects/:id` and `/claims/:id` as written)
 *   npm run bench:web -- --no-inp / --no-lighthouse / --no-title / --no-round   leave a part out
 *   npm run bench:web -- --port 3830                  ports: servers and their proxies from 3830 up, sandboxes 1000 above (free ports otherwise)
 *   npm run bench:web -- --base . --caddy base        a build behind Caddy (this one against itself served by Caddy: the server's HTTP/2 alone)
 *   npm run bench:web -- --details                    also lists the Lighthouse audits that cost points
 *   npm run bench:web -- --profile DIR                also writes the page's CPU profile of each interaction, from the tap to its INP read (DIR/<build>-<interaction>-<run>.cpuprofile)
 *   npm run bench:web -- --trace DIR                  also writes the page's performance trace of each interaction (DIR/<build>-<interaction>-<run>.json, for DevTools'
 *                                                     Performance panel) and web-vitals' attribution of its INP (…-inp.json: input delay, processing, presentation, long frames' scripts)
 *   npm run bench:web -- --inp status --inp round     only the interactions whose name has one of these words (status, month, language, round)
 *
 * Each build is served as deployed, over HTTPS with a throwaway certificate (made here by openssl): a build whose server speaks HTTPS itself (TLS_CERT_FILE) is its
 * own `npm run serve`; an older one gets Caddy in front of it (HTTP/2 and HTTP/1.1, `encode zstd
 * gzip`, as deploy/Caddyfile), its server behind it with TRUST_PROXY. Either way the answers are
 * compressed as a deployment compresses them, although the browser is on this machine; Chromium
 * trusts the certificate by its key, so that it caches what it fetches (a warm load). Parts:
 *  1. Lighthouse 12, mobile profile (its simulated slow 4G and 4x slower CPU), signed in as staff
 *     with the plain session cookie: each route cold (caches emptied) then warm (Lighthouse's
 *     --disable-storage-reset, right after: a returning user's immutable assets are in the cache),
 *     over HTTP/2; the work queue and a claim cold over HTTP/1.1 too (Chromium's --disable-http2).
 *     Routes in turn, the two builds alternating; medians of performance, LCP, TBT, CLS, the
 *     requests and the script files of the page's load.
 *  2. Before the title: each route loaded in Playwright's Chromium (CPU 4x slower, 150 ms and
 *     1.6 Mbit/s by CDP), cold: the time until the page's h1 has its text, and the script files
 *     fetched until then with their gzip bytes (the build's .gz copies), over HTTP/2.
 *  3. Interaction latency in a real browser, not a model: Playwright's Chromium with its CPU slowed
 *     4x (CDP Emulation.setCPUThrottlingRate), over HTTP/2, the web-vitals library's INP (onINP,
 *     reportAllChanges) for opening the projects' status filter, declaring the next month of a
 *     36-month claim (made through the API and the sandbox's clock, as the end-to-end tests do: also
 *     the time from the tap to the form's first field), and switching the language; medians, budget 200 ms.
 *  4. The round's taps: a sandbox seeded with about 50 open claims with a month due (its own
 *     process, each build's own compiled sandbox), the build's server in live mode in front of it;
 *     staff ticks every row, opens "declare the checked rows" and confirms; INP after each (the
 *     worst so far); a fresh pair per run (a run declares the months).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { X509Certificate, createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { Agent, WebSocket, setGlobalDispatcher } from 'undici';
import { demoRentBody } from '../e2e/fixtures/demo-rent.js';
import { firstLoadReport } from '../scripts/first-load-budget.js';
import { benchUsers, freePort, signIn, waitFor } from './support/live.js';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    runs: { type: 'string', default: '3' },
    'inp-runs': { type: 'string', default: '3' },
    only: { type: 'string', multiple: true },
    port: { type: 'string' },
    'no-inp': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-title': { type: 'boolean', default: false },
    'no-round': { type: 'boolean', default: false },
    caddy: { type: 'string', multiple: true },
    details: { type: 'boolean', default: false },
    profile: { type: 'string' },
    trace: { type: 'string' },
    inp: { type: 'string', multiple: true },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 1);
const INP_RUNS = Math.max(1, Number(args['inp-runs']) || 1);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const STAFF = { email: 'staff@demo-agency.fr', password: 'sandbox-demo' };
const ROUTES = ['/sign-in', '/', '/projects', '/projects/:id', '/claims', '/claims/:id'] as const;
type Route = (typeof ROUTES)[number];
/** The routes also measured cold over HTTP/1.1. */
const HTTP1_ROUTES: Route[] = ['/', '/claims/:id'];
const INP_BUDGET_MS = 200;
const SCRIPT_FILES_GOAL = 25;

const median = (xs: number[]) => {
  const s = [...xs].filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? Number.NaN : s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
let nextPort = Number(args.port) || 0;
const port = async () => (nextPort ? nextPort++ : freePort());

// ---------------------------------------------------------------- serving as deployed

const work = mkdtempSync(join(tmpdir(), 'bench-web-'));
/** What to stop when the bench ends or is stopped (servers, proxies, browsers). */
const running = new Set<() => void>();
/** A throwaway certificate for localhost: the servers and Caddy present it; this process trusts it, Chromium is told to accept it. */
const TLS = { cert: join(work, 'cert.pem'), key: join(work, 'key.pem') };
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost',
    '-days',
    '1',
  ].concat(['-keyout', TLS.key, '-out', TLS.cert]),
  { stdio: 'ignore' },
);
setGlobalDispatcher(new Agent({ connect: { ca: readFileSync(TLS.cert) } }));
/**
 * Chromium trusts the certificate by its key (--ignore-certificate-errors-spki-list): with
 * --ignore-certificate-errors alone a page's connection stays in error and Chromium caches
 * nothing from it, so a warm load would fetch everything again.
 */
const TRUST_CERT = `--ignore-certificate-errors-spki-list=${createHash('sha256')
  .update(new X509Certificate(readFileSync(TLS.cert)).publicKey.export({ type: 'spki', format: 'der' }))
  .digest('base64')}`;

interface Build {
  name: string;
  dir: string;
  /** https://localhost:port: what the browser opens */
  base: string;
  /** 'https': the build's own server speaks HTTPS; 'caddy': Caddy in front of it */
  via: 'https' | 'caddy';
  stop: () => void;
}

/** A build whose server serves HTTPS itself when given a certificate. */
const speaksHttps = (dir: string) =>
  ['build/server', 'build/chunks']
    .filter((sub) => existsSync(join(dir, sub)))
    .flatMap((sub) => readdirSync(join(dir, sub)).map((f) => join(dir, sub, f)))
    .some((file) => file.endsWith('.js') && readFileSync(file, 'utf8').includes('TLS_CERT_FILE'));

function spawnLogged(command: string, argv: string[], cwd: string, env: Record<string, string>, log: string): ChildProcess {
  return spawn(command, argv, {
    cwd,
    detached: true, // its own process group: npm and node stop together
    stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
    env: { ...process.env, ...env },
  });
}

const stopGroup = (child: ChildProcess) => {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};

/**
 * One build served as deployed (needs `npm run build` done there): its `npm run serve` in sandbox
 * mode, or in live mode in front of `partner`; over HTTPS by itself, or behind Caddy.
 */
async function serve(name: string, dir: string, o: { partner?: string; users?: string } = {}): Promise<Build> {
  for (const built of ['dist/index.html', 'build/server/main.js'])
    if (!existsSync(join(dir, built))) throw new Error(`${dir} is not built (no ${built}): run npm run build there first`);
  const data = mkdtempSync(join(work, `${name}-`));
  const log = join(data, 'serve.log');
  const serverPort = await port();
  const sandboxPort = nextPort ? serverPort + 1000 : await freePort();
  const via = speaksHttps(dir) && !args.caddy?.includes(name) ? 'https' : 'caddy';
  const proxyPort = via === 'caddy' ? await port() : serverPort;
  const base = `https://localhost:${proxyPort}`;
  const env: Record<string, string> = {
    PORT: String(serverPort),
    SANDBOX_PORT: String(sandboxPort),
    DATA_DIR: join(data, 'data'),
    LOG_LEVEL: 'warn',
    // every interaction run signs in afresh
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    ...(via === 'https' ? { TLS_CERT_FILE: TLS.cert, TLS_KEY_FILE: TLS.key } : { TRUST_PROXY: '127.0.0.1', PUBLIC_ORIGIN: base }),
    ...(o.partner
      ? {
          PARTNER_API_BASE_URL: o.partner,
          PARTNER_API_TOKEN: 'sk_sandbox_demo_agency',
          PARTNER_WEBHOOK_SECRET: `whsec_${Buffer.from('bench').toString('base64')}`,
          SESSION_SECRET: 'b'.repeat(40),
          USERS_FILE: o.users ?? '',
          PUBLIC_ORIGIN: base,
        }
      : {}),
  };
  const children = [spawnLogged('npm', ['run', 'serve'], dir, env, log)];
  if (via === 'caddy') {
    const caddyfile = join(data, 'Caddyfile');
    // deploy/Caddyfile's site, on this machine: our certificate, no admin port, no redirect listener on :80
    writeFileSync(
      caddyfile,
      `{\n\tadmin off\n\tauto_https off\n\tservers {\n\t\tprotocols h1 h2\n\t}\n}\n${base} {\n\ttls ${TLS.cert} ${TLS.key}\n\tencode zstd gzip\n` +
        `\treverse_proxy 127.0.0.1:${serverPort} {\n\t\tflush_interval -1\n\t}\n}\n`,
    );
    const home = join(data, 'caddy');
    mkdirSync(home);
    children.push(
      spawnLogged(
        'caddy',
        ['run', '--config', caddyfile, '--adapter', 'caddyfile'],
        data,
        { HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home },
        log,
      ),
    );
  }
  const stop = () => {
    running.delete(stop);
    for (const c of children) stopGroup(c);
    setTimeout(() => rmSync(data, { recursive: true, force: true }), 1000).unref();
  };
  running.add(stop);
  try {
    await waitFor(`${base}/readyz`);
  } catch (err) {
    stop();
    throw new Error(`${name} (${dir}) did not start: see ${log}`, { cause: err });
  }
  return { name, dir, base, via, stop };
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

/** Each build's session cookie (staff) and the paths of its demo project and claim. */
async function sessions(builds: Build[]) {
  return Promise.all(
    builds.map(async (b) => {
      const cookie = await signIn(b.base, STAFF.email, STAFF.password);
      return { cookie, paths: await demoPaths(b.base, cookie) };
    }),
  );
}
type Session = Awaited<ReturnType<typeof sessions>>[number];

/** The runs' order of the builds: the first one measured changes from run to run. */
const alternate = <T>(xs: T[], run: number) => (run % 2 === 0 ? [...xs].reverse() : xs);

// ---------------------------------------------------------------- Lighthouse

type Mode = 'cold, HTTP/2' | 'warm, HTTP/2' | 'cold, HTTP/1.1';
const MODES: Mode[] = ['cold, HTTP/2', 'warm, HTTP/2', 'cold, HTTP/1.1'];

interface Sample {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  requests: number;
  scripts: number;
  /** bytes over the network (a warm load's cached files count 0) */
  transferKb: number;
  /** the page's protocol as Chromium reports it (h2, http/1.1) */
  protocol: string;
}

/** A headless Chromium for Lighthouse, with its DevTools port; `http1`: HTTP/2 off (an older client). */
async function startChrome(http1: boolean): Promise<{ port: number; stop: () => void }> {
  const devtools = await freePort();
  const profile = mkdtempSync(join(work, 'chrome-'));
  const child = spawn(
    CHROME,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      TRUST_CERT,
      ...(http1 ? ['--disable-http2'] : []),
      `--remote-debugging-port=${devtools}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const stop = () => {
    running.delete(stop);
    child.kill('SIGTERM');
    setTimeout(() => rmSync(profile, { recursive: true, force: true }), 500).unref();
  };
  running.add(stop);
  await waitFor(`http://127.0.0.1:${devtools}/json/version`);
  return { port: devtools, stop };
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
    cookies: [{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: base, httpOnly: true, secure: true, sameSite: 'Lax' }],
  });
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  protocol?: string;
}

/** One Lighthouse run; `warm`: the browser's cache and storage kept from the run before. */
async function lighthouseRun(url: string, devtools: number, warm: boolean): Promise<{ sample: Sample; costs: string[] } | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await lighthouse(
        url,
        { port: devtools, output: 'json', logLevel: 'error', disableStorageReset: warm },
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
      const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
        (i) => !i.url.startsWith('data:'),
      );
      return {
        sample: {
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: value('largest-contentful-paint'),
          tbt: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          requests: items.length,
          scripts: items.filter((i) => i.resourceType === 'Script').length,
          transferKb: items.reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / 1024,
          protocol: items[0]?.protocol ?? '?',
        },
        costs,
      };
    } catch (err) {
      // Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): tried
      // again, then the run is left out of the medians (said here) rather than the whole bench lost
      const message = err instanceof Error ? err.message : String(err);
      if (attempt >= 3) {
        console.log(`  left out: ${url}: ${message}`);
        return null;
      }
      console.log(`  retrying ${url}: ${message}`);
    }
  }
}

type LighthouseSamples = Map<string, Map<Mode, Map<Route, Sample[]>>>;

async function benchLighthouse(builds: Build[], session: Session[], routes: Route[]): Promise<LighthouseSamples> {
  const h2 = await startChrome(false);
  const h1 = await startChrome(true);
  const samples: LighthouseSamples = new Map(builds.map((b) => [b.name, new Map(MODES.map((m) => [m, new Map<Route, Sample[]>()]))]));
  const record = (build: Build, mode: Mode, route: Route, run: { sample: Sample; costs: string[] } | null) => {
    if (!run) return;
    const { sample, costs } = run;
    const mine = samples.get(build.name)?.get(mode) as Map<Route, Sample[]>;
    mine.set(route, [...(mine.get(route) ?? []), sample]);
    console.log(
      `  ${build.name} ${route} ${mode} (${sample.protocol}): performance ${sample.performance}, LCP ${Math.round(sample.lcp)} ms, ` +
        `TBT ${Math.round(sample.tbt)} ms, CLS ${sample.cls.toFixed(3)}, ${sample.requests} requests, ${sample.scripts} scripts, ` +
        `${Math.round(sample.transferKb)} KB (load ${load()})`,
    );
    if (args.details) for (const c of costs) console.log(`    ${c}`);
  };
  try {
    for (let run = 1; run <= RUNS; run++) {
      console.log(`Lighthouse run ${run}`);
      for (const route of routes) {
        for (const i of alternate([...builds.keys()], run)) {
          const build = builds[i] as Build;
          const { cookie, paths } = session[i] as Session;
          const url = build.base + paths[route];
          const signedIn = route === '/sign-in' ? undefined : cookie;
          await setSession(h2.port, build.base, signedIn);
          record(build, 'cold, HTTP/2', route, await lighthouseRun(url, h2.port, false));
          // the same browser right after: its cache holds what the cold load fetched
          record(build, 'warm, HTTP/2', route, await lighthouseRun(url, h2.port, true));
          if (HTTP1_ROUTES.includes(route)) {
            await setSession(h1.port, build.base, signedIn);
            record(build, 'cold, HTTP/1.1', route, await lighthouseRun(url, h1.port, false));
          }
        }
      }
    }
  } finally {
    h2.stop();
    h1.stop();
  }
  return samples;
}

// ---------------------------------------------------------------- before the title

interface TitleSample {
  /** ms from navigation start until the page's h1 has its text */
  titleMs: number;
  scripts: number;
  gzipKb: number;
}

/** The gzip size of a built file (the build's .gz copy, else compressed here). */
function gzipBytes(dir: string, path: string): number {
  const file = join(dir, 'dist', path);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
}

/** One cold load of `path` on a slow phone: when its title shows, and the scripts fetched until then. */
async function beforeTitle(browser: Browser, build: Build, cookie: string | undefined, path: string): Promise<TitleSample> {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });
  try {
    if (cookie) {
      const at = cookie.indexOf('=');
      await context.addCookies([
        { name: cookie.slice(0, at), value: cookie.slice(at + 1), url: build.base, httpOnly: true, secure: true, sameSite: 'Lax' },
      ]);
    }
    // the moment the page's heading has its words (the app draws each page's h1)
    await context.addInitScript({
      content: `new MutationObserver(() => {
  if (window.benchTitleAt !== undefined) return;
  const h = document.querySelector('h1');
  if (h && h.textContent.trim()) window.benchTitleAt = performance.now();
}).observe(document, { childList: true, subtree: true, characterData: true });`,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(path, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { benchTitleAt?: number }).benchTitleAt !== undefined, undefined, {
      timeout: 120_000,
    });
    const { titleAt, scripts } = await page.evaluate(() => {
      const at = (window as unknown as { benchTitleAt: number }).benchTitleAt;
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        titleAt: at,
        scripts: entries
          .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.responseEnd <= at)
          .map((e) => new URL(e.name).pathname),
      };
    });
    if (new URL(page.url()).pathname === '/sign-in' && !path.endsWith('/sign-in'))
      throw new Error(`${path}: signed out (ended on /sign-in)`);
    return {
      titleMs: titleAt,
      scripts: scripts.length,
      gzipKb: scripts.reduce((sum, p) => sum + gzipBytes(build.dir, p), 0) / 1024,
    };
  } finally {
    await context.close();
  }
}

type TitleSamples = Map<string, Map<Route, TitleSample[]>>;

async function benchTitle(builds: Build[], session: Session[], routes: Route[]): Promise<TitleSamples> {
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu', TRUST_CERT] });
  const samples: TitleSamples = new Map(builds.map((b) => [b.name, new Map<Route, TitleSample[]>()]));
  try {
    for (let run = 1; run <= RUNS; run++) {
      for (const route of routes) {
        for (const i of alternate([...builds.keys()], run)) {
          const build = builds[i] as Build;
          const { cookie, paths } = session[i] as Session;
          const s = await beforeTitle(browser, build, route === '/sign-in' ? undefined : cookie, build.base + paths[route]);
          const mine = samples.get(build.name) as Map<Route, TitleSample[]>;
          mine.set(route, [...(mine.get(route) ?? []), s]);
          console.log(
            `  run ${run} ${build.name} ${route}: title at ${Math.round(s.titleMs)} ms, ${s.scripts} scripts (${s.gzipKb.toFixed(1)} KB gzip) before it (load ${load()})`,
          );
        }
      }
    }
  } finally {
    await browser.close();
  }
  return samples;
}

// ---------------------------------------------------------------- interactions (INP)

const WEB_VITALS = resolve('node_modules/web-vitals/dist/web-vitals.attribution.iife.js');
// the INP and what it was made of (web-vitals' attribution build: the same INP, with its parts)
const WEB_VITALS_SCRIPT = `${readFileSync(WEB_VITALS, 'utf8')};
webVitals.onINP((metric) => {
  window.benchInp = metric.value;
  const a = metric.attribution;
  window.benchInpParts = {
    value: metric.value, target: a.interactionTarget, type: a.interactionType,
    inputDelay: a.inputDelay, processingDuration: a.processingDuration, presentationDelay: a.presentationDelay,
    totalScriptDuration: a.totalScriptDuration, totalStyleAndLayoutDuration: a.totalStyleAndLayoutDuration,
    totalPaintDuration: a.totalPaintDuration, totalUnattributedDuration: a.totalUnattributedDuration,
    frames: (a.longAnimationFrameEntries || []).map((f) => ({
      startTime: f.startTime, duration: f.duration, blockingDuration: f.blockingDuration,
      renderStart: f.renderStart, styleAndLayoutStart: f.styleAndLayoutStart,
      scripts: f.scripts.map((x) => ({ invoker: x.invoker, sourceURL: x.sourceURL, sourceFunctionName: x.sourceFunctionName,
        duration: x.duration, forcedStyleAndLayoutDuration: x.forcedStyleAndLayoutDuration })),
    })),
  };
}, { reportAllChanges: true, durationThreshold: 16 });
window.benchInpListening = true;`;
type Interaction =
  | 'open the status filter (projects)'
  | 'declare a month (36-month claim)'
  | 'the month form: tap to its first field (ms)'
  | 'switch the language'
  | 'round: tick every row (~50)'
  | 'round: open "declare the checked rows"'
  | 'round: confirm (the worst tap so far)';
/** The interactions measured: all, or those named by a word of --inp. */
const chosen = (what: string) => !args.inp?.length || args.inp.some((word) => what.includes(word));
const INTERACTIONS = (['open the status filter (projects)', 'declare a month (36-month claim)', 'switch the language'] as const).filter(
  chosen,
);
/** Figures that are times, not INP (no budget of 200 ms). */
const NOT_INP: Interaction[] = ['the month form: tap to its first field (ms)'];
type InpResults = Map<string, Map<Interaction, number[]>>;

const playwrightBrowser = () => chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu', TRUST_CERT] });

/**
 * Signs in through the API as `user`, opens `path` with the CPU slowed 4x and web-vitals' INP listening; the
 * page to interact with, and (with --profile or --trace) `record`, which starts the page's CPU profiler or
 * trace and answers the function that stops it and writes them as `name`.
 */
async function slowPage(
  browser: Browser,
  base: string,
  path: string,
  user = STAFF,
): Promise<{ page: Page; close: () => Promise<void>; record: () => Promise<(name: string) => Promise<void>> }> {
  const context = await browser.newContext({
    baseURL: base,
    // for the context's own API requests (the sign-in below), made from this process
    ignoreHTTPSErrors: true,
    locale: 'fr-FR',
    viewport: { width: 1280, height: 800 },
  });
  const login = await context.request.post('/api/login', { headers: { origin: base }, data: user });
  if (!login.ok()) throw new Error(`${base}: sign-in answered ${login.status()}`);
  // the library and its use in one script: Playwright runs each init script in its own scope
  await context.addInitScript({ content: WEB_VITALS_SCRIPT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path);
  const record = async () => {
    const profiling = args.profile !== undefined;
    const tracing = args.trace !== undefined;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    // DevTools' Performance panel's categories: the main thread's tasks, their scripts' samples, event timings and frames
    if (tracing)
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.frame',
          'v8.execute',
          'disabled-by-default-v8.cpu_profiler',
          'blink.user_timing',
          'latencyInfo',
          'loading',
        ],
      });
    return async (name: string) => {
      const file = name.replace(/[^a-z0-9]+/gi, '-');
      if (profiling) {
        const { profile } = await cdp.send('Profiler.stop');
        mkdirSync(args.profile as string, { recursive: true });
        writeFileSync(join(args.profile as string, `${file}.cpuprofile`), JSON.stringify(profile));
      }
      if (tracing) {
        const trace = await browser.stopTracing();
        mkdirSync(args.trace as string, { recursive: true });
        writeFileSync(join(args.trace as string, `${file}.json`), trace);
        const parts = await page.evaluate(() => (window as unknown as { benchInpParts?: unknown }).benchInpParts ?? null);
        writeFileSync(join(args.trace as string, `${file}-inp.json`), JSON.stringify(parts, null, 2));
      }
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

async function interact(
  browser: Browser,
  build: Build,
  what: Interaction,
  claimId: string,
  run: number,
): Promise<Map<Interaction, number>> {
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
      return new Map([[what, inp]]);
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
      const tapped = Date.now();
      await open.click();
      const form = page.getByRole('form', { name: 'Déclarer ce mois' });
      const field = form.getByRole('group', { name: 'Date d’échéance' }).getByRole('spinbutton').first();
      await field.waitFor({ timeout: 60_000 });
      const toField = Date.now() - tapped;
      await field.click();
      await page.keyboard.type(`${d}${m}${y}`);
      await form.getByRole('button', { name: 'Déclarer', exact: true }).click();
      await form.waitFor({ state: 'detached', timeout: 30_000 });
      const inp = await readInp(page);
      await recorded(name);
      return new Map([
        [what, inp],
        ['the month form: tap to its first field (ms)', toField],
      ]);
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
    return new Map([[what, inp]]);
  } finally {
    await close();
  }
}

const push = (results: InpResults, build: string, figures: Map<Interaction, number>) => {
  const mine = results.get(build) as Map<Interaction, number[]>;
  for (const [what, value] of figures) {
    mine.set(what, [...(mine.get(what) ?? []), value]);
    console.log(`  ${build} ${what}: ${Math.round(value)} ms (load ${load()})`);
  }
};

async function benchInp(builds: Build[], results: InpResults): Promise<void> {
  const claims = await Promise.all(builds.map((b) => claimOf36Months(b.base)));
  const browser = await playwrightBrowser();
  try {
    for (let run = 1; run <= INP_RUNS; run++) {
      console.log(`interactions, run ${run}`);
      for (const what of INTERACTIONS)
        for (const i of alternate([...builds.keys()], run)) {
          const build = builds[i] as Build;
          push(results, build.name, await interact(browser, build, what, claims[i] as string, run));
        }
    }
  } finally {
    await browser.close();
  }
}

/** The round's staff user and manager (live mode: a users file). */
const ROUND_STAFF = { email: 'bench-staff@demo.fr', password: 'bench-password-1' };

/** A sandbox seeded for the round (about 50 claims with a month due), the build's own, and the build served in front of it. */
async function roundTarget(build: Build, users: string): Promise<Build> {
  const sandboxPort = await freePort();
  const data = mkdtempSync(join(work, `${build.name}-round-sandbox-`));
  const sandbox = spawnLogged(
    process.execPath,
    ['--enable-source-maps', 'build/sandbox/main.js'],
    build.dir,
    // 275 projects give about 60 active contracts; the demo's claim plan leaves 5 in 6 open with months due
    { SANDBOX_PORT: String(sandboxPort), DATA_DIR: data, SANDBOX_SEED_PROJECTS: '275', SANDBOX_SEED_CLAIMS: '60', LOG_LEVEL: 'error' },
    join(data, 'sandbox.log'),
  );
  const stopSandbox = () => {
    running.delete(stopSandbox);
    stopGroup(sandbox);
    setTimeout(() => rmSync(data, { recursive: true, force: true }), 1000).unref();
  };
  running.add(stopSandbox);
  const partner = `http://127.0.0.1:${sandboxPort}`;
  try {
    await waitFor(`${partner}/healthz`);
    const served = await serve(`${build.name}-round`, build.dir, { partner, users });
    return {
      ...served,
      stop: () => {
        served.stop();
        stopSandbox();
      },
    };
  } catch (err) {
    stopSandbox();
    throw err;
  }
}

/** Until the read model's initial sync is done (the round reads it). */
async function synced(base: string): Promise<void> {
  const cookie = await signIn(base, 'bench@demo.fr', 'bench-password-1');
  for (const t0 = Date.now(); ;) {
    const state = (await (await fetch(`${base}/api/sync/state`, { headers: { cookie } })).json()) as { initial: { phase: string } };
    if (state.initial.phase === 'done') return;
    if (Date.now() - t0 > 600_000) throw new Error('the initial sync did not end within 10 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function roundTaps(browser: Browser, target: Build, run: number): Promise<Map<Interaction, number>> {
  await synced(target.base);
  const { page, close, record } = await slowPage(browser, target.base, '/round', ROUND_STAFF);
  try {
    const main = page.getByRole('main');
    const all = main.getByRole('checkbox', { name: 'Cocher toutes les lignes affichées' });
    await all.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    let recorded = await record();
    await all.check();
    const tick = await readInp(page);
    await recorded(`${target.name}-tick-${run}`);
    const declare = main.getByRole('button', { name: /^Déclarer les \d+ lignes cochées$/ });
    const rows = Number((await declare.textContent())?.match(/\d+/)?.[0] ?? 0);
    recorded = await record();
    await declare.click();
    const dialog = page.getByRole('dialog', { name: 'Déclarer ces mois ?' });
    await dialog.waitFor();
    const open = await readInp(page);
    await recorded(`${target.name}-open-${run}`);
    await dialog.getByRole('button', { name: 'Déclarer' }).click();
    await page.getByText(/^Envoi en cours/).waitFor({ state: 'detached', timeout: 180_000 });
    const confirm = await readInp(page);
    console.log(`  ${target.name}: ${rows} rows`);
    return new Map<Interaction, number>([
      ['round: tick every row (~50)', tick],
      ['round: open "declare the checked rows"', open],
      ['round: confirm (the worst tap so far)', confirm],
    ]);
  } finally {
    await close();
  }
}

async function benchRound(builds: Build[], results: InpResults): Promise<void> {
  const users = await benchUsers(work);
  const browser = await playwrightBrowser();
  try {
    for (let run = 1; run <= INP_RUNS; run++) {
      console.log(`the round, run ${run}`);
      for (const build of alternate(builds, run)) {
        const target = await roundTarget(build, users);
        try {
          push(results, build.name, await roundTaps(browser, target, run));
        } finally {
          target.stop();
        }
      }
    }
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------- tables

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

function printLighthouse(builds: Build[], samples: LighthouseSamples): void {
  console.log(`\nLighthouse 12 mobile, median of ${RUNS} run(s) per route and build, builds alternating`);
  console.log(
    `goals: cold LCP <= 2.5 s and performance >= 80 over HTTP/2, warm LCP <= 1.5 s, TBT <= 300 ms, at most ${SCRIPT_FILES_GOAL} script files per cold page (OVER marks a miss)`,
  );
  for (const mode of MODES) {
    const rows: string[][] = [];
    for (const route of ROUTES)
      for (const b of builds) {
        const xs = samples.get(b.name)?.get(mode)?.get(route) ?? [];
        if (!xs.length) continue;
        const m = (k: keyof Omit<Sample, 'protocol'>) => median(xs.map((s) => s[k]));
        const lcpGoal = mode.startsWith('warm') ? 1500 : 2500;
        rows.push([
          route,
          b.name,
          `${m('performance')}${mode === 'cold, HTTP/2' && m('performance') < 80 ? ' OVER' : ''}`,
          `${(m('lcp') / 1000).toFixed(2)} s${m('lcp') > lcpGoal && mode !== 'cold, HTTP/1.1' ? ' OVER' : ''}`,
          `${Math.round(m('tbt'))} ms${m('tbt') > 300 ? ' OVER' : ''}`,
          m('cls').toFixed(3),
          String(m('requests')),
          `${m('scripts')}${mode.startsWith('cold') && m('scripts') > SCRIPT_FILES_GOAL ? ' OVER' : ''}`,
          `${Math.round(m('transferKb'))} KB`,
          [...new Set(xs.map((s) => s.protocol))].join(' '),
        ]);
      }
    if (!rows.length) continue;
    console.log(`\n${mode}`);
    table(['route', 'build', 'perf', 'LCP', 'TBT', 'CLS', 'requests', 'scripts', 'transferred', 'protocol'], rows);
  }
}

function printTitle(builds: Build[], samples: TitleSamples): void {
  console.log(
    `\nBefore the title paints (Chromium, CPU 4x slower, 150 ms / 1.6 Mbit/s, cold, HTTP/2), median of ${RUNS} run(s): ` +
      'the script files fetched before the page’s h1 has its words, their gzip bytes, and when it has them',
  );
  const rows: string[][] = [];
  for (const route of ROUTES)
    for (const b of builds) {
      const xs = samples.get(b.name)?.get(route) ?? [];
      if (!xs.length) continue;
      rows.push([
        route,
        b.name,
        String(median(xs.map((s) => s.scripts))),
        `${median(xs.map((s) => s.gzipKb)).toFixed(1)} KB`,
        `${Math.round(median(xs.map((s) => s.titleMs)))} ms`,
      ]);
    }
  table(['route', 'build', 'script files', 'gzip', 'title at'], rows);
}

function printInp(builds: Build[], results: InpResults): void {
  console.log(
    `\nInteraction to Next Paint (web-vitals onINP), Chromium with its CPU slowed 4x, over HTTP/2, median of ${INP_RUNS} run(s), budget <= ${INP_BUDGET_MS} ms`,
  );
  const all = [...new Set(builds.flatMap((b) => [...(results.get(b.name)?.keys() ?? [])]))];
  const rows = all.map((what) => [
    what,
    ...builds.map((b) => {
      const xs = results.get(b.name)?.get(what) ?? [];
      const m = median(xs);
      const verdict = NOT_INP.includes(what) ? '' : m <= INP_BUDGET_MS ? ' OK' : ' OVER';
      return `${Math.round(m)} ms${verdict} (${xs.map(Math.round).join(', ')})`;
    }),
  ]);
  table(['interaction', ...builds.map((b) => `INP ${b.name}`)], rows);
}

function printFirstLoad(builds: Build[]): void {
  console.log('\nFirst-load JavaScript (scripts/first-load-budget.ts: the entry and its modulepreloads, gzip; budget 200 KB)');
  table(
    ['build', 'files', 'gzip'],
    builds.map((b) => {
      const r = firstLoadReport(join(b.dir, 'dist'));
      return [b.name, String(r.sizes.length), `${r.totalKb.toFixed(1)} KB`];
    }),
  );
}

async function main() {
  const dirs = [{ name: 'this', dir: process.cwd() }, ...(args.base ? [{ name: 'base', dir: resolve(args.base) }] : [])];
  const builds: Build[] = [];
  // stopped by hand (Ctrl-C, kill): the servers, in their own process groups, stop too
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      for (const stop of [...running]) stop();
      process.exit(130);
    });
  try {
    for (const d of dirs) builds.push(await serve(d.name, d.dir));
    for (const b of builds)
      console.log(`${b.name}: ${b.dir}, served at ${b.base} ${b.via === 'https' ? 'by its own server' : 'through Caddy'}`);
    console.log(`load average at start: ${load()}`);
    const routes = ROUTES.filter((r) => !args.only?.length || args.only.includes(r));
    const session = await sessions(builds);
    const lighthouseSamples = args['no-lighthouse'] ? null : await benchLighthouse(builds, session, routes);
    const titleSamples = args['no-title'] ? null : await benchTitle(builds, session, routes);
    const inp: InpResults = new Map(builds.map((b) => [b.name, new Map<Interaction, number[]>()]));
    if (!args['no-inp'] && INTERACTIONS.length > 0) await benchInp(builds, inp);
    if (!args['no-round'] && chosen('round')) await benchRound(builds, inp);
    console.log(`\nload average at end: ${load()}`);
    printFirstLoad(builds);
    if (lighthouseSamples) printLighthouse(builds, lighthouseSamples);
    if (titleSamples) printTitle(builds, titleSamples);
    if (!args['no-inp'] || !args['no-round']) printInp(builds, inp);
  } finally {
    for (const b of builds) b.stop();
    setTimeout(() => rmSync(work, { recursive: true, force: true }), 1500).unref();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
