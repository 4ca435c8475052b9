import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerEvent } from '../../contract/session.js';
import { one, run } from '../../sandbox/db/database.js';
import { claimOn } from '../../sandbox/test/flows.js';
import type { TestSandbox } from '../../sandbox/test/harness.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';
import { openEventStream } from '../test/event-stream.js';

let s: TestServer;
let sb: TestSandbox;
let staff: Client;
let manager: Client;
beforeAll(async () => {
  s = await startServer({ sandbox: { now: () => new Date('2026-06-15T10:00:00Z') } });
  if (!s.sandbox) throw new Error('no sandbox');
  sb = s.sandbox;
  // the partner's webhooks come to this server, when the test delivers them
  run(sb.ctx.db, 'UPDATE organizations SET webhook_url = ?', `${s.url}/webhooks/partner`);
  staff = await s.signedIn('staff');
  manager = await s.signedIn('manager');
  await s.sync.runInitial();
});
afterAll(() => s.close());

/** The partner delivers the webhooks it has pending (the sandbox's outbox), as it does every 250 ms in production. */
const deliver = () => sb.deliverer.tick();

/** How many events the partner has emitted about a claim so far (all delivered once `deliver` has run). */
const emitted = (claimId: string) =>
  one<{ n: number }>(sb.ctx.db, `SELECT count(*) AS n FROM webhook_events WHERE payload LIKE ?`, `%${claimId}%`)?.n ?? 0;

/** A person's live stream: every partner event it has sent so far. */
function stream(c: Client) {
  const opened = openEventStream(`${s.url}/api/events`, { cookie: c.cookie }).then(async (st) => {
    expect(await st.until((f) => f.event === 'ready')).not.toBeNull();
    return st;
  });
  return {
    opened,
    /** The events about `claimId` from the `from`-th on, once every one the partner emitted has come. */
    async about(claimId: string, from = 0): Promise<PartnerEvent[]> {
      const n = emitted(claimId) - (before.get(claimId) ?? 0);
      const st = await opened;
      const about = () =>
        st.frames
          .filter((f) => f.event === 'partner')
          .map((f) => JSON.parse(f.data) as PartnerEvent)
          .filter((e) => e.data.claimId === claimId);
      await st.until(() => about().length >= n, 10_000);
      expect(about()).toHaveLength(n);
      return about().slice(from);
    },
    close: () => void opened.then((st) => st.close()),
  };
}

/** The events emitted about each claim before the test's streams opened. */
const before = new Map<string, number>();

/** A claim whose creation's events have been delivered already: the test's own change is the next. */
async function quietClaim(): Promise<string> {
  const { claim } = await claimOn(sb, '2026-03-05');
  await s.sync.syncClaim(claim.id);
  await deliver();
  before.set(claim.id, emitted(claim.id));
  return claim.id;
}

const shape = (events: PartnerEvent[]) => events.map((e) => ({ type: e.type, own: e.own, write: e.write }));

