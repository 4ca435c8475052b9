/**
 * What the app runs at start on a slow phone, before its first page is drawn: the page's CPU
 * profile (Chrome DevTools Protocol, through Playwright's Chromium) with the CPU slowed 4x, from
 * navigation to the page's title, signed in as staff; the long task in which the entry's scripts run
 * (the scripts index.html loads; the samples around their first one, up to an idle stretch of 1 ms
 * on each side) and where its time goes, then all the main thread's work until the title (the
 * page's own code and what it imports run after the entry's task), by source, self and total;
 * mapped back to the sources through the build's source maps. A benchmark, not a test: it prints
 * figures.
 *
 *   npx tsx bench/profile-entry.ts                      this checkout's build (npm run build first), route /
 *   npx tsx bench/profile-entry.ts --base ../other      and another build, in turn
 *   npx tsx bench/profile-entry.ts --route /claims --runs 5 --top 20 --out DIR   (DIR: the .cpuprofile files)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium, type Browser } from '@playwright/test';
import { median } from './support/figures.js';
import { freePort, signIn, waitFor } from './support/live.js';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    route: { type: 'string', default: '/' },
    runs: { type: 'string', default: '3' },
    top: { type: 'string', default: '15' },
    out: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 1);
const TOP = Math.max(1, Number(args.top) || 15);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const STAFF = { email: 'staff@demo-agency.fr', password: 'sandbox-demo' };

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface Served {
  name: string;
  dir: string;
  base: string;
  stop: () => void;
}

/** A build served by its own `npm run serve` (plain HTTP: the entry's CPU work does not depend on the protocol). */
async function serve(name: string, dir: string): Promise<Served> {
  if (!existsSync(join(dir, 'dist/index.html'))) throw new Error(`${dir} is not built: run npm run build there first`);
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), `profile-entry-${name}-`));
  const log = openSync(join(data, 'serve.log'), 'a');
  const child: ChildProcess = spawn('npm', ['run', 'serve'], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, PORT: String(port), SANDBOX_PORT: String(await freePort()), DATA_DIR: join(data, 'data'), LOG_LEVEL: 'warn' },
  });
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    setTimeout(() => rmSync(data, { recursive: true, force: true }), 1000).unref();
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/readyz`);
  } catch (err) {
    stop();
    throw new Error(`${name} did not start: see ${join(data, 'serve.log')}`, { cause: err });
  }
  return { name, dir, base, stop };
}

/** One cold load of the route, profiled from navigation until the page's title has its words. */
async function profileLoad(browser: Browser, served: Served, cookie: string): Promise<Profile> {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });
  try {
    const at = cookie.indexOf('=');
    await context.addCookies([
      { name: cookie.slice(0, at), value: cookie.slice(at + 1), url: served.base, httpOnly: true, sameSite: 'Lax' },
    ]);
    await context.addInitScript({
      content: `new MutationObserver(() => {
  if (window.benchTitleAt !== undefined) return;
  const h = document.querySelector('h1');
  if (h && h.textContent.trim()) window.benchTitleAt = performance.now();
}).observe(document, { childList: true, subtree: true, characterData: true });`,
    });
    const page = await context.newPage();
    // a page of the same site first: the profiled navigation stays in this renderer process
    await page.goto(`${served.base}/favicon.svg`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${served.base}${args.route}`);
    await page.waitForFunction(() => (window as unknown as { benchTitleAt?: number }).benchTitleAt !== undefined, undefined, {
      timeout: 120_000,
    });
    const { profile } = await cdp.send('Profiler.stop');
    return profile as unknown as Profile;
  } finally {
    await context.close();
  }
}

