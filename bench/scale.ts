/**
 * The read model at an organization's full size, on SQLite and on PostgreSQL (results:
 * docs/benchmarks.md), run by `BENCH_ONLY=scale npm run bench`.
 *
 * The sandbox is seeded once at BENCH_SCALE_PROJECTS (200,000) projects and BENCH_SCALE_CLAIMS
 * (24,000: 20,000 of them open) claims (bench/seed-memory.ts with a folder to keep), then each run
 * starts a sandbox on a copy of that data and this checkout's server (BENCH_BUILD, build/ by
 * default) in live mode behind a proxy that counts the partner calls, its state in SQLite or in
 * PostgreSQL (a cluster started as the tests start theirs, a database per run). A run measures:
 *  1. the initial sync: its time, its partner calls and the server's peak resident memory;
 *  2. reads with no partner call (the proxy's count before and after is printed): p50 / p95 of 30
 *     reads of the work queue, the claims list (newest first, by outstanding), the projects list
 *     (newest first, by tenant), the intermediary's project list, the global search by part of a
 *     name or street, and the projects and claims lists searched by part of a tenant's name;
 *  3. the projects CSV, all rows: its time and the server's memory growth while it streams;
 *  4. the reconciliation: with the server stopped, changes are made at the partner that no webhook
 *     tells (claims' statuses, receipts signed, new projects, projects moved on), then the server
 *     starts again on its data and runs its passes. The production budget is 300 calls a minute for
 *     a 60-minute period; the run keeps that pass's share of it (16,200 calls) at 60 times the
 *     pace (18,000 calls a minute, a 1-minute period), so a pass's partner calls are the
 *     production pass's, its time here is its own work, and its time at the production budget is
 *     its calls at 300 a minute. Two passes: the one after the changes (its drift, what it left for
 *     the next) and the next one (nothing changed). The server's peak memory during both.
 * BENCH_RUNS (3) runs, the dialects' order alternating; medians per dialect. BENCH_DIALECTS
 * (sqlite,postgres), BENCH_SCALE_CHANGES (100 of each kind of change), BENCH_SCALE_TEMPLATE=dir
 * (the seeded data kept there, and used from there next time), BENCH_JSON=file writes the results too. Nothing pinned: the load average is printed with each run.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { CLAIM_STATUSES, PROJECT_STATUSES } from '../src/contract/enums.js';
import { claimAwaitsDocuments, isClaimOpen, projectTakesDocuments } from '../src/contract/lifecycle.js';
import { hashPassword } from '../src/server/auth/passwords.js';
import { startCluster, type TestCluster } from '../src/server/test/postgres.js';
import { countingProxy } from './support/counting-proxy.js';
import { loadAverage, median } from './support/figures.js';
import { TOKEN, peakDuring, ports, rss, signIn, start, startServer, waitFor } from './support/live.js';

/** The server measured (BENCH_BUILD: another checkout's build/); the sandbox, the partner, is always this checkout's. */
const BUILD = process.env.BENCH_BUILD ?? 'build';
const SANDBOX = 'build/sandbox/main.js';
const PROJECTS = Number(process.env.BENCH_SCALE_PROJECTS ?? 200_000);
const CLAIMS = Number(process.env.BENCH_SCALE_CLAIMS ?? 24_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',').map((d) => d.trim()) as Dialect[];
const CHANGES = Number(process.env.BENCH_SCALE_CHANGES ?? 100);
/** BENCH_SCALE_PASSES (1): the passes measured after the changes (the second: nothing changed since the first). */
const PASSES = Math.max(1, Number(process.env.BENCH_SCALE_PASSES ?? 1));
const JSON_OUT = process.env.BENCH_JSON;
/** BENCH_SCALE_TEMPLATE=dir: the seeded sandbox's data kept there, and taken from there when it is (runs on several days, arms apart). */
const TEMPLATE = process.env.BENCH_SCALE_TEMPLATE;
/** The production budget and period, and the factor the passes are run faster by (the same calls per pass). */
const BUDGET = 300;
const PERIOD_MINUTES = 60;
const SPEED = 60;
const REPEATS = 30;

