import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInByApi } from './support.js';

/** A phone's screen (390 x 844, French), signed in as staff through the API. */
async function phoneSignedIn(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  const page = await context.newPage();
  await signInByApi(page);
  return { context, page };
}

/**
 * The app's start-up on a slow phone (issue 14): Lighthouse's mobile profile runs the CPU 4× slower
 * and counts every task over 50 ms as blocking. Evaluating the app's modules was one task (React
 * DOM, the router, MUI and emotion, zod and the contract, i18next: ~120-160 ms, ×4); main.tsx now
 * runs them in steps with a yield between them.
 */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** time on the thread's CPU: what the task cost, whatever else the (shared) machine was doing */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * The CPU time spent evaluating JavaScript modules (V8's `v8.evaluateModule`) in each task of the
 * page's main thread, from the navigation until `ready` holds, with the CPU `slowdown` times slower
 * (Chromium's CPU throttling, as Lighthouse's mobile profile).
 */
async function moduleEvaluationPerTask(browser: Browser, page: Page, path: string, ready: () => Promise<void>, slowdown: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', '__metadata'],
  });
  await page.goto(path);
  await ready();
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const mainThreads = new Set(
    traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: TraceEvent) => mainThreads.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && e.dur !== undefined;
  const tasks = traceEvents.filter((e) => onMain(e) && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'));
  const evaluations = traceEvents.filter((e) => onMain(e) && e.name === 'v8.evaluateModule');
  const perTask = new Map<TraceEvent, number>();
  for (const evaluation of evaluations) {
    // the outermost task holding it (tasks nest: a task inside another's run loop is part of it)
    const task = tasks
      .filter((t) => t.ts <= evaluation.ts && evaluation.ts < t.ts + (t.dur ?? 0))
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
    if (!task) continue;
    // nested evaluations (a module importing another) are inside their parent's duration
    const outer = evaluations.some(
      (o) => o !== evaluation && o.ts <= evaluation.ts && evaluation.ts + (evaluation.dur ?? 0) <= o.ts + (o.dur ?? 0),
    );
    if (outer) continue;
    perTask.set(task, (perTask.get(task) ?? 0) + (evaluation.tdur ?? evaluation.dur ?? 0) / 1000);
  }
  return [...perTask.values()].sort((a, b) => b - a);
}

test('the app’s modules run in several short tasks, none holding most of the start-up (4× slower CPU)', async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, page } = await phoneSignedIn(browser);
  const ms = await moduleEvaluationPerTask(
    browser,
    page,
    '/projects',
    async () => {
      await expect(page.getByRole('link', { name: 'Nouveau projet' })).toBeVisible({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
    },
    4,
  );
  const total = ms.reduce((sum, m) => sum + m, 0);
  const report = `module evaluation per task (CPU ms, 4× slower CPU): ${ms.map((m) => m.toFixed(0)).join(', ')}`;
  test.info().annotations.push({ type: 'start-up', description: report });
  // Durations on a shared machine vary with its load, their proportions much less: one task evaluated
  // ~80% of the start-up's modules before (the entry and all it imports; the page's own chunk and the
  // features' copy the rest). In steps, the largest (zod and the contract's errors) holds about a third.
  expect(ms.length, report).toBeGreaterThanOrEqual(6);
  expect((ms[0] ?? 0) / total, report).toBeLessThan(0.5);
  await context.close();
});

test('a “not signed in” answer to a page’s first read, before the page is drawn, still sends to sign-in', async ({ page }) => {
  // On a slow network: the page's code comes late, the session check later still; the list's first
  // read (started by the route's loader) answers 401 at once, before anything of the app is drawn.
  // Only that answer can send the visitor to sign-in: it must not be lost (bcf1252).
  let releaseCode: () => void = () => undefined;
  const code = new Promise<void>((r) => (releaseCode = r));
  await page.route(/\/assets\/page-projects-[\w-]+\.js$/, async (route) => {
    await code;
    await route.continue();
  });
  let releaseSession: () => void = () => undefined;
  const session = new Promise<void>((r) => (releaseSession = r));
  await page.route(/\/api\/session$/, async (route) => {
    await session;
    await route.continue().catch(() => undefined);
  });
  let refused = false;
  await page.route(/\/api\/v3\/projects\?/, async (route) => {
    const response = await route.fetch();
    expect(response.status()).toBe(401);
    await route.fulfill({ response });
    refused = true;
  });
  await page.goto('/projects');
  await expect.poll(() => refused).toBe(true);
  // the answer has been handled while nothing of the app was drawn; only then does the page's code come
  await page.waitForTimeout(300);
  releaseCode();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fprojects$/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  releaseSession();
});

interface ProfileChunk {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  ph: string;
  dur?: number;
  args?: {
    data?: {
      startTime?: number;
      timeDeltas?: number[];
      cpuProfile?: {
        nodes?: { id: number; parent?: number; callFrame: { url: string; lineNumber: number; columnNumber: number } }[];
        samples?: number[];
      };
    };
  };
}

