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
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { hashPassword } from '../src/server/auth/passwords.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TOKEN = 'sk_sandbox_demo_agency';
const INBOX_TTL_MS = 2_000;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function start(script: string, env: Record<string, string>): ChildProcess {
  // BENCH_PROFILE=dir writes a V8 CPU profile of each process there
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  return spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Resident memory of a process, in MB (Linux /proc). */
function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples a process's resident memory every 10 ms while `work` runs; answers the peak. */
async function peakDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rss(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rss(pid))), 10);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rss(pid)) };
  } finally {
    clearInterval(timer);
  }
}

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
 * A sandbox (with its demo data at a scale) and a live-mode server in front of it, signed in as
 * the bench user: what a deployment looks like, with the sandbox as the partner.
 */
async function startLive(
  workDir: string,
  name: string,
  users: string,
  sandboxEnv: Record<string, string>,
  serverEnv: Record<string, string> = {},
) {
  const sbPort = await freePort();
  const port = await freePort();
  const sb = start('src/sandbox/main.ts', { SANDBOX_PORT: String(sbPort), DATA_DIR: join(workDir, `${name}-sandbox`), ...sandboxEnv });
  // the partner service is up before the dashboard starts, as in a deployment
  await waitFor(`http://127.0.0.1:${sbPort}/healthz`);
  const srv = start('src/server/main.ts', {
    PORT: String(port),
    DATA_DIR: join(workDir, `${name}-server`),
    PARTNER_API_BASE_URL: `http://127.0.0.1:${sbPort}`,
    PARTNER_API_TOKEN: TOKEN,
    PARTNER_WEBHOOK_SECRET: `whsec_${Buffer.from('bench').toString('base64')}`,
    SESSION_SECRET: 'b'.repeat(40),
    USERS_FILE: users,
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    STATIC_DIR: join(workDir, 'none'),
    ...serverEnv,
  });
  const stop = () => {
    srv.kill('SIGTERM');
    sb.kill('SIGTERM');
  };
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/healthz`);
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'bench@demo.fr', password: 'bench-password-1' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const session = (await (await fetch(`${base}/api/session`, { headers: { cookie } })).json()) as { csrfToken: string };
    return { base, pid: srv.pid ?? 0, headers: { cookie, origin: base, 'x-csrf-token': session.csrfToken }, stop };
  } catch (err) {
    stop();
    throw err;
  }
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
const usersFile = join(dir, 'users.json');
writeFileSync(
  usersFile,
  JSON.stringify({
    users: [{ email: 'bench@demo.fr', name: 'Bench', role: 'manager', passwordHash: await hashPassword('bench-password-1') }],
  }),
);
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

  const project = (await (
    await fetch(`${base}/api/v3/projects`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        profile: {
          gender: 1,
          firstName: 'B',
          lastName: 'M',
          email: 'b@m.fr',
          dateOfBirth: '1990-01-01',
          phone: { phoneContryCode: 'FR', phoneFormated: '+33612345678' },
        },
        finance: { status: 4, monthlyIncome: 3000 },
      }),
    })
  ).json()) as { id: string };
  const file = Buffer.alloc(10 * 1024 * 1024, 0x20);
  file.write('%PDF-1.4\n');
  const pid = live.pid;
  await new Promise((r) => setTimeout(r, 2000));
  const before = rss(pid);
  const { result: statuses, peak } = await peakDuring(pid, () =>
    Promise.all(
      Array.from({ length: 5 }, async () => {
        const form = new FormData();
        form.append('documentType', '1');
        form.append('file', new Blob([file]), 'big.pdf');
        return (await fetch(`${base}/api/v3/projects/${project.id}/documents`, { method: 'POST', headers, body: form })).status;
      }),
    ),
  );

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
    const plogin = await fetch(`${pbase}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: pbase },
      body: JSON.stringify({ email: 'manager@demo-agency.fr', password: 'sandbox-demo' }),
    });
    const pcookie = (plogin.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
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
  const growth = peak - before;
  console.log(
    `\nfive concurrent 10 MB uploads (answers ${statuses.join(', ')}): server RSS ${before.toFixed(1)} MB before, peak ${peak.toFixed(1)} MB, growth ${growth.toFixed(1)} MB (budget < 50 MB: ${growth < 50 ? 'OK' : 'OVER'})`,
  );
} finally {
  live.stop();
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dir, { recursive: true, force: true });
}
