/**
 * npx tsx scripts/profile-proxy.ts [dir] — a V8 CPU profile of the server (build/, live mode, the
 * sandbox in its own process) while it forwards GET /api/v3/projects?pageSize=20 for 8 s at 10
 * connections; prints the functions that take the most self time (open the .cpuprofile in Chrome's
 * DevTools for the tree). `npm run build:server` first.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchUsers, startLive } from './live.js';

const out = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'profile-'));
const dir = mkdtempSync(join(tmpdir(), 'profile-run-'));
process.env.BENCH_PROFILE = out;
const live = await startLive(dir, 'p', await benchUsers(dir), {});
await autocannon({
  url: `${live.base}/api/v3/projects?pageSize=20`,
  headers: { cookie: live.headers.cookie, 'accept-encoding': 'gzip, deflate, br' },
  connections: 10,
  duration: 8,
});
live.stop();
await new Promise((r) => setTimeout(r, 1500));
rmSync(dir, { recursive: true, force: true });

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}
// the newest profile whose process read the session store: the server's
const files = readdirSync(out)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => join(out, f));
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[] };
  const total = profile.nodes.reduce((s, n) => s + n.hitCount, 0);
  const self = new Map<string, number>();
  for (const n of profile.nodes) {
    const where = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/build\//, 'build/')}:${n.callFrame.lineNumber + 1}`;
    self.set(where, (self.get(where) ?? 0) + n.hitCount);
  }
  console.log(`\n${file} (${total} samples)`);
  for (const [where, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${((hits / total) * 100).toFixed(1).padStart(6)}%  ${where}`);
}
