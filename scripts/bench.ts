/**
 * npm run bench — measures the dashboard server's cost over the partner service (issues 3 and 13):
 *  1. The proxy's own cost: GET /v3/projects?pageSize=20 straight to the sandbox vs
 *     GET /api/v3/projects?pageSize=20 through the server with a session cookie, at 1 connection
 *     and at BENCH_CONNECTIONS (10), BENCH_RUNS times (3) each, medians quoted. The sandbox and the
 *     server run in separate processes, both compiled (build/, the production path), so the
 *     figure is the server's alone (one process running both halves it and hides where the
 *     time goes). Budget: throughput >= 90% of direct, p99 <= 1.2 x direct.
 *  2. The work inbox, 3. a 10,000-project CSV export, 4. five 10 MB uploads (server memory).
 * The load comes from autocannon in this process. BENCH_ONLY=proxy measures 1 only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { TOKEN, benchUsers, cpuMs, describeUploads, benchProject, measureUploads, peakDuring, rss, type Live, startLive } from './live.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY_PROXY = process.env.BENCH_ONLY === 'proxy';
const INBOX_TTL_MS = 2_000;

type Figures = { median: number; p99: number; mean: number; throughput: number; serverCpu?: number; sandboxCpu?: number };

/** CPU time per request (µs) that each process spent during `run`: independent of what else the machine runs. */
async function withCpu(live: Live, run: () => Promise<Figures & { requests: number }>): Promise<Figures> {
  const s0 = cpuMs(live.pid);
  const b0 = cpuMs(live.sandboxPid);
  const r = await run();
  return { ...r, serverCpu: ((cpuMs(live.pid) - s0) * 1000) / r.requests, sandboxCpu: ((cpuMs(live.sandboxPid) - b0) * 1000) / r.requests };
}

