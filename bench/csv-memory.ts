/**
 * Is the projects CSV's memory bounded? Run by `npm run bench:csv-memory`. For each dialect (SQLite in
 * a temporary folder, PostgreSQL in a cluster of its own) and each size (BENCH_CSV_ROWS, default
 * 100,000 and 300,000 projects copied in SQL from one realistic row of ~2 KB), the file the export
 * route sends (exports/lists.ts projectsCsv over ReadModelLists.projectPages, page by page through
 * a Readable of one page) is written to a sink that takes it at a socket's pace, while the process's
 * memory is sampled every 20 ms: resident (RSS), JS heap used, and the heap once collected after it.
 * Bounded means the peak does not grow with the number of rows: it is what the garbage collector
 * lets accumulate between two collections, not the file. (The HTTP layer in front is the same in
 * both dialects; `npm run bench` measures the whole route at 10,000 projects, and BENCH_ONLY=scale
 * at 200,000.) BENCH_DIALECTS=postgres measures one dialect. Run with `node --expose-gc` (the npm script does) so "after a collection" is one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import type { Project } from '../src/contract/projects.js';
import { migrate, openDatabase, type OpenedDatabase } from '../src/server/db/db.js';
import { projectsCsv } from '../src/server/exports/lists.js';
import { ReadModelLists } from '../src/server/lists/read-model-lists.js';
import { ReadModelStore } from '../src/server/sync/store.js';
import { startCluster } from '../src/server/test/postgres.js';

const SIZES = (process.env.BENCH_CSV_ROWS ?? '100000,300000').split(',').map(Number);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const exposed = (globalThis as { gc?: () => void }).gc;
if (!exposed) throw new Error('run with node --expose-gc (npm run bench:csv-memory)');
const collect: () => void = exposed;
const mb = (n: number) => Math.round(n / 1e6);

const project = {
  id: '00000000-0000-4000-8000-000000000000',
  status: 60,
  createDate: '2026-01-01T08:00:00.000Z',
  updatedAt: '2026-01-01T08:00:00.000Z',
  rejectionReason: null,
  publicUrl: null,
  profile: {
    firstName: 'Łukasz',
    lastName: 'Nguyễn',
    email: 'lukasz.nguyen@exemple.fr',
    phone: { phoneContryCode: 'FR', phoneFormated: '+33612345678' },
    dateOfBirth: '1990-01-01',
    gender: 1,
  },
  rent: {
    rentAmount: 800,
    charges: 50,
    addressInformation: { country: 'France', address: '12 rue des Lilas', zipCode: '75011', city: 'Paris' },
    notes: 'x'.repeat(1500),
  },
  metadata: { externalLeadId: 'REF-0001' },
} as unknown as Project;

/** `rows` copies of one project, each with its own id and creation minute, written by the database itself. */
async function seed(opened: OpenedDatabase, rows: number): Promise<void> {
  await new ReadModelStore(opened.db).applyProject({ id: project.id, readAt: 1, project, required: null });
  const pg = opened.dialect === 'postgres';
  const columns = pg
    ? (
        await sql<{ c: string }>`select column_name as c from information_schema.columns where table_name = 'rm_projects'`.execute(
          opened.db,
        )
      ).rows
    : (await sql<{ c: string }>`select name as c from pragma_table_info('rm_projects')`.execute(opened.db)).rows;
  // (n is the row's own sequence: the database numbers the copies)
  const names = columns.map((r) => r.c).filter((c) => c !== 'n');
  const id = pg ? `'10000000-0000-4000-8000-' || lpad(g::text, 12, '0')` : `'10000000-0000-4000-8000-' || printf('%012d', g.v)`;
  const created = pg
    ? `to_char(timestamp '2026-01-01' + g * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%S.000Z', '2026-01-01', '+' || g.v || ' minutes')`;
  const picked = names.map((c) => (c === 'id' ? id : c === 'created_at' ? created : c)).join(', ');
  const from = pg
    ? `rm_projects, generate_series(1, ${rows}) g`
    : `rm_projects, (with recursive s(v) as (select 1 union all select v + 1 from s where v < ${rows}) select v from s) g`;
  await sql.raw(`insert into rm_projects (${names.join(', ')}) select ${picked} from ${from}`).execute(opened.db);
  await sql.raw(`delete from rm_projects where id = '${project.id}'`).execute(opened.db);
}

async function measure(dialect: 'sqlite' | 'postgres', rows: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-csv-'));
  const cluster = dialect === 'postgres' ? await startCluster() : null;
  const opened = openDatabase({ dataDir: dir, databaseUrl: cluster?.adminUrl ?? null });
  try {
    await migrate(opened.db, opened.dialect);
    await seed(opened, rows);
    const lists = new ReadModelLists(opened.db, opened.dialect);
    collect();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);
    let bytes = 0;
    let lines = 0;
    const t0 = performance.now();
    // a socket's pace: each chunk is taken on the next turn of the event loop
    const sink = new Writable({
      highWaterMark: 64 * 1024,
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
        setImmediate(done);
      },
    });
    const staff = { id: 'bench', email: 'bench@demo-agency.fr', role: 'staff' as const };
    await pipeline(Readable.from(projectsCsv('fr', lists.projectPages({}, staff)), { highWaterMark: 1 }), sink);
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sample);
    collect();
    const after = process.memoryUsage();
    if (lines - 1 !== rows) throw new Error(`the file has ${lines - 1} rows, not ${rows}`);
    return {
      dialect,
      rows,
      fileMb: mb(bytes),
      seconds: Number(seconds.toFixed(1)),
      rssBeforeMb: mb(before.rss),
      rssGrowthMb: mb(peakRss - before.rss),
      heapBeforeMb: mb(before.heapUsed),
      heapPeakMb: mb(peakHeap),
      heapAfterCollectionMb: mb(after.heapUsed),
    };
  } finally {
    await opened.close();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = [];
for (const dialect of DIALECTS)
  for (const rows of SIZES) {
    const r = await measure(dialect, rows);
    console.log(JSON.stringify(r));
    results.push(r);
  }
console.log('\n| dialect | rows | file | time | RSS growth | JS heap before → peak → after a collection |');
console.log('|---|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.dialect} | ${r.rows.toLocaleString('en')} | ${r.fileMb} MB | ${r.seconds} s | +${r.rssGrowthMb} MB | ${r.heapBeforeMb} → ${r.heapPeakMb} → ${r.heapAfterCollectionMb} MB |`,
  );
