/**
 * Following and notifications at size, run by `npm run bench:follows`. On SQLite in a temporary folder, in one process (the stores and the
 * notifier as the server builds them; the partner is not called: its events are handed to the
 * notifier as the webhook receiver hands a fresh one):
 *  - the read model holds BENCH_FILES (20,000) claims; 50 people each follow 2,000 of them, the
 *    first 100 followed by everyone;
 *  - one partner event on a file the 50 follow: the time until every follower's notification is
 *    stored and the bell's announcement (the bus message the event streams count from) is heard,
 *    p50 of 20 events;
 *  - the notification page's first page (20, newest first, with the unread count) for one person,
 *    p50 and p95 of 200 reads;
 *  - a burst of 10,000 partner events on the 100 shared claims (receipts, months, statuses): the
 *    time, the process's memory before and after (RSS, heap), the notifications stored and the
 *    e-mails sent at once (10 of the 50 chose urgent), against the 500,000 one notification per
 *    event and follower would have made.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProjectScope } from '../src/server/access/scope.js';
import { hashPassword } from '../src/server/auth/passwords.js';
import type { LoggedEvent } from '../src/server/events/hub.js';
import { Notifier } from '../src/server/follows/notifier.js';
import { openStores } from '../src/server/stores.js';
import { claimRow } from '../src/server/sync/rows.js';
import { openClaim } from '../src/server/test/read-model-rows.js';

const FILES = Number(process.env.BENCH_FILES ?? 20_000);
const PEOPLE = 50;
const FOLLOWED = 2_000;
const SHARED = 100;
const BURST = Number(process.env.BENCH_BURST ?? 10_000);

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

const dir = mkdtempSync(join(tmpdir(), 'bench-follows-'));
const log = { warn: (obj: object, msg: string) => console.warn(msg, obj), info: () => undefined };
try {
  const passwordHash = await hashPassword('bench-password-0');
  const users = Array.from({ length: PEOPLE }, (_, i) => ({
    email: `person${i}@bench.test`,
    name: `Person ${i}`,
    role: 'staff' as const,
    passwordHash,
  }));
  const stores = await openStores({ dataDir: dir, sessionLimits: { idleMs: 3_600_000, absoluteMs: 86_400_000 }, users, log });
  const { db, follows } = stores;
  let t = performance.now();
  const claims: string[] = [];
  for (let i = 0; i < FILES; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(FILES, i + 500); j++) {
      const claim = openClaim(`Tenant${j}`, '2026-01-05');
      claims.push(claim.id.toLowerCase());
      rows.push(claimRow({ id: claim.id, readAt: Date.now(), claim, debts: [], required: null }));
    }
    await db.insertInto('rm_claims').values(rows).execute();
  }
  const ids = (await db.selectFrom('users').select('id').orderBy('email').execute()).map((r) => r.id);
  for (const [p, userId] of ids.entries()) {
    const mine = [
      ...claims.slice(0, SHARED),
      ...Array.from({ length: FOLLOWED - SHARED }, (_, k) => claims[SHARED + ((p * 997 + k) % (FILES - SHARED))] ?? ''),
    ];
    const unique = [...new Set(mine)];
    for (let i = 0; i < unique.length; i += 500)
      await db
        .insertInto('follows')
        .values(
          unique.slice(i, i + 500).map((id) => ({
            user_id: userId,
            kind: 'claim',
            entity_id: id,
            reason: 'manual',
            followed_at: Date.now(),
            last_visit_at: null,
          })),
        )
        .execute();
    if (p < 10) await follows.setEmailChoice(userId, 'urgent', Date.now());
  }
  console.log(`seeded ${FILES} claims, ${PEOPLE} people following ${FOLLOWED} each, in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  let mails = 0;
  const urgentPeople = new Set(ids.slice(0, 10));
  // every role reads the claims: the scope is never asked about them
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

  // one event reaching the 50 followers: stored for each, the bell's announcement heard
  const reach: number[] = [];
  for (let i = 0; i < 20; i++) {
    const heard = new Promise<void>((resolve) => {
      const stop = stores.bus.subscribe((m) => {
        if (m.kind === 'notifications' && m.users.length > 0) {
          stop();
          resolve();
        }
      });
    });
    t = performance.now();
    await notifier.fromPartnerEvent(event('claim.updated', claims[i] ?? '', { status: 30, previousStatus: 20 }));
    await heard;
    reach.push(performance.now() - t);
  }
  const stored = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  console.log(
    `one event to ${PEOPLE} followers, stored and announced: p50 ${pct(reach, 0.5).toFixed(1)} ms, p95 ${pct(reach, 0.95).toFixed(1)} ms (${Number(stored?.n)} notifications)`,
  );

  // the burst
  const before = process.memoryUsage();
  const countBefore = Number(stored?.n ?? 0);
  const types = ['rental_debt.receipt.pending_signature', 'rental_debt.updated', 'rental_debt.receipt.signed', 'rental_debt.created'];
  t = performance.now();
  let peakRss = before.rss;
  for (let i = 0; i < BURST; i++) {
    const claimId = claims[i % SHARED] ?? '';
    const month = `20${String(24 + (Math.floor(i / SHARED) % 3))}-${String((Math.floor(i / SHARED) % 12) + 1).padStart(2, '0')}-05`;
    await notifier.fromPartnerEvent(event(types[i % types.length] ?? '', claimId, { rentDueDate: month, status: 20, previousStatus: 10 }));
    if (i % 500 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const burstMs = performance.now() - t;
  const after = process.memoryUsage();
  const total = Number(
    (
      await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );
  console.log(
    `burst of ${BURST} events on ${SHARED} claims followed by ${PEOPLE}: ${(burstMs / 1000).toFixed(1)} s (${((burstMs * 1000) / BURST).toFixed(0)} µs an event); ` +
      `${total - countBefore} notifications stored (one per event and follower would be ${BURST * PEOPLE}), ${mails} e-mails at once; ` +
      `RSS ${mb(before.rss)} -> ${mb(after.rss)} (peak seen ${mb(peakRss)}), heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}`,
  );

  // the notification page's first page
  const person = ids[0] ?? '';
  const reads: number[] = [];
  for (let i = 0; i < 200; i++) {
    t = performance.now();
    await Promise.all([follows.page(person, { limit: 20 }), follows.unread(person)]);
    reads.push(performance.now() - t);
  }
  const unread = await follows.unread(person);
  console.log(
    `first page (20) with the unread count (${unread}): p50 ${pct(reads, 0.5).toFixed(2)} ms, p95 ${pct(reads, 0.95).toFixed(2)} ms`,
  );
  await stores.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
