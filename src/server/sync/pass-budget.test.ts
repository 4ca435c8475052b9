import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, RentalDebt } from '../../contract/claims.js';
import type { Round } from '../../contract/round.js';
import type { SyncState } from '../../contract/sync.js';
import { validatedClaim } from '../../sandbox/test/flows.js';
import { startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import { startServer, type TestServer } from '../test/harness.js';

/**
 * A reconciliation pass held to its share of the call budget, on an organization larger than one
 * pass can re-read whole: what the lists show changed is read in the pass, a month the calendar
 * made due too, and the rest is read the longest unread first, over the next passes. The partner
 * sees no more calls per pass than the budget plans. Between the server and the sandbox a relay
 * counts the partner's operations; the sandbox delivers no webhook, so every change made on it
 * is one the dashboard was not told of.
 */
let sb: TestSandbox;
let relay: Server;
let s: TestServer;
/** The partner's operations the server made (its reads of the sandbox's clock aside). */
const calls: string[] = [];

/** The pass's planned calls: both lists (one page each here) and two reads of a claim's months. */
const PASS_CALLS = 4;

beforeAll(async () => {
  sb = await startSandbox({ seed: false, now: () => new Date('2026-06-15T10:00:00Z') });
  relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      if (/^\/v[13]\//.test(url)) calls.push(`${req.method} ${url}`);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && !['host', 'connection', 'content-length'].includes(e[0]),
        ),
      );
      const body = Buffer.concat(chunks);
      void fetch(sb.url + url, { method: req.method, headers, body: ['GET', 'HEAD'].includes(req.method ?? 'GET') ? undefined : body })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  s = await startServer({
    sandboxUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    // a pace no test waits for; the pass's share of the period given small instead
    env: { SYNC_CALLS_PER_MINUTE: '100000' },
    server: { sync: { passCalls: PASS_CALLS } },
  });
}, 60_000);

afterAll(async () => {
  await s.close();
  relay.closeAllConnections();
  relay.close();
  await sb.close();
});

const partnerClaim = async (c: { id: string; projectId: string }) =>
  (await sb.call<{ items: Claim[] }>('GET', `/v1/claims?projectId=${c.projectId}`)).body.items.find((x) => x.id === c.id);
const partnerDebts = async (id: string) => (await sb.call<RentalDebt[]>('GET', `/v1/claims/${id}/rentaldebts`)).body;
const keptDebts = async (id: string) => (await s.stores.readModel.claim(id))?.debts;

/** A validated claim whose months are declared up to June (its first due on `firstDue`, in April). */
async function declaredToJune(firstDue: string) {
  const { claim } = await validatedClaim(sb, firstDue);
  for (const month of ['05', '06']) {
    const declared = await sb.call('POST', `/v1/claims/${claim.id}/rentaldebts`, {
      rentAmount: 800,
      rentAmountReceived: 0,
      rentDueDate: `2026-${month}-${firstDue.slice(8, 10)}`,
    });
    expect(declared.status).toBe(201);
  }
  return claim;
}

/** One pass: its record, and the partner's operations it made. */
async function pass() {
  calls.length = 0;
  const record = await s.sync.runPass();
  return { record, calls: [...calls] };
}

describe('a pass held to its share of the budget', () => {
  // six claims, their months declared to June, due on the 12th; one on the 8th
  let claims: Claim[];
  let onThe8th: Claim;

  beforeAll(async () => {
    claims = [];
    for (let i = 0; i < 6; i++) claims.push(await declaredToJune('2026-04-12'));
    onThe8th = await declaredToJune('2026-04-08');
    expect((await s.sync.runInitial()).phase).toBe('done');
  }, 120_000);

  // first, and nobody signed in before its pass: the server reads the partner's today afresh (it
  // holds it a few seconds), as it would days after a month's turn
  it('reads a claim whose next month the calendar made due, though its list entry did not change; a move of the clock here reads everything', async () => {
    // July comes due on the 8th for one claim (the others' on the 12th): the partner lists it, no event says so
    expect((await sb.call('POST', '/sandbox/clock', { today: '2026-07-10' })).status).toBe(200);
    try {
      const { calls: made } = await pass();
      expect(made.length).toBeLessThanOrEqual(PASS_CALLS);
      expect(await keptDebts(onThe8th.id)).toEqual(await partnerDebts(onThe8th.id));
      const staff = await s.signedIn('staff');
      const round = await staff.call<Round>('GET', '/api/round');
      expect(round.body.rows.find((r) => r.claimId === onThe8th.id)?.months.map((m) => m.rentDueDate)).toEqual(['2026-07-08']);
    } finally {
      const manager = await s.signedIn('manager');
      // moved through the dashboard, the clock's move is followed by a whole pass, whatever the budget
      expect((await manager.call('POST', '/api/sandbox/clock', { today: '2026-06-15' })).status).toBe(200);
    }
    for (const c of [...claims, onThe8th]) expect(await keptDebts(c.id)).toEqual(await partnerDebts(c.id));
  }, 60_000);

  it('reads what the list shows changed in the next pass, every claim again within a few, never more calls than it plans', async () => {
    const [changed, signed] = claims as [Claim, Claim, ...Claim[]];
    // at the partner, with no event: a claim's status changes (its list entry with it); on another,
    // the guarantor pays April and the landlord signs its receipt (the list entry stays the same)
    expect((await sb.call('POST', `/sandbox/claims/${changed.id}/status`, { status: 50 })).status).toBe(200);
    const april = (await partnerDebts(signed.id)).find((d) => d.rentDueDate === '2026-04-12');
    expect((await sb.call('POST', `/sandbox/claims/${signed.id}/rentaldebts/${april?.id}/pay`)).status).toBe(200);
    const before = await partnerClaim(signed);
    expect((await sb.call('POST', `/sandbox/claims/${signed.id}/rentaldebts/${april?.id}/receipt/sign`)).status).toBe(200);
    expect(await partnerClaim(signed)).toEqual(before);
    expect(await keptDebts(signed.id)).not.toEqual(await partnerDebts(signed.id));

    const first = await pass();
    expect(first.calls.length).toBeLessThanOrEqual(PASS_CALLS);
    expect(first.record.errors).toBe(0);
    expect((await s.stores.readModel.claim(changed.id))?.claim).toEqual(await partnerClaim(changed));
    expect(await keptDebts(changed.id)).toEqual(await partnerDebts(changed.id));
    // the others wait for the next passes, and the managers are told how many
    expect(first.record.left).toBeGreaterThan(0);
    const manager = await s.signedIn('manager');
    expect((await manager.call<SyncState>('GET', '/api/sync/state')).body.passes.last?.left).toBe(first.record.left);

    // seven claims, two months' reads a pass: within four more passes every claim is read again
    for (let n = 0; n < 4; n++) expect((await pass()).calls.length).toBeLessThanOrEqual(PASS_CALLS);
    expect(await keptDebts(signed.id)).toEqual(await partnerDebts(signed.id));
    for (const c of [...claims, onThe8th]) expect(await keptDebts(c.id)).toEqual(await partnerDebts(c.id));
  }, 60_000);
});