async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  warm = true,
): Promise<Figures & { requests: number }> {
  if (warm) await autocannon({ url, headers, connections, duration: 2 });
  const r = await autocannon({ url, headers, connections, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { median: r.latency.p50, p99: r.latency.p99, mean: r.latency.average, throughput: r.requests.average, requests: r.requests.total };
}

/** Times GET /api/inbox: first (every read), cached, after a change to one claim, after the cache expired. */
async function measureInbox(base: string, headers: Record<string, string>) {
  const timed = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/inbox`, { headers });
    const body = (await res.json()) as {
      lines: { area: string; claimId?: string }[];
      total: number;
      areas: { claims: number; projects: number };
    };
    if (res.status !== 200) throw new Error(`inbox answered ${res.status}`);
    return { ms: Math.round(performance.now() - t0), body };
  };
  // the server reads the partner once at start (its warm-up); wait until what it read is too old
  // even to be answered stale (5 x the TTL), so the first figure is every read again
  await new Promise((r) => setTimeout(r, INBOX_TTL_MS * 5 + 1000));
  const first = await timed();
  const warm: number[] = [];
  for (let i = 0; i < 20; i++) warm.push((await timed()).ms);
  warm.sort((a, b) => a - b);
  const claimId = first.body.lines.find((l) => l.area === 'claim')?.claimId;
  await fetch(`${base}/api/v1/claims/${claimId}/payments`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 10, applyDate: new Date().toISOString().slice(0, 10) }),
  });
  const afterChange = await timed();
  await new Promise((r) => setTimeout(r, INBOX_TTL_MS + 500));
  const expired = await timed();
  return {
    items: `${first.body.areas.claims} claim lines, ${first.body.areas.projects} project lines, ${first.body.lines.length} on the first page`,
    cold: first.ms,
    warm: { median: warm[10] ?? 0, max: warm.at(-1) ?? 0 },
    afterChange: afterChange.ms,
    expired: expired.ms,
  };
}

/**
 * A CSV export of 10,000 projects: a sandbox seeded with them and a server in front; times the
 * first byte and the whole file, and samples the server's memory while it streams.
 */
async function measureExport(workDir: string, users: string) {
  const live = await startLive(workDir, 'export', users, { SANDBOX_SEED_PROJECTS: '10000' });
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const before = rss(live.pid);
    const t0 = performance.now();
    const { result, peak } = await peakDuring(live.pid, async () => {
      const res = await fetch(`${live.base}/api/exports/projects.csv?lang=fr`, {
        headers: { cookie: live.headers.cookie, 'accept-encoding': 'identity' },
      });
      const firstByte = Math.round(performance.now() - t0);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body ?? []) {
        bytes += (chunk as Uint8Array).length;
        for (const b of chunk as Uint8Array) if (b === 10) lines++;
      }
      return { firstByte, bytes, rows: lines - 1, status: res.status };
    });
    return { ...result, total: Math.round(performance.now() - t0), growth: peak - before };
  } finally {
    live.stop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const medianOf = (runs: Figures[]): Figures => ({
  median: median(runs.map((r) => r.median)),
  p99: median(runs.map((r) => r.p99)),
  mean: median(runs.map((r) => r.mean)),
  throughput: median(runs.map((r) => r.throughput)),
  serverCpu: median(runs.map((r) => r.serverCpu ?? 0)),
  sandboxCpu: median(runs.map((r) => r.sandboxCpu ?? 0)),
});

/** Direct vs through the server, alternating, RUNS times at each connection count; medians. */
async function measureProxy(live: Live) {
  const direct = `${live.sandbox}/v3/projects?pageSize=20`;
  const proxied = `${live.base}/api/v3/projects?pageSize=20`;
  const directHeaders = { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'gzip, deflate, br' };
  // both as a browser asks (it accepts gzip): what either side compresses is part of its cost
  const proxiedHeaders = { cookie: live.headers.cookie, 'accept-encoding': 'gzip, deflate, br' };
  const results = [];
  for (const connections of [1, CONNECTIONS]) {
    await load(direct, directHeaders, connections);
    await load(proxied, proxiedHeaders, connections);
    const d: Figures[] = [];
    const p: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      d.push(await withCpu(live, () => load(direct, directHeaders, connections, false)));
      p.push(await withCpu(live, () => load(proxied, proxiedHeaders, connections, false)));
    }
    results.push({ connections, runs: { d, p }, direct: medianOf(d), proxied: medianOf(p) });
  }
  return results;
}

function printProxy(results: Awaited<ReturnType<typeof measureProxy>>) {
  for (const { connections, runs, direct, proxied } of results) {
    const ratio = proxied.throughput / direct.throughput;
    const p99 = proxied.p99 / direct.p99;
    console.log(`\nGET /v3/projects?pageSize=20, ${connections} connection(s), ${DURATION} s x ${RUNS} runs (medians; separate processes)`);
    console.log(['', 'median ms', 'mean ms', 'p99 ms', 'req/s', 'runs req/s', 'runs p99'].map((c) => c.padStart(15)).join(''));
    for (const [name, r, all] of [
      ['direct', direct, runs.d],
      ['through server', proxied, runs.p],
    ] as const) {
      console.log(
        [
          name,
          r.median,
          r.mean.toFixed(2),
          r.p99,
          Math.round(r.throughput),
          all.map((x) => Math.round(x.throughput)).join('/'),
          all.map((x) => x.p99).join('/'),
        ]
          .map((c) => String(c).padStart(15))
          .join(''),
      );
    }
    console.log(
      `CPU per request: sandbox ${direct.sandboxCpu?.toFixed(0)} µs direct; through the server: server ${proxied.serverCpu?.toFixed(0)} µs + sandbox ${proxied.sandboxCpu?.toFixed(0)} µs`,
    );
    console.log(
      `throughput ${(ratio * 100).toFixed(1)}% of direct (budget >= 90%: ${ratio >= 0.9 ? 'OK' : 'OVER'}); p99 ${p99.toFixed(2)} x direct (budget <= 1.2: ${p99 <= 1.2 ? 'OK' : 'OVER'}); added median ${proxied.median - direct.median} ms, mean ${(proxied.mean - direct.mean).toFixed(2)} ms`,
    );
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-'));
const usersFile = await benchUsers(dir);
// the demo data multiplied to the inbox's budget scale: 500 projects, 100 claims
const live = await startLive(
  dir,
  'main',
  usersFile,
  { SANDBOX_SEED_PROJECTS: '500', SANDBOX_SEED_CLAIMS: '100' },
  { INBOX_CACHE_MS: String(INBOX_TTL_MS) },
);
try {
  const proxy = await measureProxy(live);
  printProxy(proxy);
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
  }
} finally {
  live.stop();
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dir, { recursive: true, force: true });
}
