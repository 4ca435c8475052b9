import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AUDIT_PENDING, type AuditPage, type AuditVerify } from '../../contract/audit.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import { validatedClaim } from '../../sandbox/test/flows.js';
import { projectBody } from '../../sandbox/test/harness.js';
import { HttpError } from '../http-error.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';

/**
 * A full disk on the embedded default (SQLite): the server's database is given a real
 * SQLITE_FULL by `PRAGMA max_page_count` on the server's own connection (the limit is per
 * connection), after a table of its own has taken every free page, as other files would take a
 * disk's space.
 */
let s: TestServer;
let staff: Client;
let manager: Client;
let claimId: string;

beforeAll(async () => {
  s = await startServer({ sandbox: { now: () => new Date('2026-06-15T10:00:00Z') } });
  if (!s.sandbox) throw new Error('no sandbox');
  claimId = (await validatedClaim(s.sandbox, '2026-04-05')).claim.id;
  await s.sync.runInitial();
  staff = await s.signedIn('staff');
  manager = await s.signedIn('manager');
});
afterAll(() => s.close());

/** The embedded sandbox (the partner). */
const sandbox = () => {
  if (!s.sandbox) throw new Error('no sandbox');
  return s.sandbox;
};
const pragma = async (text: string) => (await sql.raw(`PRAGMA ${text}`).execute(s.stores.db)).rows[0] as Record<string, unknown>;
const full = (err: unknown) => err instanceof HttpError && err.code === 'STORAGE_FULL';

/** The disk full: no page beyond those the file has, and none of them free. */
async function fillDisk(): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS other_files (b BLOB)`.execute(s.stores.db);
  await pragma(`max_page_count = ${Number((await pragma('page_count')).page_count)}`);
  for (const size of [4000, 400, 40])
    for (;;) {
      const taken = await sql`INSERT INTO other_files (b) VALUES (zeroblob(${size}))`.execute(s.stores.db).then(
        () => true,
        (err: unknown) => {
          if (!full(err)) throw err;
          return false;
        },
      );
      if (!taken) break;
    }
}

/** Room again: the limit lifted (as a disk cleaned up). */
const makeRoom = () => pragma('max_page_count = 1073741823');

const payments = async () => (await sandbox().call<{ id: string; amount: number }[]>('GET', `/v1/claims/${claimId}/payments`)).body;
const pay = (amount: number, requestId: string) =>
  staff.call<ErrorEnvelope>(
    'POST',
    `/api/v1/claims/${claimId}/payments`,
    { amount, applyDate: '2026-05-10' },
    { 'x-request-id': requestId },
  );
const trailOf = async (requestId: string) =>
  (await manager.call<AuditPage>('GET', `/api/audit?claimId=${claimId}&pageSize=100`)).body.items.filter((r) => r.requestId === requestId);

describe('a full disk (SQLite)', () => {
  it('refuses writes with 503 STORAGE_FULL before anything reaches the partner, keeps serving reads, and carries on once there is room', async () => {
    await fillDisk();
    // the agency keeps working: each payment is recorded and at the partner, until one cannot be
    // recorded and is refused with nothing sent
    const done: { amount: number; requestId: string }[] = [];
    let refused: { status: number; body: ErrorEnvelope; headers: Headers } | null = null;
    let refusedAmount = 0;
    for (let i = 1; i <= 300 && !refused; i++) {
      const amount = 10 + i / 100;
      const requestId = `full-disk-pay-${i}`;
      const res = await pay(amount, requestId);
      if (res.status === 201) done.push({ amount, requestId });
      else {
        refused = res;
        refusedAmount = amount;
      }
    }
    expect(refused?.status).toBe(503);
    expect(refused?.body.code).toBe('STORAGE_FULL');
    expect(refused?.body.message).toMatch(/storage is full/);
    expect(refused?.headers.get('retry-after')).toBe('60');
    const atPartner = await payments();
    expect(atPartner.filter((p) => p.amount === refusedAmount)).toEqual([]);
    for (const d of done) expect(atPartner.filter((p) => p.amount === d.amount)).toHaveLength(1);

    // a creation with its key: refused too, nothing created
    const before = (await sandbox().call<{ total: number }>('GET', '/v3/projects?pageSize=1')).body.total;
    const created = await staff.call<ErrorEnvelope>('POST', '/api/v3/projects', projectBody(), { 'idempotency-key': 'full-disk-creation' });
    expect([created.status, created.body.code]).toEqual([503, 'STORAGE_FULL']);
    expect((await sandbox().call<{ total: number }>('GET', '/v3/projects?pageSize=1')).body.total).toBe(before);

    // reads: the session, the work queue, the lists, the search, the trail, a partner read
    for (const path of [
      '/api/session',
      '/api/inbox?pageSize=20',
      '/api/lists/claims',
      '/api/search?q=a',
      `/api/v1/claims/${claimId}/rentaldebts`,
    ])
      expect((await staff.call('GET', path)).status, path).toBe(200);
    expect((await manager.call('GET', '/api/audit?pageSize=20')).status).toBe(200);

    // room again: the same server takes the write, and the file is sound
    await makeRoom();
    const again = await pay(refusedAmount, 'full-disk-pay-again');
    expect(again.status).toBe(201);
    expect((await payments()).filter((p) => p.amount === refusedAmount)).toHaveLength(1);
    expect((await trailOf('full-disk-pay-again')).map((r) => r.result)).toEqual(['success']);
    expect(await pragma('integrity_check')).toEqual({ integrity_check: 'ok' });
    expect((await manager.call<AuditVerify>('GET', '/api/audit/verify')).body.intact).toBe(true);
  });

  it('answers a write the partner accepted as done when its outcome cannot be recorded, and the trail shows it sent with its outcome unknown', async () => {
    await fillDisk();
    // room for the attempt's record, then the disk fills before the outcome's: recording an
    // outcome takes 200 KB more meanwhile (what else filled the disk), which is not there
    await pragma(`max_page_count = ${Number((await pragma('page_count')).page_count) + 20}`);
    await sql
      .raw(
        `CREATE TRIGGER fills_the_disk AFTER INSERT ON audit_log WHEN NEW.outcome_of IS NOT NULL
         BEGIN INSERT INTO other_files (b) VALUES (zeroblob(200000)); END`,
      )
      .execute(s.stores.db);
    try {
      const paid = await pay(77.77, 'full-disk-unknown');
      expect(paid.status).toBe(201);
      expect((await payments()).filter((p) => p.amount === 77.77)).toHaveLength(1);
    } finally {
      await sql`DROP TRIGGER fills_the_disk`.execute(s.stores.db);
      await makeRoom();
    }
    const [attempt, ...rest] = await trailOf('full-disk-unknown');
    expect(rest).toEqual([]);
    expect(attempt).toMatchObject({ operation: 'addPayment', result: AUDIT_PENDING, actorId: 'staff@demo-agency.fr', claimId });
    const csv = await manager.call('GET', `/api/exports/audit.csv?claimId=${claimId}&lang=en`);
    expect(csv.text.split('\r\n').find((l) => l.includes('full-disk-unknown'))).toContain('outcome unknown');
    expect((await manager.call<AuditVerify>('GET', '/api/audit/verify')).body.intact).toBe(true);
    expect(await pragma('integrity_check')).toEqual({ integrity_check: 'ok' });
  });
});
