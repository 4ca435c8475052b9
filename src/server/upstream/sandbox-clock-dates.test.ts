import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerToday } from '../../contract/dates.js';
import { pdfText } from '../../sandbox/test/pdf-text.js';
import type { ClaimFileList } from '../../contract/claim-files.js';
import { claimOn, validatedClaim } from '../../sandbox/test/flows.js';
import { PDF_BYTES, type TestSandbox } from '../../sandbox/test/harness.js';
import { startServer, uploadForm, type Client, type TestServer } from '../test/harness.js';

/** The sandbox clock far from the real date: every date the dashboard writes must be the partner's. */
const SANDBOX_TODAY = '2031-02-14';

let s: TestServer;
let sb: TestSandbox;
let staff: Client;
let claimId = '';
beforeAll(async () => {
  s = await startServer({ sandbox: { seed: false } });
  if (!s.sandbox) throw new Error('no sandbox');
  sb = s.sandbox;
  const real = new Date().toISOString().slice(0, 10);
  expect(real).not.toBe(SANDBOX_TODAY);
  expect((await sb.call('POST', '/sandbox/clock', { today: '2030-11-20' })).status).toBe(200);
  claimId = (await validatedClaim(sb, '2030-10-05')).claim.id;
  expect((await sb.call('POST', '/sandbox/clock', { today: SANDBOX_TODAY })).status).toBe(200);
  staff = await s.signedIn('staff');
  // the exports answer from the read model once its first sync has completed
  await s.sync.runInitial();
});
afterAll(() => s.close());

describe('in sandbox mode, the dates the dashboard writes come from the sandbox clock', () => {
  it('the work queue is "updated" on the sandbox day', async () => {
    const res = await staff.call<{ generatedAt: string; today: string }>('GET', '/api/inbox');
    expect(res.status).toBe(200);
    expect(res.body.today).toBe(SANDBOX_TODAY);
    expect(partnerToday(new Date(res.body.generatedAt))).toBe(SANDBOX_TODAY);
  });

  it('the debt statement (CSV and PDF) is "generated" on the sandbox day, and its file named after it', async () => {
    const csv = await staff.call('GET', `/api/claims/${claimId}/statement.csv?lang=fr`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Généré le (heure de Paris);14/02/2031 ');
    expect(csv.headers.get('content-disposition')).toContain('-2031-02-14.csv');
    const pdf = await fetch(`${s.url}/api/claims/${claimId}/statement.pdf?lang=en`, { headers: { cookie: staff.cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain('-2031-02-14.pdf');
    expect((await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, ' ')).toMatch(
      /Generated on: 14 February 2031 at \d{2}:\d{2}:\d{2} \(Paris time\)/,
    );
  });

  it('the list exports are named after the sandbox day', async () => {
    const res = await staff.call('GET', '/api/exports/claims.csv?lang=en');
    expect(res.headers.get('content-disposition')).toContain('claims-2031-02-14.csv');
  });

  it('a file sent to a claim is dated on the sandbox day', async () => {
    const { claim } = await claimOn(sb, '2031-01-05');
    const sent = await staff.call('POST', `/api/v1/claims/${claim.id}/documents`, uploadForm({ documentType: '1' }, PDF_BYTES));
    expect(sent.status).toBe(201);
    const list = (await staff.call<ClaimFileList>('GET', `/api/claims/${claim.id}/files`)).body;
    expect(partnerToday(new Date(list.items[0]?.uploadedAt ?? ''))).toBe(SANDBOX_TODAY);
  });
});

describe('in sandbox mode, one now for everything a user reads, real time only for the records of what people did', () => {
  const onSandboxDay = (ms: number | string | null | undefined) => (ms === null || ms === undefined ? null : partnerToday(new Date(ms)));

  it('every "data as of" is on the sandbox’s clock, beside the "updated" of the same answer', async () => {
    const inbox = (await staff.call<{ generatedAt: string; asOf: number }>('GET', '/api/inbox')).body;
    expect(onSandboxDay(inbox.asOf)).toBe(SANDBOX_TODAY);
    // read a moment ago: the same clock as "updated", not days apart
    expect(Math.abs(Date.parse(inbox.generatedAt) - inbox.asOf)).toBeLessThan(3_600_000);
    for (const path of ['/api/lists/claims', '/api/lists/projects', '/api/round', `/api/search?q=${claimId}`])
      expect(onSandboxDay((await staff.call<{ asOf: number | null }>('GET', path)).body.asOf), path).toBe(SANDBOX_TODAY);
    const manager = await s.signedIn('manager');
    const sync = (await manager.call<{ initial: { finishedAt: number }; now: number }>('GET', '/api/sync/state')).body;
    expect([onSandboxDay(sync.initial.finishedAt), onSandboxDay(sync.now)]).toEqual([SANDBOX_TODAY, SANDBOX_TODAY]);
  });

  it('what the dashboard records of a file (who looks after it, the declarant saved) is dated on the sandbox’s day', async () => {
    const me = (await staff.call<{ me: string }>('GET', '/api/colleagues')).body.me;
    const taken = await staff.call<{ assignedAt: string }>('PUT', `/api/assignments/claim/${claimId}`, { userId: me });
    expect(taken.status).toBe(200);
    expect(onSandboxDay(taken.body.assignedAt)).toBe(SANDBOX_TODAY);
    const manager = await s.signedIn('manager');
    const legalInfo = {
      firstName: 'Ana',
      lastName: 'Lima',
      email: 'ana@agence.fr',
      phone: { phoneContryCode: 'FR', phoneFormated: '+33612345678' },
    };
    const saved = await manager.call<{ updatedAt: string }>('PUT', '/api/settings/declarant', { legalInfo });
    expect(saved.status).toBe(200);
    expect(onSandboxDay(saved.body.updatedAt)).toBe(SANDBOX_TODAY);
  });

  it('the audit trail keeps the real time of each record', async () => {
    const manager = await s.signedIn('manager');
    const trail = (await manager.call<{ items: { at: string }[] }>('GET', '/api/audit?operation=signIn&pageSize=1')).body;
    expect(onSandboxDay(trail.items[0]?.at)).toBe(partnerToday());
  });
});
