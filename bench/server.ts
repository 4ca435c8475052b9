/**
 * npm run bench — measures the dashboard server's cost over the partner service (its budgets: docs/benchmarks.md):
 *  1. The proxy's own cost, per replica: GET /v3/projects?pageSize=20 straight to the sandbox vs
 *     GET /api/v3/projects?pageSize=20 through the server with a session cookie. Both compiled
 *     (build/, the production path), each in its own process, pinned with taskset as in a
 *     deployment where the partner runs elsewhere: the sandbox on CPU 1, the server and the load
 *     (autocannon, in this process) on CPU 0; direct runs keep the same pinning. Direct and
 *     through runs alternate (direct-through, then through-direct) BENCH_RUNS times (3) in one
 *     invocation; each pair's ratio, the medians and the load average are printed. Two request
 *     mixes: the same page every time, and pages 1..N of many filters in turn (446 distinct
 *     answers: what a cache of answers would rarely hold). Also the server's
 *     CPU time per forwarded request (user + system, from /proc), which the machine's other load
 *     barely moves. Budget: throughput >= 90% of direct, p99 <= 1.2 x direct.
 *  2. The work inbox, 3. a 10,000-project CSV export, 4. five 10 MB uploads (server memory),
 *  5. the monthly round at 200 claims (see bench/round.ts), 6. its "declare the checked rows" INP at about 50 (bench/round-inp.ts),
 *  7. five 12-megapixel photos to one PDF on a slowed phone (bench/documents.ts).
 * BENCH_ONLY=readmodel: the read model at 2,000 and 20,000 projects beside the old gather (see bench/readmodel.ts).
 * BENCH_ONLY=scale: the read model at 200,000 projects on SQLite and PostgreSQL: sync, reconciliation, reads, CSV (see bench/scale.ts).
 * BENCH_ONLY=proxy measures 1 only, BENCH_ONLY=round 5 only, BENCH_ONLY=round-inp 6 only, BENCH_ONLY=documents 7 only; BENCH_MIX=same|varied one mix only; BENCH_SECONDS (8) per run;
 * BENCH_SLICES (1): each run taken in that many slices, in turn with the other arm's (ABBA), so
 * both arms share the same seconds of a shared machine; BENCH_CONNECTIONS (10, or a list: 1,10);
 * BENCH_PORT=n: fixed ports (server n, sandbox n+1000; the bare hop n+1, the "before" server n+1001) instead of free ones;
 * BENCH_BUILD=dir: another checkout's build (a "before"). Each mix prints the pairs' spread
 * (lowest-highest ratio) beside the medians.
 * Extra arms, measured in the same pairs (each arm's run in turn, the order rotating), pinned as the server:
 *  - BENCH_BEFORE=dir (another checkout's build/): that server too, in front of the same sandbox, so a
 *    before and an after share the same seconds of a shared machine (their ratio is the comparison);
 *  - BENCH_HOP=1: a bare forwarding hop in a few lines (support/live.ts BARE_HOP): what the extra process alone costs.
 * BENCH_PROBE=1: bench/support/proxy-probe.mjs preloaded into every process: the event loop's delay, GC
 * pauses and each forwarded request's stages (printed per pair): where a slow request waited.
 * The server runs at its default log level (info), its log written to a file, as in production,
 * with the node options of the measured checkout's `npm run serve` (support/live.ts serveOptions).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  PROBING,
  TOKEN,
  type ProbeWindow,
  benchUsers,
  ports,
  probeWindow,
  startBareHop,
  startServer,
  cpuMs,
  describeUploads,
  benchProject,
  measureUploads,
  pin,
  type Live,
  startLive,
  variedPaths,
} from './support/live.js';
import { measureExport } from './export.js';
import { INBOX_TTL_MS, measureInbox } from './inbox.js';
import { benchReadModel } from './readmodel.js';
import { benchScale } from './scale.js';
import { measureRound, printRound } from './round.js';
import { measureRoundInp, printRoundInp } from './round-inp.js';
import { measureDocuments, printDocuments } from './documents.js';
import { loadAverage, median } from './support/figures.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** BENCH_MIX=same or varied: that mix only (default both). */
const MIX = process.env.BENCH_MIX;
/** Each run of BENCH_SECONDS is taken in this many slices, alternating with the other arm's (see measureProxy). */
const SLICES = Math.max(1, Number(process.env.BENCH_SLICES ?? 1));
const ONLY_PROXY = process.env.BENCH_ONLY === 'proxy';
/**
 * Where the load (autocannon, this process) runs: CPU 0 beside the server by default; with
 * BENCH_LOAD_CPU=1 beside the sandbox, so the server has a CPU of its own, as a replica does in a
 * deployment where the browsers and the partner are other machines (the direct runs then share
 * CPU 1 the same way, so the partner's capacity is the same in both).
 * Neither reading is clean on two cores:
 *  - default: both arms cross between CPUs once (load -> sandbox; load and server -> sandbox), as
 *    a network hop would, but the server shares its CPU with the load: each write to the client
 *    wakes autocannon on the same CPU, which a replica never pays for its clients;
 *  - BENCH_LOAD_CPU=1: the server's CPU is its own (its CPU per request is the replica's), but
 *    the direct arm then never leaves CPU 1 (load and sandbox side by side) while the through arm
 *    crosses twice (and, on a shared machine, has work on both CPUs where direct has one; not
 *    measured apart): direct's p99 is shorter than in any deployment, which inflates the p99 ratio.
 * So: the server's CPU per request and the throughput ratio read "per replica" best with
 * BENCH_LOAD_CPU=1; the p99 ratio with the default pinning (the same crossings in both arms, the
 * load's share of the server's CPU counted against the server, never hidden). Quote both.
 */