/** Where a frame of the build comes from: `package` for a library, the source file for the app's code, with the function's name. */
function sourceOf(dir: string): (frame: CallFrame) => { where: string; fn: string } {
  const maps = new Map<string, TraceMap | null>();
  return (frame) => {
    if (!frame.url) return { where: frame.functionName || '(native)', fn: frame.functionName };
    const path = new URL(frame.url).pathname;
    if (!maps.has(path)) {
      const file = join(dir, 'dist', `${path}.map`);
      maps.set(path, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
    }
    const map = maps.get(path);
    const pos = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
    const source = pos?.source ?? path;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
    const where = pkg ?? source.replace(/^.*?\/src\//, 'src/');
    return { where, fn: `${pos?.name ?? frame.functionName ?? ''}@${where}:${pos?.line ?? frame.lineNumber + 1}` };
  };
}

interface EntryTask {
  ms: number;
  /** ms per source (the app's file nearest the sample's leaf, else the library's package), inclusive */
  bySource: Map<string, number>;
  /** ms per leaf function (self time) */
  bySelf: Map<string, number>;
  /** ms per app file and what ran under it (the leaf's library or file) */
  byPair: Map<string, number>;
  /** all the main thread's work from navigation to the title: ms */
  untilTitle: number;
  /** the same, per source (module of the app, else package) where the time was spent (self) */
  titleSelf: Map<string, number>;
  /** the same, per source on the stack (total: a source counts once per sample however deep) */
  titleTotal: Map<string, number>;
}

/** Idle stretches shorter than this do not end the entry's task (a script evaluated right after the one before it). */
const JOIN_MS = 1;

/**
 * The long task that runs the entry (the scripts index.html loads: its module and the files it
 * preloads, whichever the bundler put the start-up's code in): the busy samples around the first
 * sample of one of them, joined across idle gaps under JOIN_MS; and all the work until the title.
 */
function entryTask(profile: Profile, served: Served): EntryTask {
  const html = readFileSync(join(served.dir, 'dist/index.html'), 'utf8');
  const entryFiles = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stack = (id: number) => {
    const frames: ProfileNode[] = [];
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) frames.push(byId.get(cur) as ProfileNode);
    return frames; // leaf first
  };
  const idle = (i: number) => byId.get(profile.samples[i] as number)?.callFrame.functionName === '(idle)';
  const dtOf = (i: number) => profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
  const first = profile.samples.findIndex((id) => stack(id).some((n) => entryFiles.some((f) => n.callFrame.url.endsWith(f))));
  if (first < 0) throw new Error(`no sample of the entry ${entryFiles.join(', ')}: was the page loaded?`);
  // the busy run around `first`, continued across idle gaps shorter than JOIN_MS
  const extend = (at: number, step: 1 | -1) => {
    let edge = at;
    for (let i = at + step, gap = 0; i >= 0 && i < profile.samples.length; i += step) {
      if (idle(i)) {
        gap += dtOf(i) / 1000;
        if (gap >= JOIN_MS) break;
      } else {
        gap = 0;
        edge = i;
      }
    }
    return edge;
  };
  const from = extend(first, -1);
  const to = extend(first, 1);
  const source = sourceOf(served.dir);
  const bySource = new Map<string, number>();
  const bySelf = new Map<string, number>();
  const byPair = new Map<string, number>();
  const titleSelf = new Map<string, number>();
  const titleTotal = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, ms: number) => m.set(k, (m.get(k) ?? 0) + ms);
  let us = 0;
  let untilTitle = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    if (idle(i)) continue;
    const ms = dtOf(i) / 1000;
    const frames = stack(profile.samples[i] as number).filter((n) => n.callFrame.functionName !== '(root)');
    const located = frames.map((n) => ({ node: n, ...source(n.callFrame) }));
    const leaf = located[0];
    untilTitle += ms;
    add(titleSelf, leaf?.where ?? '(program)', ms);
    for (const where of new Set(located.map((f) => f.where))) add(titleTotal, where, ms);
    if (i < from || i > to) continue;
    us += ms * 1000;
    const mine = located.find((f) => f.where.startsWith('src/')) ?? leaf;
    const key = mine?.where ?? '(program)';
    add(bySource, key, ms);
    add(bySelf, leaf?.fn ?? '(program)', ms);
    add(byPair, `${key} → ${leaf?.where ?? '(program)'}`, ms);
  }
  return { ms: us / 1000, bySource, bySelf, byPair, untilTitle, titleSelf, titleTotal };
}

function top(maps: Map<string, number>[], n: number): [string, number][] {
  const keys = new Set(maps.flatMap((m) => [...m.keys()]));
  return [...keys]
    .map((k): [string, number] => [k, median(maps.map((m) => m.get(k) ?? 0))])
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
}

async function main() {
  const dirs = [{ name: 'this', dir: process.cwd() }, ...(args.base ? [{ name: 'base', dir: resolve(args.base) }] : [])];
  const builds: Served[] = [];
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const d of dirs) builds.push(await serve(d.name, d.dir));
    const cookies = await Promise.all(builds.map((b) => signIn(b.base, STAFF.email, STAFF.password)));
    const tasks = new Map<string, EntryTask[]>(builds.map((b) => [b.name, []]));
    for (let run = 1; run <= RUNS; run++)
      for (const [i, b] of (run % 2 ? builds : [...builds].reverse()).map((x) => [builds.indexOf(x), x] as const)) {
        const profile = await profileLoad(browser, b, cookies[i] as string);
        if (args.out) {
          mkdirSync(args.out, { recursive: true });
          writeFileSync(join(args.out, `${b.name}-${run}.cpuprofile`), JSON.stringify(profile));
        }
        const task = entryTask(profile, b);
        tasks.get(b.name)?.push(task);
        console.log(`run ${run} ${b.name}: the entry's task ${Math.round(task.ms)} ms (load ${loadavg()[0]?.toFixed(2)})`);
      }
    for (const b of builds) {
      const mine = tasks.get(b.name) ?? [];
      console.log(
        `\n${b.name} (${b.dir}), ${args.route}, CPU 4x slower: the entry's long task, median of ${mine.length}: ${Math.round(median(mine.map((t) => t.ms)))} ms (${mine.map((t) => Math.round(t.ms)).join(', ')})`,
      );
      console.log('  by source (the app file nearest the work, else the library), ms:');
      for (const [k, v] of top(
        mine.map((t) => t.bySource),
        TOP,
      ))
        console.log(`  ${v.toFixed(1).padStart(8)}  ${k}`);
      console.log('  by app file and what ran under it, ms:');
      for (const [k, v] of top(
        mine.map((t) => t.byPair),
        TOP,
      ))
        console.log(`  ${v.toFixed(1).padStart(8)}  ${k}`);
      console.log('  by function (self time), ms:');
      for (const [k, v] of top(
        mine.map((t) => t.bySelf),
        TOP,
      ))
        console.log(`  ${v.toFixed(1).padStart(8)}  ${k}`);
      console.log(
        `  all the main thread's work from navigation to the title, median: ${Math.round(median(mine.map((t) => t.untilTitle)))} ms (${mine.map((t) => Math.round(t.untilTitle)).join(', ')})`,
      );
      console.log('  by source, self | total (the source anywhere on the stack), ms:');
      const totals = mine.map((t) => t.titleTotal);
      for (const [k, v] of top(
        mine.map((t) => t.titleSelf),
        TOP,
      ))
        console.log(
          `  ${v.toFixed(1).padStart(8)} | ${median(totals.map((m) => m.get(k) ?? 0))
            .toFixed(1)
            .padStart(8)}  ${k}`,
        );
      console.log('  by source, total, ms:');
      for (const [k, v] of top(totals, TOP)) console.log(`  ${v.toFixed(1).padStart(8)}  ${k}`);
    }
  } finally {
    await browser.close();
    for (const b of builds) b.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