/**
 * The tasks of the page's main thread in which each script's own top-level code ran (from the CPU
 * profile's samples: a module chunk's top-level function is at line 0, column 0 of its file), by
 * the script's file name.
 */
async function topLevelTasks(browser: Browser, page: Page, path: string, ready: () => Promise<void>): Promise<Map<string, Set<number>>> {
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'toplevel',
      'disabled-by-default-v8.cpu_profiler',
      'disabled-by-default-v8.cpu_profiler.hires',
      '__metadata',
    ],
  });
  await page.goto(path);
  await ready();
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: ProfileChunk[] };
  // the page's renderer: the profiled process with the most samples (a first renderer may be profiled too)
  const sampleCount = (pid: number) =>
    traceEvents
      .filter((e) => e.pid === pid && e.name === 'ProfileChunk')
      .reduce((n, e) => n + (e.args?.data?.cpuProfile?.samples?.length ?? 0), 0);
  const profiled = traceEvents.filter((e) => e.name === 'Profile').sort((a, b) => sampleCount(b.pid) - sampleCount(a.pid))[0];
  if (!profiled) throw new Error('no CPU profile in the trace');
  const pid = profiled.pid;
  // the outermost tasks of the main thread, in order
  const all = traceEvents.filter((e) => e.pid === pid && e.tid === pid && e.ph === 'X' && e.name === 'RunTask');
  const tasks = all
    .filter((t) => !all.some((o) => o !== t && o.ts <= t.ts && t.ts + (t.dur ?? 0) <= o.ts + (o.dur ?? 0) && (o.dur ?? 0) > (t.dur ?? 0)))
    .sort((a, b) => a.ts - b.ts);
  const nodes = new Map<number, { parent?: number; callFrame: { url: string; lineNumber: number; columnNumber: number } }>();
  const samples: number[] = [];
  const deltas: number[] = [];
  let start = profiled.args?.data?.startTime ?? 0;
  for (const e of traceEvents.filter((t) => t.pid === pid && t.name === 'ProfileChunk')) {
    for (const n of e.args?.data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    samples.push(...(e.args?.data?.cpuProfile?.samples ?? []));
    deltas.push(...(e.args?.data?.timeDeltas ?? []));
  }
  const found = new Map<string, Set<number>>();
  samples.forEach((id, i) => {
    start += deltas[i] ?? 0;
    const task = tasks.findIndex((t) => t.ts <= start && start < t.ts + (t.dur ?? 0));
    for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
      const { url, lineNumber, columnNumber } = n.callFrame;
      if (task >= 0 && url && lineNumber === 0 && columnNumber === 0) {
        const file = url.split('/').pop() ?? url;
        found.set(file, (found.get(file) ?? new Set()).add(task));
      }
    }
  });
  return found;
}

test('the chart’s code runs in two tasks on the claim workspace: what it is built on, then the charts (4× slower CPU)', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { context, page } = await phoneSignedIn(browser);
  const claims = (await (await page.request.get('/api/v1/claims?pageSize=1')).json()) as { items: { id: string }[] };
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const load = () =>
    topLevelTasks(browser, page, `/claims/${claims.items[0]?.id ?? ''}`, async () => {
      await expect(page.getByRole('heading', { name: 'Quittances' })).toBeVisible({ timeout: 30_000 });
      // on a phone the chart is built when its place comes on screen (e2e/claim-chart.spec.ts)
      const chart = page.getByRole('group', { name: 'Répartition mois par mois : locataire, garant, reste dû' });
      await chart.scrollIntoViewIfNeeded();
      await expect(chart.locator('svg').first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
    });
  const of = (found: Map<string, Set<number>>, chunk: RegExp) =>
    [...found].filter(([file]) => chunk.test(file)).flatMap(([, ids]) => [...ids]);
  // A chunk is seen only if a CPU sample lands in its top level: the base's few milliseconds were
  // missed in about 1 load of 6 (CI, 4x CPU). Up to three loads until both are seen; the order is
  // asserted on the load that saw them (the old build, with no such chunk, fails all three).
  let tasks = await load();
  for (
    let attempt = 1;
    attempt < 3 && !(of(tasks, /^charts-base-[\w-]+\.js$/).length && of(tasks, /^charts-[\w-]{8}\.js$/).length);
    attempt++
  )
    tasks = await load();
  const base = of(tasks, /^charts-base-[\w-]+\.js$/);
  const charts = of(tasks, /^charts-[\w-]{8}\.js$/);
  const report = `tasks running each chunk's top level: ${[...tasks].map(([f, ids]) => `${f} ${[...ids].join('/')}`).join(', ')}`;
  test.info().annotations.push({ type: 'chart steps', description: report });
  // MUI X Charts with its d3 was one chunk evaluated in one task (80-120 ms at 4x)
  expect(base.length, report).toBeGreaterThan(0);
  expect(charts.length, report).toBeGreaterThan(0);
  expect(Math.max(...base), report).toBeLessThan(Math.min(...charts));
  await context.close();
});