const LOAD_CPU = process.env.BENCH_LOAD_CPU === '1' ? '1' : '0';

interface Run {
  throughput: number;
  requests: number;
  /** Latency percentiles (ms, to the microsecond: autocannon's own histogram keeps whole ms). */
  p50: number;
  p99: number;
  /**
   * Half the width of p99's 95% interval from its sample alone, relative to p99 (order statistics:
   * rank n*0.99 +- 1.96*sqrt(n*0.99*0.01); assumes independent latencies, so a floor): how much of
   * a pair-to-pair swing the number of requests explains, the rest being the machine.
   */
  p99Error: number;
  /** CPU time per request (µs) of the server and of the sandbox during the run. */
  serverCpu: number;
  sandboxCpu: number;
  /** BENCH_PROBE=1: what the probe saw in the front process (server, bare hop or sandbox). */
  probe?: ProbeSummary;
  /** BENCH_PROBE=1, through the server or the bare hop: what it saw in the sandbox behind. */
  behind?: ProbeSummary;
}

/** What the probe saw in one arm's front process over a run (times in ms). */
interface ProbeSummary {
  /** Event-loop delay: p50, p99 and max of the run's slices (1 ms resolution: 1.0x is "no delay"). */
  loop: { p50: number; p99: number; max: number };
  /** Garbage collections: how many per 1,000 answers, their pause per answer (µs), the longest, the count by kind. */
  gc: { per1000: number; usPerAnswer: number; longest: number; kinds: Record<string, number> };
  /** Inside the process, request seen to last byte written: p50, p99. */
  inside: { p50: number; p99: number };
  /**
   * The stages of a forwarded answer (ms): seen -> partner asked (pre), -> partner's headers (partner),
   * -> partner's body end (body), -> our first byte (after: the check and the send), -> our last
   * byte (write); p50 and p99 of each, and their means over the slowest 1% inside.
   */
  stages: Record<'pre' | 'partner' | 'body' | 'after' | 'write', { p50: number; p99: number; slowest: number }> | null;
  /** The slowest 1% inside: how many overlapped a GC pause, and the mean GC time inside them (ms). */
  slowestGc: { share: number; ms: number };
}

