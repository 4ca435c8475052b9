/**
 * npm run bench:pg-restart: PostgreSQL restarted under load. Two replicas of the dashboard server
 * (the compiled build, live mode, processes of their own) on a throwaway PostgreSQL cluster, in
 * front of the sandbox (seeded); BENCH_CLIENTS clients read (the session, the work queue, the
 * claims list, the search, a partner read) and write (a project created with its Idempotency-Key,
 * a tenant payment without one) through both, until the end of the run. Meanwhile PostgreSQL is
 * stopped (pg_ctl stop -m fast: every connection cut) for BENCH_OUTAGE_SECONDS and started again.
 * Per run: the answers during the outage by kind (served, 503 with its code and Retry-After,
 * anything else: 500, 401, a hang of 15 s), the seconds each replica takes to be ready, to read and
 * to write again once PostgreSQL accepts connections, until an event posted to A reaches a stream
 * on B (the bus listens again) and until a replica holds the sync lease again; then every write
 * counted at the partner: lost (answered done and absent, or refused and present) or doubled.
 * BENCH_RUNS runs on fresh processes, medians. BENCH_PORT=n: the sandbox on n, A on n+1, B on
 * n+2, PostgreSQL on n+3 (default: free ports). It prints figures; it never fails on them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { webhookHeaders } from '../src/platform/webhook-signing.js';
import { startCluster } from '../src/server/test/postgres.js';
import { TOKEN, benchUsers, freePort, signIn, waitFor } from './support/live.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OUTAGE_S = Number(process.env.BENCH_OUTAGE_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : null;
const HANG_MS = 15_000;
const SECRET = `whsec_${Buffer.from('bench-pg-restart').toString('base64')}`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
const portOr = async (offset: number) => (PORT === null ? freePort() : PORT + offset);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--enable-source-maps', script], {
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

interface Answer {
  replica: 'A' | 'B';
  what: string;
  sentAt: number;
  answeredAt: number;
  /** 0: no answer within HANG_MS; -1: the connection failed. */
  status: number;
  code: string | null;
  retryAfter: string | null;
  ref?: string;
}

interface Replica {
  name: 'A' | 'B';
  base: string;
  headers: Record<string, string>;
}

/** Resolves with the time `ok` first held (polled every 100 ms), or null after `ms`. */
async function until(ok: () => Promise<boolean>, ms: number): Promise<number | null> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (await ok().catch(() => false)) return performance.now();
    await sleep(100);
  }
  return null;
}

async function call(r: Replica, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const res = await fetch(r.base + path, {
    method,
    headers: { ...r.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(HANG_MS),
  });
  const text = await res.text();
  let code: string | null = null;
  if (res.status >= 400)
    try {
      code = (JSON.parse(text) as { code?: string }).code ?? null;
    } catch {
      // not the envelope
    }
  return { status: res.status, code, retryAfter: res.headers.get('retry-after') };
}

const project = (ref: string) => ({
  profile: {
    gender: 1,
    firstName: 'Bench',
    lastName: 'Restart',
    email: 'bench@restart.fr',
    dateOfBirth: '1990-01-01',
    phone: { phoneContryCode: 'FR', phoneFormated: '+33612345678' },
  },
  finance: { status: 4, monthlyIncome: 3000 },
  metadata: { externalReference: ref },
});

/** What every client does in turn: three reads of the read model, the session, a partner read, and two writes. */
function traffic(replicas: Replica[], claimId: string) {
  const answers: Answer[] = [];
  let running = true;
  let cents = 0;
  const loops = Array.from({ length: CLIENTS }, async (_, w) => {
    const r = replicas[w % replicas.length] as Replica;
    for (let n = w; running; n++) {
      const step = n % 7;
      const ref = `bench-restart-${process.pid}-${w}-${n}`;
      const amount = (1000 + cents++) / 100;
      const [what, method, path, body, extra, tag] =
        step === 0
          ? (['session', 'GET', '/api/session'] as const)
          : step === 1
            ? (['inbox', 'GET', '/api/inbox?pageSize=20'] as const)
            : step === 2
              ? (['claims list', 'GET', '/api/lists/claims'] as const)
              : step === 3
                ? (['search', 'GET', '/api/search?q=ma'] as const)
                : step === 4
                  ? (['partner read', 'GET', `/api/v1/claims/${claimId}/rentaldebts`] as const)
                  : step === 5
                    ? (['project created', 'POST', '/api/v3/projects', project(ref), { 'idempotency-key': ref }, ref] as const)
                    : ([
                        'payment',
                        'POST',
                        `/api/v1/claims/${claimId}/payments`,
                        { amount, applyDate: '2026-05-10' },
                        {},
                        String(Math.round(amount * 100)),
                      ] as const);
      const sentAt = performance.now();
      const a = await call(r, method, path, body, extra).catch((err: unknown) => ({
        status: err instanceof Error && err.name === 'TimeoutError' ? 0 : -1,
        code: err instanceof Error ? err.name : String(err),
        retryAfter: null,
      }));
      answers.push({ replica: r.name, what, sentAt, answeredAt: performance.now(), ...a, ref: tag });
      await sleep(50);
    }
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** An event stream on `r`: true once the event `id` arrived on it, false after `ms` or when the replica does not answer. */
async function heardOn(r: Replica, id: string, ms: number): Promise<boolean> {
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), ms);
  try {
    const res = await fetch(`${r.base}/api/events`, { headers: { cookie: r.headers.cookie ?? '' }, signal: controller.signal });
    if (res.status !== 200) return false;
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return false;
      text += decoder.decode(chunk.value, { stream: true });
      if (text.includes(id)) return true;
    }
  } catch {
    return false;
  } finally {
    clearTimeout(deadline);
    controller.abort();
  }
}

function signedWebhook(id: string) {
  const at = new Date();
  const body = JSON.stringify({ id, type: 'claim.updated', createdAt: at.toISOString(), data: { claimId: null } });
  return { method: 'POST', body, headers: webhookHeaders(SECRET, id, at, body) };
}

/** "12 × B payment 500 INTERNAL_ERROR, 3 × …": the answers of a kind counted, the most frequent first. */
function byKind(lines: string[]): string {
  const counts = new Map<string, number>();
  for (const l of lines) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 6)
    .map(([l, n]) => `${n} × ${l}`)
    .join(', ');
}