type Dialect = 'sqlite' | 'postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

interface Stat {
  p50: number;
  p95: number;
}
const stat = (xs: number[]): Stat => ({ p50: pct(xs, 0.5), p95: pct(xs, 0.95) });

interface Pass {
  ms: number;
  calls: number;
  drift: number;
  left: number;
  errors: number;
  done: number;
}

interface RunResult {
  dialect: Dialect;
  run: number;
  load: string;
  initial: { ms: number; calls: number; peakMb: number };
  reads: Record<string, Stat>;
  readsPartnerCalls: number;
  inboxLines: number;
  csv: { ms: number; rows: number; growthMb: number; peakMb: number };
  changes: number;
  passes: { afterChanges: Pass; next: Pass | null; peakMb: number };
  /** The partner calls the previous pass made (every list page, every project taking documents, every open claim's months and documents before apply): counted from the partner's lists, not run. */
  previousPlan: number;
}

/** Seeds the sandbox once at the bench's scale (a child process: its gigabyte is not this one's). */
async function seedTemplate(dir: string): Promise<{ seconds: number; peakMb: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/seed-memory.ts', String(PROJECTS), String(CLAIMS), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`seeding failed (${code})`);
  const r = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { seconds: number; rssPeakMb: number };
  return { seconds: r.seconds, peakMb: r.rssPeakMb };
}

async function usersFile(dir: string): Promise<string> {
  const file = join(dir, 'users.json');
  const passwordHash = await hashPassword('bench-password-1');
  writeFileSync(
    file,
    JSON.stringify({
      users: [
        { email: 'bench@demo.fr', name: 'Bench', role: 'manager', passwordHash },
        { email: 'inter@demo.fr', name: 'Inter', role: 'intermediary', passwordHash },
      ],
    }),
  );
  return file;
}

/** GETs each of `paths` in turn, `times` times: the latencies (ms); any answer but 200 stops the bench. */
async function timed(base: string, cookie: string, paths: string[], times = REPEATS): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const path = paths[i % paths.length] ?? '/';
    const t0 = performance.now();
    const res = await fetch(base + path, { headers: { cookie, 'accept-encoding': 'gzip' } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
    ms.push(performance.now() - t0);
  }
  return ms;
}

type SyncState = {
  initial: { phase: string; startedAt: number | null; finishedAt: number | null; calls: number };
  passes: { last: (Omit<Pass, 'left'> & { left?: number; startedAt: number; finishedAt: number | null }) | null };
};
async function syncState(base: string, cookie: string): Promise<SyncState> {
  for (;;) {
    const res = await fetch(`${base}/api/sync/state`, { headers: { cookie } });
    if (res.status === 200) return (await res.json()) as SyncState;
    await res.arrayBuffer();
    if (res.status !== 503) throw new Error(`sync state answered ${res.status}`);
    await sleep(1000);
  }
}