function summarizeProbe(windows: ProbeWindow[]): ProbeSummary {
  const rq = windows.flatMap((w) => w.requests);
  const gcs = windows.flatMap((w) => w.gcs);
  const inside = rq.map((r) => r.end - r.in).sort((a, b) => a - b);
  const slowLine = percentile(inside, 0.99);
  const slow = rq.filter((r) => r.end - r.in >= slowLine);
  const kinds: Record<string, number> = {};
  for (const g of gcs) kinds[g.kind] = (kinds[g.kind] ?? 0) + 1;
  const gcIn = (a: number, b: number) =>
    gcs.reduce((ms, g) => ms + Math.max(0, Math.min(b, g.start + g.duration) - Math.max(a, g.start)), 0);
  const forwarded = rq.filter((r) => r.up !== undefined && r.head !== undefined && r.body !== undefined && r.out !== undefined);
  const slowForwarded = forwarded.filter((r) => r.end - r.in >= slowLine);
  const stage = (pick: (r: (typeof forwarded)[number]) => number) => {
    const xs = forwarded.map(pick).sort((a, b) => a - b);
    const ys = slowForwarded.map(pick);
    return { p50: percentile(xs, 0.5), p99: percentile(xs, 0.99), slowest: ys.reduce((a, b) => a + b, 0) / (ys.length || 1) };
  };
  const ms = (ns: number) => ns / 1e6;
  return {
    loop: {
      p50: median(windows.map((w) => ms(w.loop.p50))),
      p99: median(windows.map((w) => ms(w.loop.p99))),
      max: Math.max(...windows.map((w) => ms(w.loop.max))),
    },
    gc: {
      per1000: (gcs.length * 1000) / (rq.length || 1),
      usPerAnswer: (gcs.reduce((a, g) => a + g.duration, 0) * 1000) / (rq.length || 1),
      longest: Math.max(0, ...gcs.map((g) => g.duration)),
      kinds,
    },
    inside: { p50: percentile(inside, 0.5), p99: slowLine },
    stages:
      forwarded.length > rq.length / 2
        ? {
            pre: stage((r) => (r.up as number) - r.in),
            partner: stage((r) => (r.head as number) - (r.up as number)),
            body: stage((r) => (r.body as number) - (r.head as number)),
            after: stage((r) => (r.out as number) - (r.body as number)),
            write: stage((r) => r.end - (r.out as number)),
          }
        : null,
    slowestGc: {
      share: slow.filter((r) => gcIn(r.in, r.end) > 0).length / (slow.length || 1),
      ms: slow.reduce((a, r) => a + gcIn(r.in, r.end), 0) / (slow.length || 1),
    },
  };
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** One stretch of load: every 2xx latency (ms), and the CPU each process spent. */
interface Slice {
  times: number[];
  requests: number;
  seconds: number;
  serverMs: number;
  sandboxMs: number;
  /** BENCH_PROBE=1: the probe's window of the process that answered (server, bare hop or sandbox) over this slice. */
  probe?: ProbeWindow;
  /** BENCH_PROBE=1, through the server or the bare hop: the sandbox's window behind it. */
  behind?: ProbeWindow;
}

/** The process a slice's requests reach first: its pid (CPU time) and its probe's file. */
interface Front {
  pid: number;
  probeOut: string;
}

/** `seconds` of load on `base` + each of `paths` in turn (one path: the same request every time). */
async function loadSlice(
  live: Live,
  base: string,
  paths: string[],
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  front: Front = { pid: live.pid, probeOut: live.probes.server },
): Promise<Slice> {
  const times: number[] = [];
  let next = 0;
  const behindToo = front.pid !== live.sandboxPid;
  if (PROBING) {
    // the windows start here
    await probeWindow(front.pid, front.probeOut);
    if (behindToo) await probeWindow(live.sandboxPid, live.probes.sandbox);
  }
  const s0 = cpuMs(front.pid);
  const b0 = cpuMs(live.sandboxPid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base + (paths.length === 1 ? paths[0] : ''),
        headers,
        connections,
        duration: seconds,
        ...(paths.length > 1
          ? { requests: [{ setupRequest: (r: autocannon.Request) => ({ ...r, path: paths[next++ % paths.length] }) }] }
          : {}),
      },
      (err, r) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(r)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status < 300) times.push(ms);
    });
  });
  const serverMs = cpuMs(front.pid) - s0;
  const sandboxMs = cpuMs(live.sandboxPid) - b0;
  const probe = PROBING ? await probeWindow(front.pid, front.probeOut) : undefined;
  const behind = PROBING && behindToo ? await probeWindow(live.sandboxPid, live.probes.sandbox) : undefined;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${base}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    times,
    requests: result.requests.total,
    seconds: result.duration,
    serverMs,
    sandboxMs,
    ...(probe ? { probe } : {}),
    ...(behind ? { behind } : {}),
  };
}

