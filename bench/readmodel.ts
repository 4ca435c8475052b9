/**
 * The read model's bench (results: docs/benchmarks.md), run by `BENCH_ONLY=readmodel npm run bench`.
 * For each size of BENCH_SIZES (default 2000,20000 projects; claims a fifth of them), ONE sandbox
 * seeded at that size serves both arms in turn:
 *  - this checkout's server (build/), live mode, in front of a counting proxy: the initial sync's
 *    time and partner calls (its own count and the proxy's), then p50/p95 of the work queue
 *    (GET /api/inbox), the global search (GET /api/search?q=, names, streets, e-mails in turn), the
 *    intermediary's project list (GET /api/lists/projects, pages in turn), the claims list newest
 *    first and by outstanding amount (GET /api/lists/claims, pages in turn), the projects CSV (all
 *    rows, three times), then 10 simulated users reading the work queue, both lists and the search
 *    for BENCH_STEADY_SECONDS (60): the partner calls the proxy saw per minute meanwhile, against
 *    SYNC_CALLS_PER_MINUTE;
 *  - the old gather, BENCH_OLD=dir (another checkout's build/, e.g. commit c1a1d9d's): its work
 *    queue cold (INBOX_CACHE_MS=1), the intermediary's project list (GET /api/v3/projects) and
 *    the CSV, behind its own counting proxy, after
 *    its start-up warm-up has settled.
 * A table puts each read's p50 at every size side by side with its growth from the smallest to the
 * largest (the budget: flat from 2,000 to 20,000). BENCH_BUILD=dir measures another checkout's build
 * (a "before") with this script; BENCH_JSON=file writes the results there too.
 * The arms never run at once (the old server's gathers would load the sandbox under the new one's
 * reads). Nothing is pinned: the machine is shared, the load average is printed with each size.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from '../src/server/auth/passwords.js';
import { loadAverage } from './support/figures.js';
import { countingProxy } from './support/counting-proxy.js';
import { ports, signIn, start, startServer } from './support/live.js';

const BUILD = process.env.BENCH_BUILD ?? 'build';
const OLD = process.env.BENCH_OLD;
/** BENCH_SIZES: projects per size, comma-separated ("2000,20000"; "20_000" is read as 20000). */
const SIZES = (process.env.BENCH_SIZES ?? '2000,20000').split(',').map((s) => {
  const n = Number(s.trim().replaceAll('_', ''));
  if (!Number.isInteger(n) || n < 5) throw new Error(`BENCH_SIZES: "${s}" is not a number of projects (write e.g. 2000,20000)`);
  return n;
});
/** BENCH_JSON=file: the results written there too (to put runs side by side). */
const JSON_OUT = process.env.BENCH_JSON;
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 60);
const CALLS_PER_MINUTE = Number(process.env.SYNC_CALLS_PER_MINUTE ?? 300);
const REPEATS = 30;
const SEARCHES = ['martin', 'garnier', 'lukasz', 'lea', 'oberkampf', 'lafayette', 'bern', 'demo.fr', 'lambert', 'rou'];

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * 503 SERVER_BUSY answers (the server shedding load while its event loop lags): a user sees them,
 * so they are counted (per size) and the request is asked again a second later, as the page would.
 */
let shedCount = 0;

/** GETs `path` (each of `paths` in turn) `times` times in a row: the latencies (ms) of 2xx answers; throws on any other but 503. */
async function timed(base: string, cookie: string, paths: string[], times: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const path = paths[i % paths.length] ?? '/';
    const t0 = performance.now();
    const res = await fetch(base + path, { headers: { cookie, 'accept-encoding': 'gzip' } });
    const body = await res.arrayBuffer();
    if (res.status === 503) {
      shedCount++;
      i--;
      await sleep(1000);
      continue;
    }
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
    ms.push(performance.now() - t0);
  }
  return ms;
}

