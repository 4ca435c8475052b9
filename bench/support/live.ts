/**
 * Processes for the benchmarks (bench/server.ts, bench/upload-memory.ts, ...): a sandbox and a live-mode
 * server as separate processes, their resident memory sampled from /proc.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../../src/server/auth/passwords.js';

export const TOKEN = 'sk_sandbox_demo_agency';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export async function waitFor(url: string): Promise<void> {
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

/**
 * BENCH_PORT=n: the processes of a measurement listen on fixed ports (a shared machine gives each
 * engineer a range): the k-th server started on n+k, its sandbox on n+1000+k. Unset: free ports.
 */
let nextPort = Number(process.env.BENCH_PORT) || 0;
/** BENCH_BUILD=dir: the compiled server and sandbox measured (default build/; another checkout's build to compare). */
const BUILD = process.env.BENCH_BUILD ?? 'build';
export async function ports(): Promise<{ server: number; sandbox: number }> {
  if (!nextPort) return { server: await freePort(), sandbox: await freePort() };
  const server = nextPort++;
  return { server, sandbox: server + 1000 };
}

/**
 * The node options of the production start command (`npm run serve` in the measured checkout's
 * package.json, beside BENCH_BUILD): the server is measured as it runs in production, and a
 * "before" checkout with other options is measured with its own. BENCH_SERVE_OPTIONS="..." replaces
 * them (to try an option before it goes into the command).
 */
export function serveOptions(build = BUILD): string[] {
  if (process.env.BENCH_SERVE_OPTIONS !== undefined) return process.env.BENCH_SERVE_OPTIONS.split(/\s+/).filter(Boolean);
  const pkg = JSON.parse(readFileSync(join(build, '..', 'package.json'), 'utf8')) as { scripts: { serve: string } };
  const words = pkg.scripts.serve.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'build/server/main.js') throw new Error(`unexpected serve command: ${pkg.scripts.serve}`);
  return words.slice(1, -1);
}

/** Pins a running process and all its threads to CPUs (`taskset`, e.g. "0" or "0,1"). */
export function pin(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-cp', cpus, String(pid)], { stdio: 'ignore' });
}

/**
 * Starts a process: compiled JavaScript (build/, `npm run build:server`) with node alone,
 * TypeScript through tsx; `cpus`: pinned there from its first instruction (taskset), so that
 * every thread it makes (libuv's pool, V8's) stays there too.
 */
export function start(script: string, env: Record<string, string>, cpus?: string, logFile?: string, nodeOptions?: string[]): ChildProcess {
  // BENCH_PROFILE=dir writes a V8 CPU profile of each process there
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : (nodeOptions ?? ['--enable-source-maps']);
  // BENCH_PROBE=1: the measuring probe preloaded (env.PROBE_OUT says where its windows go)
  const probe = PROBING && env.PROBE_OUT ? ['--import', PROBE_SCRIPT] : [];
  const node = [process.execPath, ...profile, ...probe, ...loader, script];
  const [command = '', ...args] = cpus ? ['taskset', '-c', cpus, ...node] : node;
  return spawn(command, args, {
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
    // logFile: its standard output appended there (a server logging every request, as in production)
    stdio: ['ignore', logFile ? openSync(logFile, 'a') : 'inherit', 'inherit'],
  });
}

/** BENCH_PROBE=1: bench/support/proxy-probe.mjs is preloaded into the server, the sandbox and the bare hop. */
export const PROBING = process.env.BENCH_PROBE === '1';
const PROBE_SCRIPT = fileURLToPath(new URL('./proxy-probe.mjs', import.meta.url));

/** What proxy-probe.mjs writes for one window (times in ms of the process's performance.now(); loop delays in ns). */
export interface ProbeWindow {
  from: number;
  to: number;
  loop: { min: number; mean: number; max: number; p50: number; p90: number; p99: number; p999: number; count: number };
  gcs: { start: number; duration: number; kind: string }[];
  /** in: request seen, up: asked the partner, head/body: the partner's headers / end of body, out: our first byte, end: our last. */
  requests: { in: number; up?: number; head?: number; body?: number; out?: number; end: number }[];
}