/** One run of an arm made of slices: throughput over their whole time, percentiles over all their latencies. */
function summarize(slices: Slice[]): Run {
  const times = slices.flatMap((s) => s.times).sort((a, b) => a - b);
  const sum = (pick: (s: Slice) => number) => slices.reduce((n, s) => n + pick(s), 0);
  const requests = sum((s) => s.requests);
  return {
    throughput: requests / sum((s) => s.seconds),
    requests,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    p99Error: (() => {
      const k = Math.ceil(1.96 * Math.sqrt(times.length * 0.99 * 0.01));
      const at = Math.floor(0.99 * times.length);
      const lo = times[Math.max(0, at - k)] ?? 0;
      const hi = times[Math.min(times.length - 1, at + k)] ?? 0;
      return (hi - lo) / 2 / (percentile(times, 0.99) || 1);
    })(),
    serverCpu: (sum((s) => s.serverMs) * 1000) / requests,
    sandboxCpu: (sum((s) => s.sandboxMs) * 1000) / requests,
    ...(slices.every((s) => s.probe) ? { probe: summarizeProbe(slices.map((s) => s.probe as ProbeWindow)) } : {}),
    ...(slices.every((s) => s.behind) ? { behind: summarizeProbe(slices.map((s) => s.behind as ProbeWindow)) } : {}),
  };
}

interface Pair {
  load: string;
  direct: Run;
  through: Run;
  /** BENCH_HOP=1: the bare hop's run (support/live.ts BARE_HOP), pinned as the server. */
  hop?: Run;
  /** BENCH_BEFORE=dir: the run through that checkout's server (a "before"), pinned as the server, in front of the same sandbox. */
  before?: Run;
}

/** BENCH_HOP=1: another arm, a bare forwarding hop in a few lines (support/live.ts), pinned where the server is. */
const HOP = process.env.BENCH_HOP === '1';
/** BENCH_BEFORE=dir (a build/ folder): another arm, that checkout's server beside this one, so before and after share the same seconds. */
const BEFORE = process.env.BENCH_BEFORE;
type Arm = 'direct' | 'through' | 'hop' | 'before';
/** An arm besides direct and through: where its requests go and what they carry. */
interface Extra {
  name: 'hop' | 'before';
  base: string;
  headers: Record<string, string>;
  pid: number;
  probeOut: string;
}

/** Direct, through the server (and the extra arms), in turn (D-T-..., then rotated, ...), RUNS pairs per mix and connection count. */
async function measureProxy(live: Live, extras: Extra[]) {
  const directHeaders = { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'gzip, deflate, br' };
  // both as a browser asks (it accepts gzip): what either side compresses is part of its cost
  const proxiedHeaders = { cookie: live.headers.cookie, 'accept-encoding': 'gzip, deflate, br' };
  const varied = await variedPaths(live);
  const mixes = [
    { name: 'same page', paths: ['/v3/projects?pageSize=20'] },
    {
      name: `varied: ${varied.length} distinct pages in turn`,
      paths: varied,
    },
  ];
  const results: { mix: string; connections: number; pairs: Pair[] }[] = [];
  for (const mix of mixes.filter((m) => !MIX || m.name.startsWith(MIX)))
    for (const connections of CONNECTIONS) {
      const api = mix.paths.map((p) => `/api${p}`);
      const arm = (name: Arm, seconds: number) => {
        if (name === 'direct')
          return loadSlice(live, live.sandbox, mix.paths, directHeaders, connections, seconds, {
            pid: live.sandboxPid,
            probeOut: live.probes.sandbox,
          });
        if (name === 'through') return loadSlice(live, live.base, api, proxiedHeaders, connections, seconds);
        const extra = extras.find((e) => e.name === name) as Extra;
        return loadSlice(live, extra.base, api, { ...extra.headers, 'accept-encoding': 'gzip, deflate, br' }, connections, seconds, extra);
      };
      const arms: Arm[] = ['direct', 'through', ...extras.map((e) => e.name)];
      // warm each (JIT, pools, the sandbox's statement cache)
      for (const a of arms) await arm(a, 2);
      const pairs: Pair[] = [];
      for (let i = 0; i < RUNS; i++) {
        const at = loadAverage();
        // each arm's run is SLICES slices taken in turn with the others' (the order rotating from
        // slice to slice and pair to pair): every arm sees the same minutes
        const got: Record<Arm, Slice[]> = { direct: [], through: [], hop: [], before: [] };
        for (let k = 0; k < SLICES; k++) {
          const r = (i + k) % arms.length;
          for (const a of [...arms.slice(r), ...arms.slice(0, r)]) got[a].push(await arm(a, DURATION / SLICES));
        }
        pairs.push({
          load: at,
          direct: summarize(got.direct),
          through: summarize(got.through),
          ...(got.hop.length ? { hop: summarize(got.hop) } : {}),
          ...(got.before.length ? { before: summarize(got.before) } : {}),
        });
      }
      results.push({ mix: mix.name, connections, pairs });
    }
  return results;
}

