/**
 * npx tsx bench/upload-memory.ts [runs]: the upload memory budget alone: five 10 MB
 * uploads at once through a live-mode server, each run on fresh processes; prints every run and
 * the median growth of the server's resident memory. Budget: < 50 MB.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { benchProject, benchUsers, describeUploads, measureUploads, startLive } from './support/live.js';

const runs = Number(process.argv[2] ?? 3);
const dir = mkdtempSync(`${tmpdir()}/upload-memory-`);
const growths: number[] = [];
try {
  const users = await benchUsers(dir);
  for (let i = 1; i <= runs; i++) {
    const live = await startLive(dir, `run${i}`, users, { SANDBOX_SEED_PROJECTS: '5', SANDBOX_SEED_CLAIMS: '1' });
    try {
      const u = await measureUploads(live, (await benchProject(live)).id);
      if (u.statuses.some((s) => s !== 201)) throw new Error(`uploads answered ${u.statuses.join(', ')}`);
      growths.push(u.growth);
      console.log(`run ${i}: ${describeUploads(u)}`);
    } finally {
      live.stop();
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  const median = [...growths].sort((a, b) => a - b)[Math.floor(growths.length / 2)] ?? NaN;
  console.log(`median growth over ${runs} runs: ${median.toFixed(1)} MB (budget < 50 MB: ${median < 50 ? 'OK' : 'OVER'})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