/** The projects CSV, whole: its time and rows (a 503 counted and asked again a second later). */
async function csv(base: string, cookie: string): Promise<{ ms: number; rows: number }> {
  for (;;) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/exports/projects.csv?lang=fr`, { headers: { cookie, 'accept-encoding': 'identity' } });
    let lines = 0;
    for await (const chunk of res.body ?? []) for (const b of chunk as Uint8Array) if (b === 10) lines++;
    if (res.status === 503) {
      shedCount++;
      await sleep(1000);
      continue;
    }
    if (res.status !== 200) throw new Error(`projects.csv answered ${res.status}`);
    return { ms: performance.now() - t0, rows: lines - 1 };
  }
}

async function users(dir: string): Promise<string> {
  const file = join(dir, 'rm-users.json');
  const hash = await hashPassword('bench-password-1');
  writeFileSync(
    file,
    JSON.stringify({
      users: [
        { email: 'bench@demo.fr', name: 'Bench', role: 'manager', passwordHash: hash },
        { email: 'inter@demo.fr', name: 'Inter', role: 'intermediary', passwordHash: hash },
      ],
    }),
  );
  return file;
}

interface Stat {
  p50: number;
  p95: number;
  n: number;
}
const stat = (xs: number[]): Stat => ({ p50: pct(xs, 0.5), p95: pct(xs, 0.95), n: xs.length });

interface SizeResult {
  projects: number;
  claims: number;
  seedMs: number;
  load: string;
  sync: { ms: number; calls: number; proxyCalls: number; busy: number; projects: number; claims: number };
  inbox: Stat;
  inboxTotal: number;
  readsShed: number;
  search: Stat;
  interList: Stat;
  /** The claims list (manager), newest first (its default) and by outstanding amount, pages in turn. */
  claimsList: Stat;
  claimsByOutstanding: Stat;
  csv: { ms: number[]; rows: number };
  steady: { seconds: number; userRequests: number; partnerCalls: number; perMinute: number; budget: number; shed: number; latency: Stat };
  old?: { inbox: Stat; interList: Stat; csv: { ms: number[]; rows: number }; callsPerInbox: number; warmupCalls: number; load: string };
}

async function measureSize(dir: string, usersFile: string, projects: number): Promise<SizeResult> {
  const claims = Math.round(projects / 5);
  const { sandbox: sbPort } = await ports();
  const t0 = performance.now();
  const sb = start(join(BUILD, 'sandbox/main.js'), {
    SANDBOX_PORT: String(sbPort),
    DATA_DIR: join(dir, `rm-${projects}-sandbox`),
    SANDBOX_SEED_PROJECTS: String(projects),
    SANDBOX_SEED_CLAIMS: String(claims),
  });
  const sandbox = `http://127.0.0.1:${sbPort}`;
  const closers: (() => void)[] = [() => sb.kill('SIGTERM')];
  try {
    // seeding 20,000 projects takes a while: wait up to 10 minutes
    for (let i = 0; ; i++) {
      if (
        await fetch(`${sandbox}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 6000) throw new Error('the sandbox did not come up');
      await sleep(100);
    }
    const seedMs = performance.now() - t0;
    const load = loadAverage();
    console.log(`\n[${projects}] sandbox seeded (${projects} projects, ${claims} claims) in ${(seedMs / 1000).toFixed(1)} s; load ${load}`);

    // this checkout: the read model
    const proxy = await countingProxy(sandbox);
    closers.push(proxy.close);
    const srv = await startServer(BUILD, proxy.url, dir, `rm-${projects}-new`, usersFile, {
      SYNC_CALLS_PER_MINUTE: String(CALLS_PER_MINUTE),
    });
    closers.push(srv.stop);
    const manager = srv.headers.cookie;
    type State = {
      initial: {
        phase: string;
        startedAt: number | null;
        finishedAt: number | null;
        calls: number;
        projects: { done: number };
        claims: { done: number };
      };
    };
    let state: State;
    let busy = 0;
    for (;;) {
      const res = await fetch(`${srv.base}/api/sync/state`, { headers: { cookie: manager } });
      // 503 SERVER_BUSY: the server sheds load while the sync keeps its event loop busy (counted)
      if (res.status === 503) busy++;
      else if (res.status !== 200) throw new Error(`sync state answered ${res.status}`);
      else {
        state = (await res.json()) as State;
        if (state.initial.phase === 'done') break;
      }
      await sleep(500);
    }
    const proxyCalls = proxy.count();
    const sync = {
      ms: (state.initial.finishedAt ?? 0) - (state.initial.startedAt ?? 0),
      calls: state.initial.calls,
      proxyCalls,
      busy,
      projects: state.initial.projects.done,
      claims: state.initial.claims.done,
    };
    console.log(
      `[${projects}] initial sync: ${(sync.ms / 1000).toFixed(1)} s, ${sync.calls} partner calls (the proxy saw ${proxyCalls} since start); ${busy} polls of its state answered 503 busy meanwhile`,
    );
    const inter = await signIn(srv.base, 'inter@demo.fr', 'bench-password-1');
    // a few reads first (the first query of each kind plans and warms its caches)
    await timed(srv.base, manager, ['/api/inbox', '/api/search?q=martin', '/api/lists/projects?page=1&pageSize=25'], 3);
    shedCount = 0;
    const inboxTotal =
      ((await (await fetch(`${srv.base}/api/inbox`, { headers: { cookie: manager } })).json()) as { total?: number }).total ?? -1;
    const inbox = stat(await timed(srv.base, manager, ['/api/inbox'], REPEATS));
    const search = stat(
      await timed(
        srv.base,
        manager,
        SEARCHES.map((q) => `/api/search?q=${encodeURIComponent(q)}`),
        REPEATS,
      ),
    );
    const interList = stat(
      await timed(
        srv.base,
        inter,
        Array.from({ length: 10 }, (_, i) => `/api/lists/projects?page=${i + 1}&pageSize=25`),
        REPEATS,
      ),
    );
    const claimPages = (sort: string) =>
      Array.from({ length: 10 }, (_, i) => `/api/lists/claims?page=${i + 1}&pageSize=25${sort ? `&sort=${sort}` : ''}`);
    const claimsList = stat(await timed(srv.base, manager, claimPages(''), REPEATS));
    const claimsByOutstanding = stat(await timed(srv.base, manager, claimPages('-outstanding'), REPEATS));
    const csvRuns = [await csv(srv.base, manager), await csv(srv.base, manager), await csv(srv.base, manager)];
    const readsShed = shedCount;
    console.log(
      `[${projects}] inbox (${inboxTotal} lines) p50 ${inbox.p50.toFixed(1)} ms, search p50 ${search.p50.toFixed(1)} ms, intermediary list p50 ${interList.p50.toFixed(1)} ms, claims list p50 ${claimsList.p50.toFixed(1)} ms (by outstanding ${claimsByOutstanding.p50.toFixed(1)} ms), CSV ${csvRuns.map((c) => c.ms.toFixed(0)).join('/')} ms (${csvRuns[0]?.rows} rows); ${readsShed} answers 503 busy (asked again)`,
    );

    // steady state: 10 users reading for STEADY_SECONDS, partner calls counted at the proxy
    // seven managers' and three intermediaries' tabs (the two sessions signed in above: sign-ins are rate limited)
    const cookies = Array.from({ length: 10 }, (_, i) => (i < 7 ? manager : inter));
    const before = proxy.count();
    const until = performance.now() + STEADY_SECONDS * 1000;
    let userRequests = 0;
    let shed = 0;
    const steadyMs: number[] = [];
    await Promise.all(
      cookies.map(async (cookie, u) => {
        for (let k = 0; performance.now() < until; k++) {
          const page = 1 + ((k * 7 + u) % 20);
          const path = [
            '/api/inbox',
            `/api/lists/projects?page=${page}&pageSize=25`,
            `/api/search?q=${encodeURIComponent(SEARCHES[(k + u) % SEARCHES.length] ?? 'martin')}`,
            `/api/lists/claims?page=${page}&pageSize=25`,
          ][k % 4] as string;
          const t = performance.now();
          const res = await fetch(srv.base + path, { headers: { cookie } });
          await res.arrayBuffer();
          // 503 SERVER_BUSY (the server shedding load) is what a user would see: counted, not hidden
          if (res.status === 503) shed++;
          else if (res.status !== 200) throw new Error(`steady ${path} answered ${res.status}`);
          else steadyMs.push(performance.now() - t);
          userRequests++;
          await sleep(250 + ((k * 37 + u * 11) % 500));
        }
      }),
    );
    const partnerCalls = proxy.count() - before;
    const steady = {
      seconds: STEADY_SECONDS,
      userRequests,
      partnerCalls,
      perMinute: (partnerCalls * 60) / STEADY_SECONDS,
      budget: CALLS_PER_MINUTE,
      shed,
      latency: stat(steadyMs),
    };
    console.log(
      `[${projects}] steady state, 10 users for ${STEADY_SECONDS} s: ${userRequests} reads (${shed} answered 503 busy; the others p50 ${steady.latency.p50.toFixed(0)} ms, p95 ${steady.latency.p95.toFixed(0)} ms), ${partnerCalls} partner calls (${steady.perMinute.toFixed(0)}/min, budget ${CALLS_PER_MINUTE}/min)`,
    );
    srv.stop();
    proxy.close();

    const result: SizeResult = {
      projects,
      claims,
      seedMs,
      load,
      sync,
      inbox,
      search,
      interList,
      claimsList,
      claimsByOutstanding,
      inboxTotal,
      readsShed,
      csv: { ms: csvRuns.map((c) => c.ms), rows: csvRuns[0]?.rows ?? 0 },
      steady,
    };

    if (OLD) {
      // the old gather, in front of the same sandbox, its own counting proxy
      const oldProxy = await countingProxy(sandbox);
      closers.push(oldProxy.close);
      const old = await startServer(OLD, oldProxy.url, dir, `rm-${projects}-old`, usersFile, { INBOX_CACHE_MS: '1' });
      closers.push(old.stop);
      // its start-up warm-up gathers everything once: let it end (the proxy goes quiet)
      let seen = -1;
      for (let i = 0; i < 30 && oldProxy.count() !== seen; i++) {
        seen = oldProxy.count();
        await sleep(3000);
      }
      const warmupCalls = oldProxy.count();
      const oldInter = await signIn(old.base, 'inter@demo.fr', 'bench-password-1');
      const oldRuns = projects >= 10_000 ? 5 : 9;
      shedCount = 0;
      const c0 = oldProxy.count();
      const oldInbox = stat(await timed(old.base, old.headers.cookie, ['/api/inbox'], oldRuns));
      const callsPerInbox = (oldProxy.count() - c0) / oldRuns;
      const oldInter2 = stat(
        await timed(
          old.base,
          oldInter,
          Array.from({ length: 10 }, (_, i) => `/api/v3/projects?page=${i + 1}&pageSize=25`),
          oldRuns,
        ),
      );
      const oldCsv = [
        await csv(old.base, old.headers.cookie),
        await csv(old.base, old.headers.cookie),
        await csv(old.base, old.headers.cookie),
      ];
      result.old = {
        inbox: oldInbox,
        interList: oldInter2,
        csv: { ms: oldCsv.map((c) => c.ms), rows: oldCsv[0]?.rows ?? 0 },
        callsPerInbox,
        warmupCalls,
        load: loadAverage(),
      };
      console.log(
        `[${projects}] old gather: inbox p50 ${oldInbox.p50.toFixed(0)} ms (${callsPerInbox.toFixed(0)} partner calls each), intermediary list p50 ${oldInter2.p50.toFixed(0)} ms, CSV ${oldCsv.map((c) => c.ms.toFixed(0)).join('/')} ms; ${shedCount} answers 503 busy (asked again); load ${result.old.load}`,
      );
    }
    return result;
  } finally {
    for (const close of closers.reverse()) close();
    await sleep(500);
  }
}

export async function benchReadModel(dir: string): Promise<void> {
  const usersFile = await users(dir);
  const results: SizeResult[] = [];
  for (const size of SIZES) results.push(await measureSize(dir, usersFile, size));
  const f = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`);
  const s = (x: Stat) => `${f(x.p50)} / ${f(x.p95)}`;
  const med = (xs: number[]) => pct(xs, 0.5);
  const ok = (good: boolean) => (good ? 'OK' : 'OVER');
  console.log(`\nRead model (this checkout) beside the old gather (${OLD ?? 'not run: BENCH_OLD unset'}), p50 / p95:`);
  const head = ['', ...results.map((r) => `${r.projects} / ${r.claims}`)];
  const rows: string[][] = [
    ['load average', ...results.map((r) => r.load)],
    ['sandbox seeded in', ...results.map((r) => f(r.seedMs))],
    ['initial sync', ...results.map((r) => `${f(r.sync.ms)}, ${r.sync.calls} calls (${r.sync.projects} + ${r.sync.claims} rows)`)],
    ['work queue', ...results.map((r) => `${s(r.inbox)} (${r.inboxTotal} lines)`)],
    ['503 busy during the reads', ...results.map((r) => String(r.readsShed))],
    ['global search', ...results.map((r) => s(r.search))],
    ['intermediary list', ...results.map((r) => s(r.interList))],
    ['projects CSV (median of 3)', ...results.map((r) => `${f(med(r.csv.ms))} (${r.csv.rows} rows)`)],
    [
      'steady, 10 users',
      ...results.map(
        (r) =>
          `${r.steady.perMinute.toFixed(0)} calls/min (budget ${r.steady.budget}), ${r.steady.userRequests} reads, ${r.steady.shed} shed (503), p50 ${f(r.steady.latency.p50)}`,
      ),
    ],
    ['OLD work queue, cold', ...results.map((r) => (r.old ? `${s(r.old.inbox)}, ${r.old.callsPerInbox.toFixed(0)} calls` : '-'))],
    ['OLD intermediary list', ...results.map((r) => (r.old ? s(r.old.interList) : '-'))],
    ['OLD projects CSV (median of 3)', ...results.map((r) => (r.old ? `${f(med(r.old.csv.ms))} (${r.old.csv.rows} rows)` : '-'))],
    ['OLD warm-up calls at start', ...results.map((r) => (r.old ? String(r.old.warmupCalls) : '-'))],
  ];
  for (const row of [head, ...rows]) console.log(`| ${row.join(' | ')} |`);

  // each read at every size side by side, p50, and how much it grew from the smallest size to the largest
  const first = results[0];
  const last = results.at(-1);
  const growth = (p50: (r: SizeResult) => number) => (first && last ? `x${(p50(last) / p50(first)).toFixed(2)}` : '-');
  const reads: [string, (r: SizeResult) => number][] = [
    ['work queue', (r) => r.inbox.p50],
    ['global search', (r) => r.search.p50],
    ['intermediary list', (r) => r.interList.p50],
    ['claims list, newest first', (r) => r.claimsList.p50],
    ['claims list, by outstanding', (r) => r.claimsByOutstanding.p50],
    ['projects CSV (median of 3)', (r) => med(r.csv.ms)],
  ];
  console.log(`\nFlat? p50 at each size (${BUILD}), and its growth from ${first?.projects} to ${last?.projects} projects:`);
  console.log(`| p50 | ${results.map((r) => `${r.projects} / ${r.claims}`).join(' | ')} | growth |`);
  for (const [name, p50] of reads) console.log(`| ${name} | ${results.map((r) => f(p50(r))).join(' | ')} | ${growth(p50)} |`);
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify({ build: BUILD, at: new Date().toISOString(), results }, null, 2));
  for (const r of results)
    console.log(
      `budgets at ${r.projects}: work queue p50 < 50 ms ${ok(r.inbox.p50 < 50)}; search ${ok(r.search.p50 < 50)}; intermediary list ${ok(r.interList.p50 < 50)}; CSV < 2 s ${ok(med(r.csv.ms) < 2000)}; steady calls within budget ${ok(r.steady.perMinute <= r.steady.budget)}`,
    );
}