function printProxy(results: Awaited<ReturnType<typeof measureProxy>>) {
  const f = (n: number, d = 1) => n.toFixed(d);
  for (const { mix, connections, pairs } of results) {
    console.log(
      `\nGET /v3/projects (${mix}), ${connections} connection(s), ${DURATION} s per run${SLICES > 1 ? ` in ${SLICES} slices of ${f(DURATION / SLICES)} s` : ''}, ${pairs.length} pairs direct/through alternating; ${LOAD_CPU === '1' ? 'sandbox and autocannon on CPU 1, server alone on CPU 0' : 'sandbox on CPU 1, server and autocannon on CPU 0'}`,
    );
    console.log(
      [
        'pair',
        'load avg',
        'direct req/s',
        'through req/s',
        'ratio',
        'p50 d/t ms',
        'p99 d/t ms',
        'p99 ratio',
        'server µs/req',
        'sandbox µs/req d/t',
      ]
        .map((c) => c.padStart(15))
        .join(''),
    );
    const rows = pairs.map((p, i) => {
      const ratio = p.through.throughput / p.direct.throughput;
      const p99 = p.through.p99 / p.direct.p99;
      console.log(
        [
          i + 1,
          p.load.split(',')[0] ?? '',
          f(p.direct.throughput, 0),
          f(p.through.throughput, 0),
          `${f(ratio * 100)}%`,
          `${f(p.direct.p50, 2)}/${f(p.through.p50, 2)}`,
          `${f(p.direct.p99, 2)}/${f(p.through.p99, 2)}`,
          f(p99, 2),
          f(p.through.serverCpu, 0),
          `${f(p.direct.sandboxCpu, 0)}/${f(p.through.sandboxCpu, 0)}`,
        ]
          .map((c) => String(c).padStart(15))
          .join(''),
      );
      return { ratio, p99 };
    });
    const ratio = median(rows.map((r) => r.ratio));
    const p99 = median(rows.map((r) => r.p99));
    const m = (pick: (p: Pair) => number) => median(pairs.map(pick));
    console.log(
      [
        'median',
        '',
        f(
          m((p) => p.direct.throughput),
          0,
        ),
        f(
          m((p) => p.through.throughput),
          0,
        ),
        `${f(ratio * 100)}%`,
        `${f(
          m((p) => p.direct.p50),
          2,
        )}/${f(
          m((p) => p.through.p50),
          2,
        )}`,
        `${f(
          m((p) => p.direct.p99),
          2,
        )}/${f(
          m((p) => p.through.p99),
          2,
        )}`,
        f(p99, 2),
        f(
          m((p) => p.through.serverCpu),
          0,
        ),
        `${f(
          m((p) => p.direct.sandboxCpu),
          0,
        )}/${f(
          m((p) => p.through.sandboxCpu),
          0,
        )}`,
      ]
        .map((c) => String(c).padStart(15))
        .join(''),
    );
    console.log(
      `p99 sampling error (95%, order statistics, a floor): +-${f(m((p) => p.direct.p99Error) * 100)}% direct, +-${f(m((p) => p.through.p99Error) * 100)}% through (medians over the pairs)`,
    );
    const spread = (xs: number[], d: number, k = 1) => `${f(Math.min(...xs) * k, d)}-${f(Math.max(...xs) * k, d)}`;
    console.log(
      `median ratio: throughput ${f(ratio * 100)}% of direct (budget >= 90%: ${ratio >= 0.9 ? 'OK' : 'OVER'}); p99 ${f(p99, 2)} x direct (budget <= 1.2: ${p99 <= 1.2 ? 'OK' : 'OVER'}); pairs spread: throughput ${spread(
        rows.map((r) => r.ratio),
        1,
        100,
      )}%, p99 ${spread(
        rows.map((r) => r.p99),
        2,
      )} x`,
    );
  }
}