interface RunFigures {
  outage: { total: number; served: number; refused503: number; other: string[] };
  recover: { A: number | null; B: number | null; bus: number | null; lease: number | null };
  writes: { answered: number; done: number; refused: number; lost: number; doubled: number };
  rate: number;
}

async function oneRun(run: number): Promise<RunFigures> {
  const work = mkdtempSync(join(tmpdir(), 'bench-pg-restart-'));
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
    const sandbox = `http://127.0.0.1:${sbPort}`;
    const sb = start('build/sandbox/main.js', { SANDBOX_PORT: String(sbPort), DATA_DIR: join(work, 'sandbox') });
    stops.unshift(() => sb.kill('SIGTERM'));
    await waitFor(`${sandbox}/healthz`);
    const replica = async (name: 'A' | 'B', offset: number): Promise<Replica> => {
      const port = await portOr(offset);
      const base = `http://127.0.0.1:${port}`;
      const p = start('build/server/main.js', {
        PORT: String(port),
        DATA_DIR: join(work, name),
        DATABASE_URL: url.toString(),
        PARTNER_API_BASE_URL: sandbox,
        PARTNER_API_TOKEN: TOKEN,
        PARTNER_WEBHOOK_SECRET: SECRET,
        SESSION_SECRET: 'r'.repeat(40),
        USERS_FILE: users,
        PUBLIC_ORIGIN: base,
        STATIC_DIR: join(work, 'none'),
        SYNC_LEASE_SECONDS: '5',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      });
      stops.unshift(() => p.kill('SIGTERM'));
      await waitFor(`${base}/healthz`);
      return { name, base, headers: {} };
    };
    // one after the other: the first applies the migrations
    const a = await replica('A', 1);
    const b = await replica('B', 2);
    const cookie = await signIn(a.base, 'bench@demo.fr', 'bench-password-1');
    const session = (await (await fetch(`${a.base}/api/session`, { headers: { cookie } })).json()) as { csrfToken: string };
    a.headers = { cookie, origin: a.base, 'x-csrf-token': session.csrfToken };
    b.headers = { cookie, origin: b.base, 'x-csrf-token': session.csrfToken };
    // a seeded claim that takes payments
    const claims = (await (await fetch(`${sandbox}/v1/claims?pageSize=100`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as {
      items: { id: string }[];
    };
    let claimId = '';
    for (const c of claims.items) {
      const tried = await call(a, 'POST', `/api/v1/claims/${c.id}/payments`, { amount: 1, applyDate: '2026-05-10' });
      if (tried.status === 201) {
        claimId = c.id;
        break;
      }
    }
    if (!claimId) throw new Error('no seeded claim takes a payment');
    const leaseHeld = async () => {
      const r = await fetch(`${a.base}/api/sync/state`, { headers: a.headers });
      return r.ok && ((await r.json()) as { holder: string | null }).holder !== null;
    };
    if ((await until(leaseHeld, 30_000)) === null) throw new Error('no replica took the sync lease');

    const t = traffic([a, b], claimId);
    await sleep(3_000);
    await cluster.halt();
    const downFrom = performance.now();
    await sleep(OUTAGE_S * 1000);
    const downUntil = performance.now();
    await cluster.start();
    const upAt = performance.now();
    const back = (r: Replica) =>
      until(
        async () =>
          (await fetch(`${r.base}/readyz`)).status === 200 &&
          (await call(r, 'GET', '/api/inbox?pageSize=20')).status === 200 &&
          (await call(r, 'POST', '/api/v3/projects', project(`bench-restart-probe-${r.name}-${Date.now()}`))).status === 201,
        60_000,
      );
    // each measured from the moment PostgreSQL accepts connections again, side by side
    const busBack = () =>
      until(async () => {
        const id = `bench-restart-${run}-${Date.now()}`;
        const heard = heardOn(b, id, 2_000);
        await sleep(100);
        await fetch(`${a.base}/webhooks/partner`, signedWebhook(id));
        return heard;
      }, 60_000);
    const [atA, atB, bus, lease] = await Promise.all([back(a), back(b), busBack(), until(leaseHeld, 60_000)]);
    await sleep(2_000);
    await t.stop();

    const during = t.answers.filter((x) => x.sentAt >= downFrom && x.answeredAt <= downUntil);
    const served = during.filter((x) => x.status >= 200 && x.status < 300).length;
    const refused503 = during.filter((x) => x.status === 503 && x.code !== null && /^\d+$/.test(x.retryAfter ?? '')).length;
    // anything else, at any time of the run
    const other = t.answers
      .filter((x) => !(x.status >= 200 && x.status < 300) && !(x.status === 503 && x.code !== null && /^\d+$/.test(x.retryAfter ?? '')))
      .map((x) => `${x.replica} ${x.what} ${x.status} ${x.code ?? ''}`);

    // every write, at the partner
    const projects: { metadata?: { externalReference?: string } }[] = [];
    for (let page = 1; ; page++) {
      const r = (await (
        await fetch(`${sandbox}/v3/projects?pageSize=100&page=${page}`, { headers: { authorization: `Bearer ${TOKEN}` } })
      ).json()) as { items: { metadata?: { externalReference?: string } }[]; total: number };
      projects.push(...r.items);
      if (projects.length >= r.total || r.items.length === 0) break;
    }
    const payments = (await (
      await fetch(`${sandbox}/v1/claims/${claimId}/payments`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).json()) as { amount: number }[];
    const atPartner = (x: Answer) =>
      x.what === 'payment'
        ? payments.filter((p) => Math.round(p.amount * 100) === Number(x.ref)).length
        : projects.filter((p) => p.metadata?.externalReference === x.ref).length;
    const writes = t.answers.filter((x) => x.ref !== undefined);
    const done = writes.filter((x) => x.status >= 200 && x.status < 300);
    const refused = writes.filter((x) => x.status === 503);
    const figures: RunFigures = {
      outage: { total: during.length, served, refused503, other },
      recover: {
        A: atA === null ? null : (atA - upAt) / 1000,
        B: atB === null ? null : (atB - upAt) / 1000,
        bus: bus === null ? null : (bus - upAt) / 1000,
        lease: lease === null ? null : (lease - upAt) / 1000,
      },
      writes: {
        answered: writes.length,
        done: done.length,
        refused: refused.length,
        lost: done.filter((x) => atPartner(x) === 0).length + refused.filter((x) => atPartner(x) > 0).length,
        doubled: writes.filter((x) => atPartner(x) > 1).length,
      },
      rate: (t.answers.length * 1000) / ((t.answers.at(-1)?.answeredAt ?? 0) - (t.answers[0]?.sentAt ?? 0) || 1),
    };
    const s = (x: number | null) => (x === null ? 'never' : `${round(x)} s`);
    console.log(
      `run ${run}: ${round(figures.rate, 0)} req/s; during the ${OUTAGE_S} s outage ${during.length} requests: ${served} served, ` +
        `${refused503} refused 503 with a code and Retry-After, ${during.length - served - refused503} other; ` +
        `other answers over the whole run: ${other.length ? byKind(other) : 'none'}; ` +
        `after PostgreSQL was back: A ${s(figures.recover.A)}, B ${s(figures.recover.B)} (ready, read, write), bus ${s(figures.recover.bus)}, ` +
        `lease ${s(figures.recover.lease)}; writes ${figures.writes.answered} (${figures.writes.done} done, ${figures.writes.refused} refused): ` +
        `lost ${figures.writes.lost}, doubled ${figures.writes.doubled} (${load()})`,
    );
    return figures;
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

async function main(): Promise<void> {
  console.log(`bench:pg-restart: ${RUNS} runs, ${CLIENTS} clients over two replicas, PostgreSQL down ${OUTAGE_S} s (${load()})`);
  const runs: RunFigures[] = [];
  for (let run = 1; run <= RUNS; run++) runs.push(await oneRun(run));
  const m = (f: (r: RunFigures) => number | null) => {
    const xs = runs.map(f).filter((x): x is number => x !== null);
    return xs.length < runs.length ? 'never in some run' : String(round(median(xs)));
  };
  console.log(
    `Medians of ${RUNS} runs: during the outage ${m((r) => r.outage.total)} requests, ${m((r) => r.outage.served)} served, ` +
      `${m((r) => r.outage.refused503)} refused 503 with a code and Retry-After, other answers (any time) ${m((r) => r.outage.other.length)}; ` +
      `seconds to recover after PostgreSQL accepts connections: A ${m((r) => r.recover.A)}, B ${m((r) => r.recover.B)}, ` +
      `bus ${m((r) => r.recover.bus)}, lease ${m((r) => r.recover.lease)}; writes lost ${m((r) => r.writes.lost)}, doubled ${m((r) => r.writes.doubled)} ` +
      `(of ${m((r) => r.writes.answered)} answered, ${m((r) => r.writes.refused)} refused)`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
