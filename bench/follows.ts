/**
 * Following and notifications at size, run by `npm run bench:follows`. In one process (the stores
 * and the notifier as the server builds them; the partner is not called: each event is handed to
 * the notifier as the webhook receiver hands a fresh one, through `notifier.run`, answered at once):
 *  - the read model holds BENCH_PROJECTS (20,000) projects and BENCH_CLAIMS (5,000) claims on the
 *    first of them; 50 people each follow 2,000 files (1,000 projects and 1,000 claims), the first
 *    100 claims followed by everyone;
 *  - one partner event on a claim the 50 follow: the time until the bell's announcement (the bus
 *    message the event streams send each open tab's count from) is heard, every follower's
 *    notification stored by then, p50 of 20 events;
 *  - the notification page's first page (20, newest first, with the unread count) for one person,
 *    p50 and p95 of 200 reads (the partner is never asked: the stores only);
 *  - BENCH_BURSTS (2) bursts of BENCH_BURST (10,000) partner events on the 100 shared claims
 *    (receipts, months, statuses), all handed over at once, everyone having read the last burst's: the time until every notification is
 *    made, the process's memory sampled every 250 ms (RSS, V8 heap, external and array buffers),
 *    its peak, and the RSS a few seconds after (settled); the notifications stored and the
 *    e-mails sent at once (10 of the 50 chose urgent), against the one per event and follower an
 *    ungrouped flood would make.
 * SQLite in a temporary folder under BENCH_DIR (default the OS's), or BENCH_DB=postgres: a
 * throwaway PostgreSQL 15 cluster (durability off, as the tests' own).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Claim } from '../src/contract/claims.js';
import type { Project } from '../src/contract/projects.js';
import type { ProjectScope } from '../src/server/access/scope.js';
import { hashPassword } from '../src/server/auth/passwords.js';
import type { LoggedEvent } from '../src/server/events/hub.js';
import { Notifier } from '../src/server/follows/notifier.js';
import { openStores } from '../src/server/stores.js';
import { claimRow, projectRow } from '../src/server/sync/rows.js';
import { startCluster, type TestCluster } from '../src/server/test/postgres.js';
import { loadAverage } from './support/figures.js';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 20_000);
const CLAIMS = Math.min(PROJECTS, Number(process.env.BENCH_CLAIMS ?? 5_000));
const PEOPLE = 50;
const FOLLOWED = 2_000;
const SHARED = 100;
const BURST = Number(process.env.BENCH_BURST ?? 10_000);
const BURSTS = Number(process.env.BENCH_BURSTS ?? 2);

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const uuid = (kind: number, i: number) => `00000000-0000-4000-${8000 + kind}-${String(i).padStart(12, '0')}`;

const project = (i: number): Project =>
  ({
    id: uuid(1, i),
    status: 7,
    createDate: '2026-01-10T08:00:00.000Z',
    updatedAt: '2026-01-10T08:00:00.000Z',
    rejectionReason: null,
    publicUrl: null,
    profile: { firstName: 'Inès', lastName: `Martin${i}`, email: `tenant${i}@exemple.fr` },
    rent: null,
    metadata: {},
  }) as unknown as Project;
const claim = (i: number): Claim =>
  ({
    id: uuid(2, i),
    projectId: uuid(1, i),
    status: 30,
    rentDueDate: '2026-01-05',
    rentAmount: 800,
    amountOutstanding: 800,
    createdAt: '2026-02-10T08:00:00.000Z',
    updatedAt: '2026-02-10T08:00:00.000Z',
    tenant: { firstName: 'Sarah', lastName: `Leroy${i}`, email: `tenant${i}@exemple.fr` },
    property: null,
    metadata: {},
  }) as unknown as Claim;

const dir = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'bench-follows-'));
let cluster: TestCluster | null = null;
const log = { warn: (obj: object, msg: string) => console.warn(msg, obj), info: () => undefined };
try {
  if (process.env.BENCH_DB === 'postgres') cluster = await startCluster();
  console.log(`load: ${loadAverage()}; ${cluster ? 'PostgreSQL' : 'SQLite'}; node ${process.version}`);
  const passwordHash = await hashPassword('bench-password-0');
  const users = Array.from({ length: PEOPLE }, (_, i) => ({
    email: `person${i}@bench.test`,
    name: `Person ${i}`,
    role: 'staff' as const,
    passwordHash,
  }));
  const stores = await openStores({
    dataDir: dir,
    databaseUrl: cluster?.adminUrl ?? null,
    sessionLimits: { idleMs: 3_600_000, absoluteMs: 86_400_000 },
    users,
    log,
  });
  const { db, follows } = stores;
  let t = performance.now();
  for (let i = 0; i < PROJECTS; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(PROJECTS, i + 500); j++) rows.push(projectRow({ id: '', readAt: 1, project: project(j), required: null }));
    await db.insertInto('rm_projects').values(rows).execute();
  }
  for (let i = 0; i < CLAIMS; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(CLAIMS, i + 500); j++)
      rows.push(claimRow({ id: '', readAt: 1, claim: claim(j), debts: [], required: null }));
    await db.insertInto('rm_claims').values(rows).execute();
  }
  const claims = Array.from({ length: CLAIMS }, (_, i) => uuid(2, i));
  const ids = (await db.selectFrom('users').select('id').orderBy('email').execute()).map((r) => r.id);
  for (const [p, userId] of ids.entries()) {
    // the shared claims, then claims and projects of her own (spread over the whole read model)
    const mine = new Map<string, 'claim' | 'project'>(claims.slice(0, SHARED).map((c) => [c, 'claim']));
    for (let k = 0; mine.size < FOLLOWED / 2; k++) mine.set(claims[SHARED + ((p * 97 + k) % (CLAIMS - SHARED))] ?? '', 'claim');
    for (let k = 0; mine.size < FOLLOWED; k++) mine.set(uuid(1, (p * 389 + k * 7) % PROJECTS), 'project');
    const rows = [...mine].map(([id, kind]) => ({
      user_id: userId,
      kind,
      entity_id: id,
      reason: 'manual',
      followed_at: Date.now(),
      last_visit_at: null,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('follows')
        .values(rows.slice(i, i + 500))
        .execute();
    if (p < 10) await follows.setEmailChoice(userId, 'urgent', Date.now());
  }
  console.log(
    `seeded ${PROJECTS} projects and ${CLAIMS} claims, ${PEOPLE} people following ${FOLLOWED} files each (half projects), in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  let mails = 0;
  const urgentPeople = new Set(ids.slice(0, 10));
  // staff read every file: the scope is never asked
  const scope = { allows: async () => true } as unknown as ProjectScope;
  const notifier = new Notifier({
    store: follows,
    scope,
    bus: stores.bus,
    now: Date.now,
    log,
    // what NotificationMail.urgent sends: to the people who chose urgent
    urgent: (to) => {
      if (urgentPeople.has(to.userId)) mails++;
    },
  });
  let seq = 0;
  const event = (type: string, claimId: string, data: Record<string, unknown> = {}): LoggedEvent => ({
    seq: ++seq,
    id: `bench-${seq}`,
    type,
    createdAt: new Date().toISOString(),
    receivedAt: new Date().toISOString(),
    data: { claimId, ...data },
    cause: null,
  });
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );

  // one event reaching the 50 followers' bells, each one's notification stored by then
  const reach: number[] = [];
  for (let i = 0; i < 20; i++) {
    const heard = new Promise<number>((resolve) => {
      const stop = stores.bus.subscribe((m) => {
        if (m.kind === 'notifications' && m.users.length > 0) {
          stop();
          resolve(m.users.length);
        }
      });
    });
    const before = await count();
    t = performance.now();
    notifier.run(() =>
      notifier.fromPartnerEvent(event('claim.updated', claims[i] ?? '', { status: 30 + (i % 2) * 10, previousStatus: 20 })),
    );
    const told = await heard;
    reach.push(performance.now() - t);
    await notifier.idle();
    if (told !== PEOPLE || (await count()) - before !== PEOPLE) throw new Error(`event ${i}: ${told} bells told`);
  }
  console.log(
    `one event to ${PEOPLE} followers' bells, stored for each: p50 ${pct(reach, 0.5).toFixed(1)} ms, p95 ${pct(reach, 0.95).toFixed(1)} ms`,
  );

  // the notification page's first page
  const person = ids[0] ?? '';
  const reads: number[] = [];
  for (let i = 0; i < 200; i++) {
    t = performance.now();
    await Promise.all([follows.page(person, { limit: 20 }), follows.unread(person)]);
    reads.push(performance.now() - t);
  }
  console.log(`first page (20) with the unread count: p50 ${pct(reads, 0.5).toFixed(2)} ms, p95 ${pct(reads, 0.95).toFixed(2)} ms`);

  // the bursts, every event handed over at once as the webhook receiver does
  const gc = (globalThis as { gc?: () => void }).gc;
  const types = ['rental_debt.receipt.pending_signature', 'rental_debt.updated', 'rental_debt.receipt.signed', 'rental_debt.created'];
  for (let b = 0; b < BURSTS; b++) {
    // between two bursts everyone read what the last one brought: this one opens new notifications as the first did
    if (b > 0) for (const userId of ids) await follows.markAllRead(userId, Date.now());
    const countBefore = await count();
    const mailsBefore = mails;
    const before = process.memoryUsage();
    const samples: NodeJS.MemoryUsage[] = [];
    const sampler = setInterval(() => samples.push(process.memoryUsage()), 250);
    t = performance.now();
    for (let i = 0; i < BURST; i++) {
      const claimId = claims[i % SHARED] ?? '';
      const n = Math.floor(i / SHARED) + b * 7;
      const month = `20${String(24 + (n % 3))}-${String((n % 12) + 1).padStart(2, '0')}-05`;
      const e = event(types[i % types.length] ?? '', claimId, { rentDueDate: month, status: 20, previousStatus: 10 });
      notifier.run(() => notifier.fromPartnerEvent(e));
    }
    await notifier.idle();
    const burstMs = performance.now() - t;
    clearInterval(sampler);
    samples.push(process.memoryUsage());
    const peak = samples.reduce((a, m) => (m.rss > a.rss ? m : a), before);
    const stored = (await count()) - countBefore;
    // what is left once the work is done and the loop has turned (a forced collection with --expose-gc)
    gc?.();
    await sleep(3_000);
    const settled = process.memoryUsage();
    const quarter = (k: number) => samples[Math.min(samples.length - 1, Math.floor((k * samples.length) / 4))];
    console.log(
      `burst ${b + 1} of ${BURST} events on ${SHARED} claims followed by ${PEOPLE}: ${(burstMs / 1000).toFixed(1)} s (${((burstMs * 1000) / BURST).toFixed(0)} µs an event, ${samples.length - 1} samples); ` +
        `${stored} notifications stored (one per event and follower would be ${BURST * PEOPLE}), ${mails - mailsBefore} e-mails at once\n` +
        `  RSS before ${mb(before.rss)}, at 1/4 2/4 3/4 ${[1, 2, 3].map((k) => mb(quarter(k)?.rss ?? 0)).join(' ')}, peak ${mb(peak.rss)}, settled ${mb(settled.rss)}; ` +
        `at the peak: heap ${mb(peak.heapUsed)}, external ${mb(peak.external)}, array buffers ${mb(peak.arrayBuffers)}; settled heap ${mb(settled.heapUsed)}`,
    );
  }
  await stores.close();
} finally {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
