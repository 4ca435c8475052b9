/**
 * npm run bench — measures the dashboard server's cost over the partner service (issue 3 budget):
 *  1. GET /v3/projects straight to the sandbox vs GET /api/v3/projects through the server:
 *     median, mean and p99 latency, throughput, at 1 connection and at BENCH_CONNECTIONS.
 *     Budget: throughput >= 70% of direct, added median latency < 2 ms.
 *  2. Peak memory of the server process while five 10 MB uploads stream through. Budget: < 50 MB growth.
 * Latency and throughput are measured on the product as `npm start` runs it (one process: the
 * server with its embedded sandbox); memory on a server-only process in live mode against a
 * separate sandbox, so the sandbox storing the uploaded files is not counted. The load comes
 * from autocannon in this process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  TOKEN,
  benchUsers,
  describeUploads,
  freePort,
  benchProject,
  measureUploads,
  peakDuring,
  rss,
  start,
  signIn,
  startLive,
  waitFor,
} from './live.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const INBOX_TTL_MS = 2_000;

async function load(url: string, headers: Record<string, string>, connections: number) {
  await autocannon({ url, headers, connections, duration: 2 });
  const r = await autocannon({ url, headers, connections, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { median: r.latency.p50, p99: r.latency.p99, mean: r.latency.average, throughput: r.requests.average };
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
  const { base, headers } = live;
  const inbox = await measureInbox(base, headers);

  const project = await benchProject(live);
  const uploads = await measureUploads(live, project.id);

  // Latency: the product as npm start runs it (server + embedded sandbox in one process).
  const productPort = await freePort();
  const productSandboxPort = await freePort();
  const product = start('src/server/main.ts', {
    PORT: String(productPort),
    SANDBOX_PORT: String(productSandboxPort),
    DATA_DIR: join(dir, 'product'),
    STATIC_DIR: join(dir, 'none'),
  });
  const results = [];
  try {
    const pbase = `http://127.0.0.1:${productPort}`;
    await waitFor(`${pbase}/readyz`);
    const pcookie = await signIn(pbase, 'manager@demo-agency.fr', 'sandbox-demo');
    for (const connections of [1, CONNECTIONS]) {
      const direct = await load(
        `http://127.0.0.1:${productSandboxPort}/v3/projects?pageSize=20`,
        { authorization: `Bearer ${TOKEN}` },
        connections,
      );
      const proxied = await load(`${pbase}/api/v3/projects?pageSize=20`, { cookie: pcookie, 'accept-encoding': 'identity' }, connections);
      results.push({ connections, direct, proxied });
    }
  } finally {
    product.kill('SIGTERM');
  }

  for (const { connections, direct, proxied } of results) {
    const ratio = proxied.throughput / direct.throughput;
    const added = proxied.median - direct.median;
    console.log(`\nGET /v3/projects?pageSize=20, ${connections} connection(s), ${DURATION} s each`);
    console.log(['', 'median ms', 'mean ms', 'p99 ms', 'req/s'].map((c) => c.padStart(15)).join(''));
    for (const [name, r] of [
      ['direct', direct],
      ['through server', proxied],
    ] as const) {
      console.log([name, r.median, r.mean.toFixed(2), r.p99, Math.round(r.throughput)].map((c) => String(c).padStart(15)).join(''));
    }
    console.log(
      `throughput ${(ratio * 100).toFixed(1)}% of direct (budget >= 70%: ${ratio >= 0.7 ? 'OK' : 'OVER'}); added median ${added} ms, mean ${(proxied.mean - direct.mean).toFixed(2)} ms (budget < 2 ms: ${added < 2 ? 'OK' : 'OVER'})`,
    );
  }
  console.log(
    `\nGET /api/inbox at 500 projects and 100 claims (${inbox.items}): every read (empty cache) ${inbox.cold} ms; cached: median ${inbox.warm.median} ms, max ${inbox.warm.max} ms over 20; after a change to one claim: ${inbox.afterChange} ms; once stale (answered, re-read in the background) ${inbox.expired} ms (budget < 500 ms: ${Math.max(inbox.cold, inbox.expired) < 500 ? 'OK' : 'OVER'})`,
  );
  const exported = await measureExport(dir, usersFile);
  console.log(
    `\nGET /api/exports/projects.csv of ${exported.rows} projects (answer ${exported.status}, ${(exported.bytes / 1e6).toFixed(1)} MB): first byte ${exported.firstByte} ms, whole file ${exported.total} ms, server memory growth ${exported.growth.toFixed(1)} MB while streaming`,
  );
  console.log(`\n${describeUploads(uploads)}`);
} finally {
  live.stop();
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dir, { recursive: true, force: true });
}
