/**
 * npx tsx bench/profile-proxy.ts [dir] — a V8 CPU profile of the server (build/, live mode at
 * its default log level, the sandbox in its own process on CPU 1, the server and the load on
 * CPU 0, as `npm run bench`) while it forwards GET /api/v3/projects?pageSize=20 for 8 s at 10
 * connections (PROFILE_MIX=varied: the bench's varied mix, every answer validated). Prints, for the samples taken while the
 * load ran (not the start-up), the CPU time per forwarded request and where it goes: self time by
 * package and by function, and the time under the main stages of a request. Open the
 * .cpuprofile in Chrome's DevTools for the whole tree. `npm run build:server` first.
 * PROFILE_LOAD_CPU=1: the load beside the sandbox on CPU 1 and the server alone on CPU 0 (as
 * `BENCH_LOAD_CPU=1`). With the load on the server's CPU, each write to the client wakes
 * autocannon on the same CPU, and the write's sampled share grows with it (varied mix, 15:16 UTC,
 * a loaded machine: "write to the client" 326 µs per request with the load on CPU 0, 54 with it
 * on CPU 1; the server's /proc CPU per request 1128 vs 971 µs).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchUsers, cpuMs, pin, startLive, variedPaths } from './support/live.js';

const out = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'profile-'));
const dir = mkdtempSync(join(tmpdir(), 'profile-run-'));
process.env.BENCH_PROFILE = out;
const LOAD_CPU = process.env.PROFILE_LOAD_CPU === '1' ? '1' : '0';
pin(process.pid, LOAD_CPU);
const live = await startLive(
  dir,
  'p',
  await benchUsers(dir),
  // the bench's scale
  { SANDBOX_SEED_PROJECTS: '500', SANDBOX_SEED_CLAIMS: '100' },
  { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
  { cpus: { server: '0', sandbox: '1' }, serverLog: join(dir, 'server.log') },
);
const varied = process.env.PROFILE_MIX === 'varied';
const paths = varied ? (await variedPaths(live)).map((p) => `/api${p}`) : [];
let next = 0;
const options = {
  url: `${live.base}/api/v3/projects?pageSize=20`,
  headers: { cookie: live.headers.cookie, 'accept-encoding': 'gzip, deflate, br' },
  connections: 10,
  ...(varied
    ? {
        requests: [{ setupRequest: (r: autocannon.Request) => ({ ...r, path: paths[next++ % paths.length] }) }],
      }
    : {}),
};
await autocannon({ ...options, duration: 3 }); // warm-up, not counted
// the monotonic clock (µs) that V8's profiles use too
const from = Number(process.hrtime.bigint() / 1000n);
const cpu0 = cpuMs(live.pid);
const r = await autocannon({ ...options, duration: 8 });
const serverCpu = ((cpuMs(live.pid) - cpu0) * 1000) / r.requests.total;
const to = Number(process.hrtime.bigint() / 1000n);
live.stop();
await new Promise((resolve) => setTimeout(resolve, 1500));
rmSync(dir, { recursive: true, force: true });

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
const where = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/build\//, 'build/')}:${n.callFrame.lineNumber + 1}`;
const packageOf = (url: string) =>
  /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
  (url.includes('/build/') ? 'ours (build/)' : url.startsWith('node:') ? 'node' : '(native, GC, syscalls)');
/** Stages of a forwarded request: a sample counts under each of these found on its stack. */
const STAGES: [string, RegExp][] = [
  ['onRequest hooks', /^hookRunnerGenerator|onRequest/],
  ['session + user lookup', /^(touch|current|find) /],
  ['database (kysely, libsql, pg)', /kysely|libsql|\/pg\//],
  ['proxy handler', /^handler build\//],
  ['undici (to the partner)', /undici/],
  ['answer check (checkAnswer)', /^checkAnswer/],
  ['zod', /zod\//],
  ['onSend hooks', /^onSendHookRunner|onSend/],
  ['write to the client (writev)', /^writev$|writevGeneric|writeGeneric|writeBuffer|writeUtf8String|writeLatin1String/],
  ['logging (pino)', /pino|sonic-boom/],
  ['helmet', /helmet/],
  ['compress', /@fastify\/compress/],
  ['metrics (prom-client)', /prom-client/],
  ['garbage collector', /^\(garbage collector\)/],
];

const pid = live.pid;
const file = readdirSync(out)
  .filter((f) => f.endsWith('.cpuprofile') && f.includes(`.${pid}.`))
  .map((f) => join(out, f))[0];
if (!file) throw new Error(`no profile of the server (pid ${pid}) in ${out}`);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// samples inside the measured window, by leaf node
const hits = new Map<number, number>();
let t = profile.startTime;
let inWindow = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  t += profile.timeDeltas[i] ?? 0;
  if (t < from || t > to) return;
  inWindow++;
  if (byId.get(id)?.callFrame.functionName === '(idle)') idle++;
  else hits.set(id, (hits.get(id) ?? 0) + 1);
});
const busy = inWindow - idle;
const interval = (to - from) / inWindow; // µs per sample
const perRequest = (n: number) => ((n * interval) / r.requests.total).toFixed(0).padStart(5);
console.log(
  `\n${file}: load on CPU ${LOAD_CPU}, ${varied ? `${paths.length} distinct pages in turn, ` : ''}${r.requests.total} requests (${r.non2xx} non-2xx) in ${((to - from) / 1e6).toFixed(1)} s; ${inWindow} samples, ${idle} idle; busy ${perRequest(busy)} µs per request (sampled); server CPU ${serverCpu.toFixed(0)} µs per request (/proc, exact)`,
);
const selfBy = (key: (n: Node) => string) => {
  const m = new Map<string, number>();
  for (const [id, n] of hits) {
    const k = key(byId.get(id) as Node);
    m.set(k, (m.get(k) ?? 0) + n);
  }
  return [...m].sort((a, b) => b[1] - a[1]);
};
console.log('\nself time by package (µs per request, % of busy)');
for (const [k, n] of selfBy((n) => packageOf(n.callFrame.url)).slice(0, 15))
  console.log(`${perRequest(n)} ${((n / busy) * 100).toFixed(1).padStart(5)}%  ${k}`);
console.log('\nself time by function');
for (const [k, n] of selfBy(where).slice(0, 30)) console.log(`${perRequest(n)} ${((n / busy) * 100).toFixed(1).padStart(5)}%  ${k}`);
console.log('\ntime under each stage (inclusive; stages overlap: the last onSend hook, compress here, goes on into the write)');
const stage = new Map<string, number>();
for (const [id, n] of hits) {
  const found = new Set<string>();
  for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
    const node = byId.get(x) as Node;
    const text = where(node);
    for (const [name, re] of STAGES) if (re.test(text)) found.add(name);
  }
  for (const name of found) stage.set(name, (stage.get(name) ?? 0) + n);
}
for (const [name] of STAGES)
  console.log(`${perRequest(stage.get(name) ?? 0)} ${(((stage.get(name) ?? 0) / busy) * 100).toFixed(1).padStart(5)}%  ${name}`);