/** BENCH_HOP=1 and BENCH_PROBE=1: the bare hop beside the server, and what the probes saw, per pair and mix. */
function printExtras(results: Awaited<ReturnType<typeof measureProxy>>) {
  const f = (n: number, d = 1) => n.toFixed(d);
  for (const { mix, connections, pairs } of results) {
    for (const [name, label] of [
      ['before', `the server before (${BEFORE ?? ''})`],
      ['hop', 'the bare hop'],
    ] as const) {
      if (!pairs.some((p) => p[name])) continue;
      console.log(`\n${label} (${mix}, ${connections} connection(s)), pinned as the server, in the same pairs (x: this arm):`);
      console.log(
        ['pair', 'x req/s', 'x/direct', 'through/direct', 'p99 d/x/t ms', 'p99 x/d', 'p99 t/d', 'p99 t/x', 'x µs/req', 'through µs/req']
          .map((c) => c.padStart(15))
          .join(''),
      );
      const rows = pairs.map((p, i) => {
        const x = p[name] as Run;
        const row = {
          tput: x.throughput / p.direct.throughput,
          tputT: p.through.throughput / p.direct.throughput,
          xD: x.p99 / p.direct.p99,
          tD: p.through.p99 / p.direct.p99,
          tX: p.through.p99 / x.p99,
          cpu: x.serverCpu,
          cpuT: p.through.serverCpu,
        };
        console.log(
          [
            i + 1,
            f(x.throughput, 0),
            `${f(row.tput * 100)}%`,
            `${f(row.tputT * 100)}%`,
            `${f(p.direct.p99, 1)}/${f(x.p99, 1)}/${f(p.through.p99, 1)}`,
            f(row.xD, 2),
            f(row.tD, 2),
            f(row.tX, 2),
            f(x.serverCpu, 0),
            f(p.through.serverCpu, 0),
          ]
            .map((c) => String(c).padStart(15))
            .join(''),
        );
        return row;
      });
      type Row = (typeof rows)[number];
      const m = (pick: (r: Row) => number, k = 1, d = 2) =>
        `${f(median(rows.map(pick)) * k, d)} (${f(Math.min(...rows.map(pick)) * k, d)}-${f(Math.max(...rows.map(pick)) * k, d)})`;
      console.log(
        `medians (spread): ${name} ${m((r) => r.tput, 100, 1)}% of direct, through ${m((r) => r.tputT, 100, 1)}%; p99 ${name} ${m((r) => r.xD)} x direct, through ${m((r) => r.tD)} x direct, through ${m((r) => r.tX)} x ${name}; CPU µs/req ${name} ${m((r) => r.cpu, 1, 0)}, through ${m((r) => r.cpuT, 1, 0)}`,
      );
    }
    if (pairs.some((p) => p.through.probe)) {
      console.log(`\nprobes (${mix}): in the process each arm reaches first (direct: the sandbox; through: the server; hop: the bare hop)`);
      for (const [i, p] of pairs.entries())
        for (const [name, run] of [
          ['direct', p.direct],
          ['through', p.through],
          ['hop', p.hop],
          ['before', p.before],
        ] as const) {
          const q = run?.probe;
          if (!run || !q) continue;
          const kinds = Object.entries(q.gc.kinds)
            .map(([k, n]) => `${n} ${k}`)
            .join(', ');
          console.log(
            `  pair ${i + 1} ${name.padEnd(7)} client p99 ${f(run.p99, 2)} ms; inside p50/p99 ${f(q.inside.p50, 2)}/${f(q.inside.p99, 2)} ms; loop delay p50/p99/max ${f(q.loop.p50, 2)}/${f(q.loop.p99, 2)}/${f(q.loop.max, 1)} ms; GC ${f(q.gc.per1000, 1)} per 1000 answers, ${f(q.gc.usPerAnswer, 0)} µs/answer, longest ${f(q.gc.longest, 2)} ms (${kinds}); slowest 1% inside: ${f(q.slowestGc.share * 100, 0)}% overlap a GC, ${f(q.slowestGc.ms, 2)} ms of GC each`,
          );
          if (run.behind)
            console.log(
              `      the sandbox behind: inside p50/p99 ${f(run.behind.inside.p50, 2)}/${f(run.behind.inside.p99, 2)} ms; loop delay p50/p99/max ${f(run.behind.loop.p50, 2)}/${f(run.behind.loop.p99, 2)}/${f(run.behind.loop.max, 1)} ms`,
            );
          if (q.stages)
            console.log(
              `      stages p50/p99/mean of the slowest 1% (ms): ${Object.entries(q.stages)
                .map(([k, v]) => `${k} ${f(v.p50, 2)}/${f(v.p99, 2)}/${f(v.slowest, 2)}`)
                .join('; ')}`,
            );
        }
    }
  }
}