/** Ends a probed process's window and starts the next: the window just ended. */
export async function probeWindow(pid: number, file: string): Promise<ProbeWindow> {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGWINCH');
  for (let i = 0; i < 500; i++) {
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as ProbeWindow;
      } catch {
        // still being written
      }
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no probe window from ${pid}`);
}

/**
 * A forwarding hop that does nothing else, in a few lines: a Node HTTP server that sends
 * /api/... to the partner with the token (undici, a keep-alive pool as the server's), reads the
 * answer whole and writes it back. Measured beside the server, pinned the same, it shows what the
 * extra process alone costs on this machine.
 */
const BARE_HOP = `
import { createServer } from 'node:http';
import { Agent, request } from 'undici';
const agent = new Agent({ keepAliveTimeout: 30000, connections: 128 });
const upstream = process.env.UPSTREAM;
const auth = 'Bearer ' + process.env.TOKEN;
createServer(async (req, res) => {
  try {
    const up = await request(upstream + req.url.slice(4), { headers: { authorization: auth, accept: 'application/json' }, dispatcher: agent });
    const chunks = [];
    for await (const c of up.body) chunks.push(c);
    const body = Buffer.concat(chunks);
    res.writeHead(up.statusCode, { 'content-type': up.headers['content-type'] ?? 'application/json', 'content-length': body.length });
    res.end(body);
  } catch {
    res.writeHead(502).end();
  }
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** Starts the bare hop in front of `sandbox`, pinned to `cpus`: its base URL, pid and stop. */
export async function startBareHop(sandbox: string, cpus: string, workDir: string, port: number) {
  const probeOut = join(workDir, 'probe-hop.json');
  const probe = PROBING ? ['--import', PROBE_SCRIPT] : [];
  const child = spawn('taskset', ['-c', cpus, process.execPath, ...probe, '--input-type=module', '-e', BARE_HOP], {
    env: { ...process.env, UPSTREAM: sandbox, TOKEN, PORT: String(port), PROBE_OUT: probeOut },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`${base}/api/v3/projects?pageSize=1`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, pid: child.pid ?? 0, probeOut, stop: () => child.kill('SIGTERM') };
}

/** Resident memory of a process, in MB (Linux /proc). */
export function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // after "pid (comm) ": state is field 3, utime 14 and stime 15
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Samples a process's resident memory every 10 ms while `work` runs; answers the peak. */
export async function peakDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rss(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rss(pid))), 10);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rss(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/** Signs in to the server at `base`; answers its session cookie. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  // a server shedding load (503 SERVER_BUSY, e.g. during its initial sync) is asked again a second later, as a user would
  for (let attempt = 0; ; attempt++) {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email, password }),
    });
    if (login.status !== 503 || attempt >= 60) return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    await login.arrayBuffer();
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** A users file with one manager, the bench user that startLive signs in as. */
export async function benchUsers(dir: string): Promise<string> {
  const file = join(dir, 'users.json');
  writeFileSync(
    file,
    JSON.stringify({
      users: [
        { email: 'bench@demo.fr', name: 'Bench', role: 'manager', passwordHash: await hashPassword('bench-password-1') },
        // the round's browser measure signs in as staff (bench/round.ts)
        { email: 'bench-staff@demo.fr', name: 'Bench Staff', role: 'staff', passwordHash: await hashPassword('bench-password-1') },
      ],
    }),
  );
  return file;
}

/**
 * A sandbox (with its demo data at a scale) and a live-mode server in front of it, signed in as
 * the bench user: what a deployment looks like, with the sandbox as the partner. Both run from
 * build/ (the production path: `npm run build:server` first).
 */
/**
 * A live-mode server (compiled, from `build`, with that checkout's serve options) in front of the
 * partner at `partner`, pinned to `cpu`, signed in as the bench user; its own data directory.
 */
export async function startServer(
  build: string,
  partner: string,
  workDir: string,
  name: string,
  users: string,
  serverEnv: Record<string, string> = {},
  o: { cpu?: string; log?: string; port?: number } = {},
) {
  const port = o.port ?? (await ports()).server;
  const probeOut = join(workDir, `${name}-probe-server.json`);
  const srv = start(
    join(build, 'server/main.js'),
    {
      PORT: String(port),
      DATA_DIR: join(workDir, `${name}-server`),
      PARTNER_API_BASE_URL: partner,
      PARTNER_API_TOKEN: TOKEN,
      PARTNER_WEBHOOK_SECRET: `whsec_${Buffer.from('bench').toString('base64')}`,
      SESSION_SECRET: 'b'.repeat(40),
      USERS_FILE: users,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      STATIC_DIR: join(workDir, 'none'),
      PROBE_OUT: probeOut,
      ...serverEnv,
    },
    o.cpu,
    o.log,
    serveOptions(build),
  );
  const stop = () => void srv.kill('SIGTERM');
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/healthz`);
    const cookie = await signIn(base, 'bench@demo.fr', 'bench-password-1');
    const session = (await (await fetch(`${base}/api/session`, { headers: { cookie } })).json()) as { csrfToken: string };
    return { base, pid: srv.pid ?? 0, probeOut, headers: { cookie, origin: base, 'x-csrf-token': session.csrfToken }, stop };
  } catch (err) {
    stop();
    throw err;
  }
}

export async function startLive(
  workDir: string,
  name: string,
  users: string,
  sandboxEnv: Record<string, string>,
  serverEnv: Record<string, string> = {},
  /** CPUs to pin each process to (taskset), e.g. { server: '0', sandbox: '1' }; where the server's log goes (default: this terminal). */
  o: { cpus?: { server?: string; sandbox?: string }; serverLog?: string } = {},
) {
  const cpus = o.cpus ?? {};
  const { server: port, sandbox: sbPort } = await ports();
  const sandboxProbe = join(workDir, `${name}-probe-sandbox.json`);
  const sb = start(
    join(BUILD, 'sandbox/main.js'),
    { SANDBOX_PORT: String(sbPort), DATA_DIR: join(workDir, `${name}-sandbox`), PROBE_OUT: sandboxProbe, ...sandboxEnv },
    cpus.sandbox,
  );
  const sandbox = `http://127.0.0.1:${sbPort}`;
  try {
    // the partner service is up before the dashboard starts, as in a deployment
    await waitFor(`${sandbox}/healthz`);
    const srv = await startServer(BUILD, sandbox, workDir, name, users, serverEnv, { cpu: cpus.server, log: o.serverLog, port });
    return {
      base: srv.base,
      sandbox,
      pid: srv.pid,
      sandboxPid: sb.pid ?? 0,
      probes: { server: srv.probeOut, sandbox: sandboxProbe },
      headers: srv.headers,
      stop: () => {
        srv.stop();
        sb.kill('SIGTERM');
      },
    };
  } catch (err) {
    sb.kill('SIGTERM');
    throw err;
  }
}

export type Live = Awaited<ReturnType<typeof startLive>>;

/**
 * The varied mix: every page (pageSize=20) of the plain list, of the oldest first, of each
 * status, of each pair of statuses, and of a few searches; the sandbox's totals say how many
 * pages each has, in turn: many distinct answers, as many users reading many lists make.
 */
export async function variedPaths(live: Live): Promise<string[]> {
  const filters = ['', 'sort=createDate'];
  const statuses = [0, 1, 2, 3, 4, 5, 6, 7, 9, 12, 13, 14];
  for (const a of statuses) filters.push(`status=${a}`);
  for (const a of statuses) for (const b of statuses) if (a < b) filters.push(`status=${a}&status=${b}`);
  for (const q of ['a', 'e', 'ma', 'demo']) filters.push(`search=${q}`);
  const paths: string[] = [];
  for (const f of filters) {
    const q = f ? `&${f}` : '';
    const res = await fetch(`${live.sandbox}/v3/projects?pageSize=20${q}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const { total } = (await res.json()) as { total: number };
    for (let page = 1; page <= Math.max(1, Math.ceil(total / 20)); page++) paths.push(`/v3/projects?pageSize=20&page=${page}${q}`);
  }
  return paths;
}

/** A project of an employee, to upload documents to. */
export async function benchProject(live: Live): Promise<{ id: string }> {
  return (await (
    await fetch(`${live.base}/api/v3/projects`, {
      method: 'POST',
      headers: { ...live.headers, 'content-type': 'application/json' },
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
}

/**
 * Five 10 MB uploads at once through the server (live mode, its own process): its resident memory
 * before (settled) and at its peak, sampled every 10 ms. Budget: < 50 MB growth.
 */
export async function measureUploads(live: Live, projectId: string) {
  const file = Buffer.alloc(10 * 1024 * 1024, 0x20);
  file.write('%PDF-1.4\n');
  await new Promise((r) => setTimeout(r, 2000));
  const before = rss(live.pid);
  const { result: statuses, peak } = await peakDuring(live.pid, () =>
    Promise.all(
      Array.from({ length: 5 }, async () => {
        const form = new FormData();
        form.append('documentType', '1');
        form.append('file', new Blob([file]), 'big.pdf');
        return (await fetch(`${live.base}/api/v3/projects/${projectId}/documents`, { method: 'POST', headers: live.headers, body: form }))
          .status;
      }),
    ),
  );

  return { statuses, before, peak, growth: peak - before };
}

export const describeUploads = (u: Awaited<ReturnType<typeof measureUploads>>) =>
  `five concurrent 10 MB uploads (answers ${u.statuses.join(', ')}): server RSS ${u.before.toFixed(1)} MB before, peak ${u.peak.toFixed(1)} MB, growth ${u.growth.toFixed(1)} MB (budget < 50 MB: ${u.growth < 50 ? 'OK' : 'OVER'})`;