describe('whose change a live event reports (the webhooks carry no request id)', () => {
  it('a month declared and corrected through the dashboard: hers, and her write’s, in her stream; someone else’s in a colleague’s', async () => {
    const claimId = await quietClaim();
    const mine = stream(staff);
    const theirs = stream(manager);
    await Promise.all([mine.opened, theirs.opened]);
    const declared = await staff.call<{ id: string }>(
      'POST',
      `/api/v1/claims/${claimId}/rentaldebts`,
      { rentAmount: 800, rentDueDate: '2026-04-05' },
      { 'x-write-id': 'declare-april-1' },
    );
    expect(declared.status).toBe(201);
    // the webhooks come after the write's answer (however late: the partner may retry them)
    await deliver();
    const afterDeclaring = await mine.about(claimId);
    expect(afterDeclaring.length).toBeGreaterThanOrEqual(1);
    expect(shape(afterDeclaring)).toEqual(afterDeclaring.map((e) => ({ type: e.type, own: true, write: 'declare-april-1' })));
    expect(shape(await theirs.about(claimId))).toEqual(afterDeclaring.map((e) => ({ type: e.type, own: false, write: null })));

    // the colleague corrects it: his in his stream, someone else's in hers
    const corrected = await manager.call(
      'PUT',
      `/api/v1/claims/${claimId}/rentaldebts/${declared.body.id}`,
      { rentAmount: 810, rentDueDate: '2026-04-05' },
      { 'x-write-id': 'correct-april-1' },
    );
    expect(corrected.status).toBe(200);
    await deliver();
    const later = await mine.about(claimId, afterDeclaring.length);
    expect(later.length).toBeGreaterThanOrEqual(1);
    expect(shape(later)).toEqual(later.map((e) => ({ type: e.type, own: false, write: null })));
    expect(shape(await theirs.about(claimId, afterDeclaring.length))).toEqual(
      later.map((e) => ({ type: e.type, own: true, write: 'correct-april-1' })),
    );

    // her payment, spread over the months: hers again
    const paid = await staff.call(
      'POST',
      `/api/v1/claims/${claimId}/payments`,
      { amount: 900, applyDate: '2026-06-01' },
      { 'x-write-id': 'pay-june-1' },
    );
    expect(paid.status).toBe(201);
    await deliver();
    const payment = await mine.about(claimId, afterDeclaring.length + later.length);
    expect(payment.length).toBeGreaterThanOrEqual(1);
    expect(shape(payment)).toEqual(payment.map((e) => ({ type: e.type, own: true, write: 'pay-june-1' })));
    mine.close();
    theirs.close();
  });

  it('a step of the sandbox’s back office stands for the partner: no one’s own, not even the person who pressed it', async () => {
    const claimId = await quietClaim();
    const mine = stream(staff);
    await mine.opened;
    expect((await staff.call('POST', `/api/sandbox/claims/${claimId}/status`, { status: 30 })).status).toBe(200);
    await deliver();
    const events = await mine.about(claimId);
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(shape(events)).toEqual(events.map((e) => ({ type: e.type, own: false, write: null })));
    mine.close();
  });

  it('a webhook that comes before the write’s answer is the write’s; one after it ended, about a change the partner made, is not', async () => {
    const claimId = await quietClaim();
    const mine = stream(staff);
    await mine.opened;
    // her declaration is at the partner (noted as the proxy notes it) and its webhook comes first
    const end = await s.stores.writes.begin(claimId, 'staff@demo-agency.fr', 'declare-before-answer');
    expect((await sb.call('POST', `/v1/claims/${claimId}/rentaldebts`, { rentAmount: 800, rentDueDate: '2026-04-05' })).status).toBe(201);
    await deliver();
    const first = await mine.about(claimId);
    expect(first.length).toBeGreaterThanOrEqual(1);
    expect(shape(first)).toEqual(first.map((e) => ({ type: e.type, own: true, write: 'declare-before-answer' })));
    // the write's own re-read, then its answer
    await s.sync.syncClaim(claimId);
    await end();
    // the partner changes the claim by itself afterwards
    expect((await sb.call('POST', `/sandbox/claims/${claimId}/status`, { status: 30 })).status).toBe(200);
    await deliver();
    const after = await mine.about(claimId, first.length);
    expect(after.length).toBeGreaterThanOrEqual(1);
    expect(shape(after)).toEqual(after.map((e) => ({ type: e.type, own: false, write: null })));
    mine.close();
  });

  it('the managers’ event log says which events reported the reader’s own writes', async () => {
    const claimId = await quietClaim();
    expect((await staff.call('POST', `/api/v1/claims/${claimId}/rentaldebts`, { rentAmount: 800, rentDueDate: '2026-04-05' })).status).toBe(
      201,
    );
    await deliver();
    const recent = (await manager.call<PartnerEvent[]>('GET', '/api/events/recent')).body.filter((e) => e.data.claimId === claimId);
    expect(recent.length).toBeGreaterThanOrEqual(1);
    expect(recent.every((e) => !e.own && e.write === null)).toBe(true);
  });
});