/** BENCH_ONLY=name: one case alone, in a work folder of its own (removed after), then exit. */
const ALONE: Record<string, (workDir: string) => Promise<void>> = {
  readmodel: (workDir) => benchReadModel(workDir),
  scale: (workDir) => benchScale(workDir),
  documents: async (workDir) => printDocuments(await measureDocuments(workDir, await benchUsers(workDir))),
  'round-inp': async (workDir) => printRoundInp(await measureRoundInp(workDir, await benchUsers(workDir))),
  round: async (workDir) => printRound(await measureRound(workDir, await benchUsers(workDir))),
};
const alone = ALONE[process.env.BENCH_ONLY ?? ''];
if (alone) {
  const workDir = mkdtempSync(join(tmpdir(), `bench-${process.env.BENCH_ONLY}-`));
  try {
    await alone(workDir);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'bench-'));
const usersFile = await benchUsers(dir);
// the demo data multiplied to the inbox's budget scale: 500 projects, 100 claims
// autocannon (this process) on CPU 0 beside the server; the sandbox alone on CPU 1
pin(process.pid, LOAD_CPU);
const live = await startLive(
  dir,
  'main',
  usersFile,
  { SANDBOX_SEED_PROJECTS: '500', SANDBOX_SEED_CLAIMS: '100' },
  { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
  { cpus: { server: '0', sandbox: '1' }, serverLog: join(dir, 'server.log') },
);
// the extra arms' ports: BENCH_PORT's n+1 and n+1001
const spare = await ports();
const hop = HOP ? await startBareHop(live.sandbox, '0', dir, spare.server) : null;
const before = BEFORE
  ? await startServer(
      BEFORE,
      live.sandbox,
      dir,
      'before',
      usersFile,
      { INBOX_CACHE_MS: String(INBOX_TTL_MS), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
      { cpu: '0', log: join(dir, 'before.log'), port: spare.sandbox },
    )
  : null;
console.log(`load average at start: ${loadAverage()}`);
try {
  const extras: Extra[] = [];
  if (before)
    extras.push({
      name: 'before',
      base: before.base,
      headers: { cookie: before.headers.cookie },
      pid: before.pid,
      probeOut: before.probeOut,
    });
  if (hop) extras.push({ name: 'hop', base: hop.base, headers: {}, pid: hop.pid, probeOut: hop.probeOut });
  const proxy = await measureProxy(live, extras);
  printProxy(proxy);
  printExtras(proxy);
  if (!ONLY_PROXY) {
    const { base, headers } = live;
    const inbox = await measureInbox(base, headers);
    const project = await benchProject(live);
    const uploads = await measureUploads(live, project.id);
    console.log(
      `\nGET /api/inbox at 500 projects and 100 claims (${inbox.items}): every read (empty cache) ${inbox.cold} ms; cached: median ${inbox.warm.median} ms, max ${inbox.warm.max} ms over 20; after a change to one claim: ${inbox.afterChange} ms; once stale (answered, re-read in the background) ${inbox.expired} ms (budget < 500 ms: ${Math.max(inbox.cold, inbox.expired) < 500 ? 'OK' : 'OVER'})`,
    );
    const exported = await measureExport(dir, usersFile);
    console.log(
      `\nGET /api/exports/projects.csv of ${exported.rows} projects (answer ${exported.status}, ${(exported.bytes / 1e6).toFixed(1)} MB): first byte ${exported.firstByte} ms, whole file ${exported.total} ms, server memory growth ${exported.growth.toFixed(1)} MB while streaming`,
    );
    console.log(`\n${describeUploads(uploads)}`);
    printRound(await measureRound(dir, usersFile));
    printRoundInp(await measureRoundInp(dir, usersFile));
    printDocuments(await measureDocuments(dir, usersFile));
  }
} finally {
  live.stop();
  hop?.stop();
  before?.stop();
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dir, { recursive: true, force: true });
}
