/**
 * npm run bench:replicas: two replicas of the dashboard server on one PostgreSQL.
 *  1. Fan-out delay: a signed webhook posted to replica A, until it arrives on an event stream
 *     opened on replica B (and, for comparison, on A itself): BENCH_EVENTS events per run,
 *     median, p95 and max over all runs.
 *  2. Throughput of GET /api/session (the session read from the shared database on every request)
 *     with one replica, then with two (the same load on each, at once), alternating which comes
 *     first from run to run; BENCH_RUNS runs, medians. Beside each figure: the load average, and
 *     the CPU time per request each process used (replicas, PostgreSQL, the load generator).
 * Everything runs in separate processes from the production build (`npm run build:server` first,
 * which `npm run bench:replicas` does): a throwaway PostgreSQL cluster (as the tests start it),
 * the sandbox, replicas A and B in live mode against it; the load (autocannon) comes from this
 * process. BENCH_PORT=n puts the sandbox on n, A on n+1, B on n+2 and PostgreSQL on n+3 (default:
 * free ports). BENCH_PIN=1 pins A to CPU 0 and B to CPU 1 (taskset), PostgreSQL and the load
 * unpinned. On a 2-core machine the replicas, PostgreSQL and the load compete for the same two
 * cores: two-replica throughput says "what one machine gives", not how replicas scale; the CPU
 * per request says what each request costs where, which is what scaling on more cores depends on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { webhookHeaders } from '../src/platform/webhook-signing.js';
import { startCluster } from '../src/server/test/postgres.js';
import { TOKEN, benchUsers, cpuMs, freePort, signIn, waitFor } from './support/live.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 60);
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : null;
const PIN = process.env.BENCH_PIN === '1';
const SECRET = `whsec_${Buffer.from('bench-replicas').toString('base64')}`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.95) - 1)] ?? 0;
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
const portOr = async (offset: number) => (PORT === null ? freePort() : PORT + offset);

/** A compiled entry with node alone, optionally pinned to one CPU. */
function start(script: string, env: Record<string, string>, cpu?: number): ChildProcess {
  const node = [process.execPath, '--enable-source-maps', script];
  const [cmd = '', ...args] = PIN && cpu !== undefined ? ['taskset', '-c', String(cpu), ...node] : node;
  return spawn(cmd, args, { env: { ...process.env, LOG_LEVEL: 'error', ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** CPU time (ms) of the postmaster and its backends (those alive, and those it has reaped). */
function postgresCpuMs(postmaster: number): number {
  const stat = (pid: number | string) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const own = stat(postmaster);
  // utime 14, stime 15, cutime 16, cstime 17 (fields counted from 1; index 0 here is field 3)
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const f = stat(entry);
      if (Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10;
}

/** An event stream on `base`: `waitFor(id)` resolves with the moment the event named `id` arrived. */
async function openStream(base: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`event stream on ${base}: ${res.status}`);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const arrived = new Map<string, number>();
  const waiting = new Map<string, (t: number) => void>();
  let buffer = '';
  void (async () => {
    for (;;) {
      const r = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (r.done) return;
      const now = performance.now();
      buffer += decoder.decode(r.value, { stream: true });
      for (const m of buffer.matchAll(/"id":"(bench-[^"]+)"/g)) {
        const id = m[1] ?? '';
        if (arrived.has(id)) continue;
        arrived.set(id, now);
        waiting.get(id)?.(now);
      }
      buffer = buffer.slice(Math.max(0, buffer.lastIndexOf('\n\n')));
    }
  })();
  return {
    waitFor: (id: string, ms = 5_000) =>
      new Promise<number>((resolve, reject) => {
        const t = arrived.get(id);
        if (t !== undefined) return resolve(t);
        const timer = setTimeout(() => reject(new Error(`event ${id} did not arrive on ${base} within ${ms} ms`)), ms);
        waiting.set(id, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      }),
    close: () => controller.abort(),
  };
}

function signedWebhook(id: string) {
  const at = new Date();
  const body = JSON.stringify({ id, type: 'claim.updated', createdAt: at.toISOString(), data: { claimId: null } });
  return { method: 'POST', body, headers: webhookHeaders(SECRET, id, at, body) };
}

interface Replica {
  base: string;
  pid: number;
}

interface Throughput {
  rps: number;
  /** CPU µs per request: each replica that served, PostgreSQL, this process (the load). */
  cpu: { replicas: number[]; postgres: number; load: number };
  load: string;
}

async function throughput(replicas: Replica[], cookie: string, postmaster: number): Promise<Throughput> {
  const run = (base: string, duration: number) =>
    autocannon({ url: `${base}/api/session`, headers: { cookie }, connections: CONNECTIONS, duration });
  await Promise.all(replicas.map((r) => run(r.base, 1))); // warm-up
  const before = { replicas: replicas.map((r) => cpuMs(r.pid)), postgres: postgresCpuMs(postmaster), load: process.cpuUsage() };
  const results = await Promise.all(replicas.map((r) => run(r.base, SECONDS)));
  const own = process.cpuUsage(before.load);
  for (const r of results) if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  const perRequest = (ms: number) => (ms * 1000) / Math.max(1, requests);
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    cpu: {
      // each replica's CPU over the requests it served
      replicas: replicas.map((r, i) => ((cpuMs(r.pid) - (before.replicas[i] ?? 0)) * 1000) / Math.max(1, results[i]?.requests.total ?? 1)),
      postgres: perRequest(postgresCpuMs(postmaster) - before.postgres),
      load: perRequest((own.user + own.system) / 1000),
    },
    load: load(),
  };
}

const describeThroughput = (t: Throughput) =>
  `${round(t.rps, 0)} req/s; CPU per request: replica${t.cpu.replicas.length > 1 ? 's' : ''} ${t.cpu.replicas.map((c) => round(c, 0)).join(' + ')} µs, ` +
  `PostgreSQL ${round(t.cpu.postgres, 0)} µs, load generator ${round(t.cpu.load, 0)} µs (${t.load})`;

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bench-replicas-'));
  console.log(
    `bench:replicas: ${RUNS} runs, ${EVENTS} events a run, ${SECONDS} s × ${CONNECTIONS} connections a replica${PIN ? ', A on CPU 0, B on CPU 1' : ''} (${load()})`,
  );
  const cluster = await startCluster(PORT === null ? {} : { port: PORT + 3 });
  const stops: (() => void)[] = [() => cluster.stop(), () => rmSync(work, { recursive: true, force: true })];
  try {
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const url = new URL(cluster.adminUrl);
    url.pathname = '/bench';

    const users = await benchUsers(work);
    const sbPort = await portOr(0);
    const sb = start('build/sandbox/main.js', { SANDBOX_PORT: String(sbPort), DATA_DIR: join(work, 'sandbox'), LOG_LEVEL: 'warn' });
    stops.unshift(() => sb.kill('SIGTERM'));
    await waitFor(`http://127.0.0.1:${sbPort}/healthz`);
    const replica = async (name: string, offset: number, cpu: number): Promise<Replica> => {
      const port = await portOr(offset);
      const base = `http://127.0.0.1:${port}`;
      const p = start(
        'build/server/main.js',
        {
          PORT: String(port),
          DATA_DIR: join(work, name),
          DATABASE_URL: url.toString(),
          PARTNER_API_BASE_URL: `http://127.0.0.1:${sbPort}`,
          PARTNER_API_TOKEN: TOKEN,
          PARTNER_WEBHOOK_SECRET: SECRET,
          SESSION_SECRET: 'r'.repeat(40),
          USERS_FILE: users,
          PUBLIC_ORIGIN: base,
          STATIC_DIR: join(work, 'none'),
          LOG_LEVEL: 'warn',
        },
        cpu,
      );
      stops.unshift(() => p.kill('SIGTERM'));
      await waitFor(`${base}/healthz`);
      // with taskset, the pid is taskset's until it execs node: the same process
      return { base, pid: p.pid ?? 0 };
    };
    // one after the other: the first applies the migrations
    const a = await replica('a', 1, 0);
    const b = await replica('b', 2, 1);
    const cookie = await signIn(a.base, 'bench@demo.fr', 'bench-password-1');
    if ((await fetch(`${b.base}/api/session`, { headers: { cookie } })).status !== 200)
      throw new Error('the session made on A is not valid on B');

    const toB: number[] = [];
    const toA: number[] = [];
    const one: Throughput[] = [];
    const two: Throughput[] = [];
    for (let run = 1; run <= RUNS; run++) {
      // 1. fan-out delay
      const onA = await openStream(a.base, cookie);
      const onB = await openStream(b.base, cookie);
      const runB: number[] = [];
      for (let i = 0; i < EVENTS; i++) {
        const id = `bench-${Date.now()}-${run}-${i}`;
        const sent = performance.now();
        const res = await fetch(`${a.base}/webhooks/partner`, signedWebhook(id));
        if (res.status !== 200) throw new Error(`webhook refused: ${res.status} ${await res.text()}`);
        const [atA, atB] = await Promise.all([onA.waitFor(id), onB.waitFor(id)]);
        toA.push(atA - sent);
        runB.push(atB - sent);
        await new Promise((r) => setTimeout(r, 50));
      }
      onA.close();
      onB.close();
      toB.push(...runB);
      console.log(
        `run ${run}: fan-out A → stream on B median ${round(median(runB))} ms, p95 ${round(p95(runB))} ms, max ${round(Math.max(...runB))} ms (${load()})`,
      );

      // 2. throughput: one replica and two, the order alternating between runs
      const order = run % 2 ? (['one', 'two'] as const) : (['two', 'one'] as const);
      for (const which of order) {
        const t = which === 'one' ? await throughput([a], cookie, cluster.pid) : await throughput([a, b], cookie, cluster.pid);
        (which === 'one' ? one : two).push(t);
        console.log(`run ${run}: ${which === 'one' ? 'one replica ' : 'two replicas'} ${describeThroughput(t)}`);
      }
    }
    console.log(
      `Fan-out of ${toB.length} webhooks posted to A (${RUNS} runs): stream on B median ${round(median(toB))} ms, p95 ${round(p95(toB))} ms, ` +
        `max ${round(Math.max(...toB))} ms; stream on A median ${round(median(toA))} ms, p95 ${round(p95(toA))} ms, max ${round(Math.max(...toA))} ms`,
    );
    const m = (xs: Throughput[], f: (t: Throughput) => number) => round(median(xs.map(f)), 0);
    console.log(
      `GET /api/session, ${CONNECTIONS} connections per replica, ${SECONDS} s, median of ${RUNS}: one replica ${m(one, (t) => t.rps)} req/s, ` +
        `two replicas ${m(two, (t) => t.rps)} req/s (×${round(median(two.map((t) => t.rps)) / median(one.map((t) => t.rps)), 2)}); ` +
        `CPU per request, one replica: replica ${m(one, (t) => t.cpu.replicas[0] ?? 0)} µs, PostgreSQL ${m(one, (t) => t.cpu.postgres)} µs, ` +
        `load ${m(one, (t) => t.cpu.load)} µs; two replicas: replicas ${m(two, (t) => t.cpu.replicas[0] ?? 0)} and ${m(two, (t) => t.cpu.replicas[1] ?? 0)} µs, ` +
        `PostgreSQL ${m(two, (t) => t.cpu.postgres)} µs, load ${m(two, (t) => t.cpu.load)} µs`,
    );
  } finally {
    for (const stop of stops) {
      try {
        stop();
      } catch (err) {
        console.error(err);
      }
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