const partner = (sandbox: string) => async (method: string, path: string, body?: unknown) => {
  const res = await fetch(sandbox + path, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return text ? (JSON.parse(text) as unknown) : null;
};

/**
 * Changes at the partner that no webhook tells (the sandbox has no webhook address here): CHANGES
 * claims to another status, CHANGES receipts signed (the claims' entries unchanged), CHANGES new
 * projects, CHANGES projects' documents validated. The number of changed entities.
 */
async function changeAtPartner(sandbox: string): Promise<number> {
  const call = partner(sandbox);
  let n = 0;
  type Page<T> = { items: T[] };
  const validated: { id: string }[] = [];
  for (let page = 1; validated.length < CHANGES * 4 && page < 50; page++) {
    const items = ((await call('GET', `/v1/claims?status=30&pageSize=100&page=${page}`)) as Page<{ id: string }>).items;
    if (items.length === 0) break;
    validated.push(...items);
  }
  // receipts awaiting signature (half the validated claims have one): signed, the claims' entries unchanged
  let signed = 0;
  for (const c of validated.slice(CHANGES)) {
    if (signed >= CHANGES) break;
    const pending = (await call('GET', `/v1/claims/${c.id}/rentaldebts/pending-signature`)) as { id: string }[];
    const first = pending[0];
    if (!first) continue;
    await call('POST', `/sandbox/claims/${c.id}/rentaldebts/${first.id}/receipt/sign`);
    signed++;
  }
  n += signed;
  for (const c of validated.slice(0, CHANGES)) {
    await call('POST', `/sandbox/claims/${c.id}/status`, { status: 50 });
    n++;
  }
  for (let i = 0; i < CHANGES; i++) {
    await call('POST', '/v3/projects', {
      profile: {
        gender: 2,
        firstName: 'Zoé',
        lastName: `Nouvelle${i}`,
        email: `nouvelle${i}@exemple.fr`,
        dateOfBirth: '1990-02-03',
        phone: { phoneContryCode: 'FR', phoneFormated: '+33612345678' },
      },
      finance: { status: 4, monthlyIncome: 3200 },
    });
    n++;
  }
  const waiting = (await call('GET', `/v3/projects?status=1&pageSize=100`)) as Page<{ id: string }>;
  for (const p of waiting.items.slice(0, CHANGES)) {
    await call('POST', `/sandbox/projects/${p.id}/documents/validate`);
    n++;
  }
  return n;
}

/**
 * The calls the previous pass made, counted from the partner's lists (not run: at this size it
 * takes hours): every page of both lists, every project taking documents (its required documents),
 * every open claim's months and, while it awaits documents, its required documents.
 */
async function previousPlan(sandbox: string): Promise<number> {
  const call = partner(sandbox);
  const total = async (path: string, statuses: readonly number[]) => {
    if (statuses.length === 0) return 0;
    const q = statuses.map((st) => `status=${st}`).join('&');
    return ((await call('GET', `${path}?pageSize=1&${q}`)) as { total: number }).total;
  };
  const all = async (path: string) => ((await call('GET', `${path}?pageSize=1`)) as { total: number }).total;
  const projects = await all('/v3/projects');
  const claims = await all('/v1/claims');
  const codes = <T extends { code: number }>(list: readonly T[], keep: (code: number) => boolean) => list.map((e) => e.code).filter(keep);
  return (
    Math.ceil(projects / 100) +
    Math.ceil(claims / 100) +
    (await total('/v3/projects', codes(PROJECT_STATUSES, projectTakesDocuments))) +
    (await total('/v1/claims', codes(CLAIM_STATUSES, isClaimOpen))) +
    (await total('/v1/claims', codes(CLAIM_STATUSES, claimAwaitsDocuments)))
  );
}

/** Waits for a pass that started after `after` to finish; answers it and when it started. */
async function passAfter(base: string, cookie: string, after: number): Promise<Pass & { startedAt: number }> {
  for (;;) {
    const last = (await syncState(base, cookie)).passes.last;
    if (last && last.startedAt > after && last.finishedAt !== null)
      return {
        startedAt: last.startedAt,
        ms: last.finishedAt - last.startedAt,
        calls: last.calls,
        drift: last.drift,
        left: last.left ?? 0,
        errors: last.errors,
        done: last.done,
      };
    await sleep(1000);
  }
}

/** Waits for a process to end (a server stopped with SIGTERM closes its database first). */
async function exited(pid: number): Promise<void> {
  for (let i = 0; i < 600 && existsSync(`/proc/${pid}`); i++) await sleep(100);
}

async function measure(dialect: Dialect, run: number, dir: string, template: string, users: string, cluster: TestCluster | null) {
  const work = join(dir, `${dialect}-${run}`);
  mkdirSync(join(work, 'sandbox'), { recursive: true });
  copyFileSync(join(template, 'sandbox.sqlite'), join(work, 'sandbox', 'sandbox.sqlite'));
  const { sandbox: sbPort } = await ports();
  const sb = start(SANDBOX, { SANDBOX_PORT: String(sbPort), DATA_DIR: join(work, 'sandbox') });
  const sandbox = `http://127.0.0.1:${sbPort}`;
  const proxy = await countingProxy(sandbox);
  let databaseUrl: Record<string, string> = {};
  let dropDatabase = async (): Promise<void> => undefined;
  if (cluster) {
    const name = `scale_${run}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(cluster.adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = { DATABASE_URL: url.toString() };
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: cluster.adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const stops: (() => void)[] = [() => sb.kill('SIGTERM'), proxy.close];
  try {
    await waitFor(`${sandbox}/healthz`);
    const load = loadAverage();
    // 1. the initial sync, at the production budget and period (no pass starts before the bench ends its reads)
    const production = { SYNC_CALLS_PER_MINUTE: String(BUDGET), SYNC_PERIOD_MINUTES: String(PERIOD_MINUTES), ...databaseUrl };
    const first = await startServer(BUILD, proxy.url, work, 'server', users, production);
    stops.push(first.stop);
    const manager = first.headers.cookie;
    const { result: initial, peak: initialPeak } = await peakDuring(first.pid, async () => {
      for (;;) {
        const s = await syncState(first.base, manager);
        if (s.initial.phase === 'done') return s.initial;
        await sleep(1000);
      }
    });
    const init = { ms: (initial.finishedAt ?? 0) - (initial.startedAt ?? 0), calls: initial.calls, peakMb: initialPeak };
    console.log(
      `[${dialect} ${run}] initial sync ${(init.ms / 1000).toFixed(1)} s, ${init.calls} partner calls, server peak ${init.peakMb.toFixed(0)} MB; load ${load}`,
    );

    // 2. reads, the partner's calls counted around them
    const inter = await signIn(first.base, 'inter@demo.fr', 'bench-password-1');
    const pages = (path: string, extra = '') => Array.from({ length: 10 }, (_, i) => `${path}?page=${i + 1}&pageSize=25${extra}`);
    await timed(first.base, manager, ['/api/inbox', '/api/lists/claims', '/api/lists/projects', '/api/search?q=mart'], 4);
    const inboxLines = ((await (await fetch(`${first.base}/api/inbox`, { headers: { cookie: manager } })).json()) as { total: number })
      .total;
    const before = proxy.count();
    const reads: Record<string, Stat> = {
      'work queue': stat(await timed(first.base, manager, ['/api/inbox'])),
      'claims list, newest first': stat(await timed(first.base, manager, pages('/api/lists/claims'))),
      'claims list, by outstanding': stat(await timed(first.base, manager, pages('/api/lists/claims', '&sort=-outstanding'))),
      'projects list, newest first': stat(await timed(first.base, manager, pages('/api/lists/projects'))),
      'projects list, by tenant': stat(await timed(first.base, manager, pages('/api/lists/projects', '&sort=tenant'))),
      "intermediary's project list": stat(await timed(first.base, inter, pages('/api/lists/projects'))),
      'global search, part of a name': stat(
        await timed(
          first.base,
          manager,
          ['mart', 'ernar', 'lukas', 'bois', 'lambe', 'oberkampf', 'yasm', 'nouvel'].map((q) => `/api/search?q=${q}`),
        ),
      ),
      'projects list searched by part of a name': stat(
        await timed(
          first.base,
          manager,
          ['mart', 'ernar', 'bois', 'yasm'].map((q) => `/api/lists/projects?page=1&pageSize=25&search=${q}`),
        ),
      ),
      'claims list searched by part of a name': stat(
        await timed(
          first.base,
          manager,
          ['mart', 'ernar', 'bois', 'yasm'].map((q) => `/api/lists/claims?page=1&pageSize=25&search=${q}`),
        ),
      ),
    };
    const readsPartnerCalls = proxy.count() - before;
    for (const [name, s] of Object.entries(reads))
      console.log(`[${dialect} ${run}] ${name}: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`);
    console.log(`[${dialect} ${run}] partner calls during the reads: ${readsPartnerCalls}; work queue lines: ${inboxLines}`);

    // 3. the projects CSV, whole
    await sleep(2000);
    const csvBefore = rss(first.pid);
    const t0 = performance.now();
    const { result: rows, peak: csvPeak } = await peakDuring(first.pid, async () => {
      const res = await fetch(`${first.base}/api/exports/projects.csv?lang=fr`, {
        headers: { cookie: manager, 'accept-encoding': 'identity' },
      });
      if (res.status !== 200) throw new Error(`projects.csv answered ${res.status}`);
      let lines = 0;
      for await (const chunk of res.body ?? []) for (const b of chunk as Uint8Array) if (b === 10) lines++;
      return lines - 1;
    });
    const csv = { ms: performance.now() - t0, rows, growthMb: csvPeak - csvBefore, peakMb: csvPeak };
    console.log(
      `[${dialect} ${run}] projects CSV: ${rows} rows in ${(csv.ms / 1000).toFixed(2)} s, server memory ${csvBefore.toFixed(0)} MB before, peak ${csvPeak.toFixed(0)} MB (+${csv.growthMb.toFixed(0)} MB)`,
    );
    first.stop();
    stops.pop();
    await exited(first.pid);

    // 4. changes no webhook tells, then the passes (the production pass's calls, SPEED times the pace)
    const changes = await changeAtPartner(sandbox);
    const plan = await previousPlan(sandbox);
    const fast = {
      SYNC_CALLS_PER_MINUTE: String(BUDGET * SPEED),
      SYNC_PERIOD_MINUTES: String(PERIOD_MINUTES / SPEED),
    };
    const startedAt = Date.now();
    const second = await startServer(BUILD, proxy.url, work, 'server', users, { ...databaseUrl, ...fast });
    stops.push(second.stop);
    const { result: passes, peak: passPeak } = await peakDuring(second.pid, async () => {
      const { startedAt: firstStart, ...afterChanges } = await passAfter(second.base, second.headers.cookie, startedAt);
      if (PASSES < 2) return { afterChanges, next: null };
      const next = await passAfter(second.base, second.headers.cookie, firstStart);
      return {
        afterChanges,
        next: { ms: next.ms, calls: next.calls, drift: next.drift, left: next.left, errors: next.errors, done: next.done },
      };
    });
    for (const [name, p] of Object.entries(passes))
      if (p)
        console.log(
          `[${dialect} ${run}] pass ${name === 'afterChanges' ? `after ${changes} changes` : 'next, nothing changed'}: ${(p.ms / 1000).toFixed(1)} s here, ${p.calls} partner calls (${(p.calls / BUDGET).toFixed(1)} min at ${BUDGET} a minute, period ${PERIOD_MINUTES} min), drift ${p.drift}, left ${p.left}, errors ${p.errors}`,
        );
    console.log(`[${dialect} ${run}] server peak during the passes ${passPeak.toFixed(0)} MB`);
    second.stop();
    stops.pop();
    await exited(second.pid);

    return {
      dialect,
      run,
      load,
      initial: init,
      reads,
      readsPartnerCalls,
      inboxLines,
      csv,
      changes,
      passes: { ...passes, peakMb: passPeak },
      previousPlan: plan,
    } satisfies RunResult;
  } finally {
    for (const stop of stops.reverse()) stop();
    await sleep(1000);
    await dropDatabase().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

export async function benchScale(dir: string): Promise<void> {
  const template = TEMPLATE ?? join(dir, 'template');
  if (TEMPLATE && existsSync(join(TEMPLATE, 'sandbox.sqlite'))) console.log(`the sandbox's data from ${TEMPLATE}`);
  else {
    console.log(`seeding the sandbox: ${PROJECTS} projects, ${CLAIMS} claims (load ${loadAverage()})`);
    const seeded = await seedTemplate(template);
    console.log(`seeded in ${seeded.seconds} s, peak ${seeded.peakMb} MB`);
  }
  const users = await usersFile(dir);
  const cluster = DIALECTS.includes('postgres') ? await startCluster() : null;
  // stopped from the terminal: the cluster goes too (it runs as its own process)
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      cluster?.stop();
      process.exit(1);
    });
  const results: RunResult[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      const order = run % 2 === 1 ? DIALECTS : [...DIALECTS].reverse();
      for (const dialect of order) results.push(await measure(dialect, run, dir, template, users, dialect === 'postgres' ? cluster : null));
    }
  } finally {
    cluster?.stop();
  }
  if (JSON_OUT)
    writeFileSync(
      JSON_OUT,
      JSON.stringify({ build: BUILD, at: new Date().toISOString(), projects: PROJECTS, claims: CLAIMS, results }, null, 2),
    );

  const f = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
  const of = (d: Dialect) => results.filter((r) => r.dialect === d);
  const m = (d: Dialect, pick: (r: RunResult) => number) => median(of(d).map(pick));
  const runs = (d: Dialect, pick: (r: RunResult) => number, show: (n: number) => string) =>
    of(d)
      .map((r) => show(pick(r)))
      .join(', ');
  const row = (name: string, pick: (r: RunResult) => number, show: (n: number) => string) =>
    `| ${name} | ${DIALECTS.map((d) => `**${show(m(d, pick))}** (${runs(d, pick, show)})`).join(' | ')} |`;
  const mb = (n: number) => `${n.toFixed(0)} MB`;
  const n = (x: number) => x.toFixed(0);
  const min = (calls: number) => `${(calls / BUDGET).toFixed(1)} min`;
  console.log(`\n${PROJECTS} projects, ${CLAIMS} claims: medians of ${RUNS} runs (the runs in brackets)`);
  console.log(`| | ${DIALECTS.join(' | ')} |`);
  console.log(`|${' --- |'.repeat(DIALECTS.length + 1)}`);
  const lines = [
    row('initial sync', (r) => r.initial.ms, f),
    row('initial sync, partner calls', (r) => r.initial.calls, n),
    row('server peak memory, initial sync', (r) => r.initial.peakMb, mb),
    ...Object.keys(results[0]?.reads ?? {}).map((name) => row(`${name}, p50`, (r) => r.reads[name]?.p50 ?? 0, f)),
    row('partner calls during the reads', (r) => r.readsPartnerCalls, n),
    row('projects CSV, all rows', (r) => r.csv.ms, f),
    row('server memory growth during the CSV', (r) => r.csv.growthMb, mb),
    row(`pass after ${results[0]?.changes ?? 0} changes: partner calls`, (r) => r.passes.afterChanges.calls, n),
    row('its time at 300 calls a minute', (r) => r.passes.afterChanges.calls, min),
    row('its own time (60x the pace)', (r) => r.passes.afterChanges.ms, f),
    row('its drift', (r) => r.passes.afterChanges.drift, n),
    row('what it left for the next pass', (r) => r.passes.afterChanges.left, n),
    ...(PASSES > 1
      ? [
          row('next pass: partner calls', (r) => r.passes.next?.calls ?? 0, n),
          row('its own time', (r) => r.passes.next?.ms ?? 0, f),
          row('its drift', (r) => r.passes.next?.drift ?? 0, n),
        ]
      : []),
    row('the previous pass (every open claim read): partner calls, counted', (r) => r.previousPlan, n),
    row('its time at 300 calls a minute', (r) => r.previousPlan, min),
    row('server peak memory, passes', (r) => r.passes.peakMb, mb),
  ];
  for (const line of lines) console.log(line);
  console.log(
    `budgets: work queue p50 < 50 ms: ${DIALECTS.map((d) => `${d} ${m(d, (r) => r.reads['work queue']?.p50 ?? 0) < 50 ? 'OK' : 'OVER'}`).join(', ')}`,
  );
}
