/**
 * npm run bench:replicas: two replicas of the dashboard server on one PostgreSQL (issue 13).
 *  1. Fan-out delay: a signed webhook posted to replica A, until it arrives on an event stream
 *     opened on replica B (and, for comparison, on A itself). BENCH_EVENTS events, median and max.
 *  2. Throughput of GET /api/session (the session read from the shared database on every request)
 *     with one replica, then with two (the same load on each, at once), BENCH_RUNS runs, medians.
 * Everything runs in separate processes: a throwaway PostgreSQL cluster (as the tests start it),
 * the sandbox, replicas A and B in live mode against it; the load (autocannon) comes from this
 * process. On a shared 2-core machine, the replicas, PostgreSQL and the load compete for the
 * same cores: read two-replica throughput as "what one machine gives", not as scaling.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { startCluster } from '../src/server/test/postgres.js';
import { TOKEN, benchUsers, freePort, signIn, start, waitFor } from './live.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 15);
const SECRET = `whsec_${Buffer.from('bench-replicas').toString('base64')}`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

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
  return {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(SECRET).sign(id, at, body),
    },
  };
}

async function throughput(bases: string[], cookie: string): Promise<number> {
  const run = (base: string, duration: number) =>
    autocannon({ url: `${base}/api/session`, headers: { cookie }, connections: CONNECTIONS, duration });
  await Promise.all(bases.map((b) => run(b, 1))); // warm-up
  const results = await Promise.all(bases.map((b) => run(b, SECONDS)));
  for (const r of results) if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return results.reduce((sum, r) => sum + r.requests.average, 0);
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bench-replicas-'));
  const cluster = await startCluster();
  const stops: (() => void)[] = [() => cluster.stop(), () => rmSync(work, { recursive: true, force: true })];
  try {
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const url = new URL(cluster.adminUrl);
    url.pathname = '/bench';

    const users = await benchUsers(work);
    const sbPort = await freePort();
    const sb = start('src/sandbox/main.ts', { SANDBOX_PORT: String(sbPort), DATA_DIR: join(work, 'sandbox'), LOG_LEVEL: 'warn' });
    stops.unshift(() => sb.kill('SIGTERM'));
    await waitFor(`http://127.0.0.1:${sbPort}/healthz`);
    const replica = async (name: string) => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const p = start('src/server/main.ts', {
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
      });
      stops.unshift(() => p.kill('SIGTERM'));
      await waitFor(`${base}/healthz`);
      return base;
    };
    // one after the other: the first applies the migrations
    const a = await replica('a');
    const b = await replica('b');
    const cookie = await signIn(a, 'bench@demo.fr', 'bench-password-1');
    if ((await fetch(`${b}/api/session`, { headers: { cookie } })).status !== 200)
      throw new Error('the session made on A is not valid on B');

    // 1. fan-out delay
    const onA = await openStream(a, cookie);
    const onB = await openStream(b, cookie);
    const toB: number[] = [];
    const toA: number[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const id = `bench-${Date.now()}-${i}`;
      const sent = performance.now();
      const res = await fetch(`${a}/webhooks/partner`, signedWebhook(id));
      if (res.status !== 200) throw new Error(`webhook refused: ${res.status} ${await res.text()}`);
      const [atA, atB] = await Promise.all([onA.waitFor(id), onB.waitFor(id)]);
      toA.push(atA - sent);
      toB.push(atB - sent);
      await new Promise((r) => setTimeout(r, 50));
    }
    onA.close();
    onB.close();
    console.log(
      `Fan-out of ${EVENTS} webhooks posted to A: stream on B median ${round(median(toB))} ms (max ${round(Math.max(...toB))} ms); ` +
        `stream on A median ${round(median(toA))} ms (max ${round(Math.max(...toA))} ms)`,
    );

    // 2. throughput, one replica then two, RUNS times
    const one: number[] = [];
    const two: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      one.push(await throughput([a], cookie));
      two.push(await throughput([a, b], cookie));
      console.log(`run ${run}: one replica ${round(one.at(-1) ?? 0, 0)} req/s, two replicas ${round(two.at(-1) ?? 0, 0)} req/s`);
    }
    console.log(
      `GET /api/session, ${CONNECTIONS} connections per replica, ${SECONDS} s, median of ${RUNS}: one replica ${round(median(one), 0)} req/s, ` +
        `two replicas ${round(median(two), 0)} req/s (×${round(median(two) / median(one), 2)})`,
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
