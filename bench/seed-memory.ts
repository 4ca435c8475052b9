/**
 * npx tsx bench/seed-memory.ts PROJECTS CLAIMS [DIR] — seeds a fresh sandbox at that scale and
 * prints the time and the resident memory of this process: its peak while seeding (VmHWM) and
 * after (VmRSS): the bench's large seeds must fit a small machine. With DIR, the sandbox's data
 * is kept there (a DATA_DIR the sandbox then starts on without seeding: bench/scale.ts copies it
 * for each run), beyond the sandbox's own seeding limits.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Clock } from '../src/sandbox/clock.js';
import { openDatabase, run } from '../src/sandbox/db/database.js';
import { seedDemoData } from '../src/sandbox/seed/demo.js';
import { DEMO_ORGANIZATIONS } from '../src/sandbox/seed/organizations.js';
import { Outbox } from '../src/sandbox/webhooks.js';

const status = (field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
const projects = Number(process.argv[2] ?? 5000);
const claims = Number(process.argv[3] ?? 1000);
const keep = process.argv[4];
if (keep) mkdirSync(keep, { recursive: true });
const dataDir = keep ?? mkdtempSync(join(tmpdir(), 'seed-memory-'));
const before = status('VmRSS');
const t0 = performance.now();
// what buildSandbox does on a fresh DATA_DIR, without the HTTP server
const db = openDatabase(dataDir);
const clock = new Clock(db);
for (const org of DEMO_ORGANIZATIONS)
  run(
    db,
    'INSERT INTO organizations (id, name, api_key, webhook_url, webhook_secret) VALUES (?, ?, ?, NULL, ?)',
    org.id,
    org.name,
    org.apiKey,
    org.webhookSecret,
  );
seedDemoData({ db, clock, outbox: new Outbox(db, () => clock.timestamp()), publicBaseUrl: 'http://127.0.0.1:4010' }, { projects, claims });
const seconds = (performance.now() - t0) / 1000;
const result = {
  projects,
  claims,
  seconds: Number(seconds.toFixed(1)),
  rssBeforeMb: Math.round(before),
  rssPeakMb: Math.round(status('VmHWM')),
  rssAfterMb: Math.round(status('VmRSS')),
};
db.close();
if (!keep) rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify(result));