test('the contract’s schemas run in steps: its rules before its common schemas, then the reads’ schemas one chunk a task (4× slower CPU)', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await phoneSignedIn(browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const load = () =>
    topLevelTasks(browser, page, '/claims', async () => {
      await expect(page.getByRole('heading', { name: 'Sinistres' })).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
    });
  const chunks = { rules: /^rules-/, common: /^common-/, projects: /^projects-/, claims: /^claims-/, operations: /^operations-/ };
  const of = (found: Map<string, Set<number>>, chunk: RegExp) =>
    [...found].filter(([file]) => chunk.test(file) && /^[a-z]+-[\w-]{8}\.js$/.test(file)).flatMap(([, ids]) => [...ids]);
  const allSeen = (found: Map<string, Set<number>>) => Object.values(chunks).every((c) => of(found, c).length > 0);
  // a chunk is seen only if a CPU sample lands in its top level (a few ms): up to three loads until
  // all are seen; the order is asserted on the load that saw them
  let tasks = await load();
  for (let attempt = 1; attempt < 3 && !allSeen(tasks); attempt++) tasks = await load();
  const report = `tasks running each chunk's top level: ${[...tasks].map(([f, ids]) => `${f} ${[...ids].join('/')}`).join(', ')}`;
  test.info().annotations.push({ type: 'contract steps', description: report });
  const [rules, common, projects, claims, operations] = Object.values(chunks).map((c) => of(tasks, c));
  for (const seen of [rules, common, projects, claims, operations]) expect(seen?.length, report).toBeGreaterThan(0);
  // the rules and the common schemas were one task of ~100 ms at 4x; the three chunks of the reads'
  // schemas one of ~120 ms with the reads' module
  expect(Math.max(...(rules ?? [])), report).toBeLessThan(Math.min(...(common ?? [])));
  expect(Math.max(...(projects ?? [])), report).toBeLessThan(Math.min(...(claims ?? [])));
  expect(Math.max(...(claims ?? [])), report).toBeLessThan(Math.min(...(operations ?? [])));
  await context.close();
});

test('no modulepreload for the entry script: it has run before any import, and a tag inserted in a start-up step costs a few ms', async ({
  page,
}) => {
  await signInByApi(page);
  await page.goto('/projects');
  await expect(page.getByRole('link', { name: 'Nouveau projet' })).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const { entry, preloads } = await page.evaluate(() => ({
    entry: [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map((s) => new URL(s.src).pathname),
    preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname),
  }));
  expect(entry).toHaveLength(1);
  expect(preloads.length).toBeGreaterThan(10);
  expect(preloads).not.toContain(entry[0]);
});

test('i18next’s first translation runs in the start-up, not in the first render (its plural rules are built outside React)', async ({
  page,
}) => {
  // every plural rules object the page builds, with whether React (its chunk) was on the stack
  await page.addInitScript(() => {
    const Native = Intl.PluralRules;
    const built: boolean[] = [];
    Error.stackTraceLimit = 100;
    (window as unknown as { __pluralRules: boolean[] }).__pluralRules = built;
    Object.defineProperty(Intl, 'PluralRules', {
      configurable: true,
      writable: true,
      value: new Proxy(Native, {
        construct(target, args: ConstructorParameters<typeof Intl.PluralRules>) {
          built.push(/\/assets\/react-dom-/.test(new Error().stack ?? ''));
          return new target(...args);
        },
      }),
    });
  });
  await signInByApi(page);
  await page.goto('/projects');
  await expect(page.getByRole('link', { name: 'Nouveau projet' })).toBeVisible({ timeout: 20_000 });
  const built = await page.evaluate(() => (window as unknown as { __pluralRules: boolean[] }).__pluralRules);
  expect(built.length).toBeGreaterThan(0);
  // the first one: i18next's, at the start-up's first translation (main.tsx), with no React on the stack
  expect(built[0]).toBe(false);
});

test('the sign-in page loads none of the other pages’ reads nor their schemas (its loader reads the mode only)', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const file = /\/assets\/([\w-]+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname)?.[1];
    if (file) scripts.push(file);
  });
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  // its own code came (the mode's read with it), zod and the contract's shared schemas too (its form)
  expect(scripts).toEqual(expect.arrayContaining(['page-sign-in', 'get-mode', 'common']));
  // the reads' module, the features' reads and the contract's projects, claims and operations: none
  for (const other of ['prefetch', 'get-claims', 'get-inbox', 'get-projects', 'claim-reads', 'projects', 'claims', 'operations'])
    expect(scripts, other).not.toContain(other);
});
