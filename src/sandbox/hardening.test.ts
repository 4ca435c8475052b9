import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim } from '../contract/claims.js';
import type { ErrorEnvelope } from '../contract/errors.js';
import type { Project } from '../contract/projects.js';
import { listDocuments } from './domain/documents.js';
import { PDF_BYTES, claimBody, projectBody, rentBody, startSandbox, DEMO_KEY, type TestSandbox } from './test/harness.js';
import { claimOn, projectAt } from './test/flows.js';
import { pdfText } from './test/pdf-text.js';
import { malformedForms, multipartBody, rawRequest } from './test/raw-http.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox({ now: () => new Date('2026-06-15T10:00:00Z'), bodyRate: { windowMs: 400, minBytesPerSecond: 500 } });
});
afterAll(() => sb.close());

const count = async (path: string) => (await sb.call<{ total: number }>('GET', path)).body.total;
const refused = (res: { status: number; body: ErrorEnvelope }) => ({ status: res.status, code: res.body.code });

describe('plausible bounds: impossible dates and amounts are refused', () => {
  it('refuses a claim whose first unpaid month is in year 0100 or more than 36 months back, and writes nothing', async () => {
    const project = await projectAt(sb, 7);
    const before = await count('/v1/claims');
    for (const date of ['0100-01-05', '1899-12-01', '2023-05-31']) {
      const res = await sb.call<ErrorEnvelope>('POST', `/v1/projects/${project.id}/claims`, claimBody(date));
      expect({ date, ...refused(res) }).toEqual({ date, status: 400, code: 'INVALID_REQUEST' });
    }
    const old = await sb.call<ErrorEnvelope>('POST', `/v1/projects/${project.id}/claims`, claimBody('2023-05-31'));
    expect(old.body.details).toContainEqual({
      path: 'rentDueDate',
      message: 'must be on or after 2023-06-01: a claim starts at most 36 months back',
      rule: { key: 'claimStartTooOld', params: { date: '2023-06-01', months: 36 } },
    });
    expect(await count('/v1/claims')).toBe(before);
    const timeline = await sb.call<Claim>('POST', `/v1/projects/${project.id}/claims`, claimBody('2023-06-05'));
    expect(timeline.status).toBe(201);
    expect((await sb.call<unknown[]>('GET', `/v1/claims/${timeline.body.id}/rentaldebts`)).body).toHaveLength(37);
  });

  it('refuses 1e300, 1e15 and 2^53+1 in every amount field, with the ceiling in the message', async () => {
    const { claim, project } = await claimOn(sb, '2026-04-05');
    for (const n of [1e300, 1e15, 2 ** 53 + 1, -5]) {
      const pay = await sb.call<ErrorEnvelope>('POST', `/v1/claims/${claim.id}/payments`, { amount: n, applyDate: '2026-06-01' });
      expect(pay.status, `payment ${n}`).toBe(400);
      const debt = await sb.call<ErrorEnvelope>('POST', `/v1/claims/${claim.id}/rentaldebts`, {
        rentAmount: n,
        rentAmountReceived: 0,
        rentDueDate: '2026-05-05',
      });
      expect(debt.status, `rent ${n}`).toBe(400);
      const score = await sb.call<ErrorEnvelope>('POST', '/v3/score', { status: 4, monthlyIncome: n });
      expect(score.status, `income ${n}`).toBe(400);
      const rent = await sb.call<ErrorEnvelope>('POST', `/v3/projects/${project.id}/rent`, rentBody('2026-06-15', { securityDeposit: n }));
      expect(rent.status, `deposit ${n}`).toBe(400);
    }
    const huge = await sb.call<ErrorEnvelope>('POST', `/v1/claims/${claim.id}/payments`, { amount: 1e15, applyDate: '2026-06-01' });
    expect(huge.body.details).toContainEqual({
      path: 'amount',
      message: 'must be at most 1,000,000',
      rule: { key: 'maxNumber', params: { max: 1_000_000 } },
    });
    const rich = await sb.call<{ score: number }>('POST', '/v3/score', { status: 4, monthlyIncome: 3000, savingsAmount: 50_000_000 });
    expect(rich.status).toBe(200); // incomes and savings have a higher ceiling (100,000,000)
    expect((await sb.call<unknown[]>('GET', `/v1/claims/${claim.id}/payments`)).body).toEqual([]);
  });

  it('refuses birth dates before 1900, in the future, or of a minor', async () => {
    const before = await count('/v3/projects');
    for (const dateOfBirth of ['0100-01-01', '2999-01-01', '2010-01-01', '2008-06-16']) {
      const body = projectBody();
      const res = await sb.call<ErrorEnvelope>('POST', '/v3/projects', { ...body, profile: { ...body.profile, dateOfBirth } });
      expect({ dateOfBirth, ...refused(res) }).toEqual({ dateOfBirth, status: 400, code: 'INVALID_REQUEST' });
    }
    expect(await count('/v3/projects')).toBe(before);
    const body = projectBody();
    const adult = await sb.call('POST', '/v3/projects', { ...body, profile: { ...body.profile, dateOfBirth: '2008-06-15' } });
    expect(adult.status).toBe(201);
  });

  it('keeps lease, payment and clock dates within a window of today', async () => {
    const project = await projectAt(sb, 2);
    const far = await sb.call<ErrorEnvelope>('POST', `/v3/projects/${project.id}/rent`, rentBody('2027-06-16'));
    expect(far.body.details).toContainEqual({
      path: 'startLease',
      message: 'must be on or before 2027-06-15: a lease starts at most 12 months ahead',
      rule: { key: 'leaseStartTooLate', params: { date: '2027-06-15', months: 12 } },
    });
    const long = await sb.call<ErrorEnvelope>(
      'POST',
      `/v3/projects/${project.id}/rent`,
      rentBody('2026-07-01', { theoreticalEndLease: '2040-01-01' }),
    );
    expect(long.status).toBe(400);
    const { claim } = await claimOn(sb, '2026-04-05');
    for (const applyDate of ['0100-01-01', '2016-05-31', '2026-07-17']) {
      const res = await sb.call<ErrorEnvelope>('POST', `/v1/claims/${claim.id}/payments`, { amount: 10, applyDate });
      expect({ applyDate, ...refused(res) }).toEqual({ applyDate, status: 400, code: 'INVALID_REQUEST' });
    }
    expect((await sb.call('POST', '/sandbox/clock', { today: '2999-01-01' })).status).toBe(400);
    expect((await sb.call('POST', '/sandbox/clock', { advanceDays: 3600 })).status).toBe(200);
    expect((await sb.call('POST', '/sandbox/clock', { advanceDays: 3600 })).status).toBe(400);
    await sb.call('POST', '/sandbox/clock', { today: '2026-06-15' });
  });

  it('refuses control characters in names (a NUL byte) and text longer than its limit', async () => {
    const body = projectBody();
    const nul = await sb.call<ErrorEnvelope>('POST', '/v3/projects', { ...body, profile: { ...body.profile, lastName: 'Nul\u0000Byte' } });
    expect(nul.body.details).toContainEqual({
      path: 'profile.lastName',
      message: 'must not contain control characters',
      rule: { key: 'controlChars', params: {} },
    });
    const long = await sb.call<ErrorEnvelope>('POST', '/v3/projects', {
      ...body,
      profile: { ...body.profile, firstName: 'x'.repeat(101) },
    });
    expect(long.body.details).toContainEqual({
      path: 'profile.firstName',
      message: 'at most 100 characters',
      rule: { key: 'maxChars', params: { max: 100 } },
    });
  });
});

describe('the eligibility certificate prints any name', () => {
  it.each([
    ['Łukasz', 'Nguyễn-Ødegaard'],
    ['Zoë', 'Dœuf'],
    ['小明', '王'],
    ['Zoé', '😀'],
  ])('%s %s', async (firstName, lastName) => {
    const body = projectBody();
    const p = await projectAt(sb, 2, { ...body, profile: { ...body.profile, firstName, lastName } });
    const res = await sb.call('GET', `/v3/projects/${p.id}/documents/certificate`);
    expect(res.status).toBe(200);
    const text = (await pdfText(new Uint8Array(res.raw))).normalize('NFC');
    if (lastName === '😀') expect(text).toContain('Zoé [U+1F600]');
    else expect(text).toContain(`${firstName} ${lastName}`);
  });
});

describe('uploads', () => {
  it('answers a malformed multipart body with 400 on both upload operations, and stores nothing', async () => {
    const { claim } = await claimOn(sb, '2026-04-05');
    const project = await projectAt(sb, 0);
    for (const path of [`/v1/claims/${claim.id}/documents`, `/v3/projects/${project.id}/documents`]) {
      for (const form of malformedForms(Buffer.from(PDF_BYTES))) {
        const res = await rawRequest(
          sb.url,
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${DEMO_KEY}\r\nContent-Type: ${form.contentType}\r\nContent-Length: ${form.body.length}\r\nConnection: close\r\n\r\n`,
          form.body,
          { waitMs: 3000 },
        );
        expect({ path, form: form.name, status: res.status }).toEqual({ path, form: form.name, status: 400 });
        expect(res.text).toContain('"code":"INVALID_REQUEST"');
      }
    }
    expect(listDocuments(sb.ctx.db, 'claim', claim.id)).toEqual([]);
    expect(listDocuments(sb.ctx.db, 'project', project.id)).toEqual([]);
  });

  it('cuts a body trickled a byte at a time with 408 and closes the connection', async () => {
    const { claim } = await claimOn(sb, '2026-04-05');
    const body = multipartBody({ documentType: '1' }, Buffer.from(PDF_BYTES));
    const res = await rawRequest(
      sb.url,
      `POST /v1/claims/${claim.id}/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${DEMO_KEY}\r\nContent-Type: multipart/form-data; boundary=test-boundary-123\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      { waitMs: 5000, trickleMs: 100 },
    );
    expect(res.status).toBe(408);
    expect(res.text).toContain('"code":"REQUEST_TIMEOUT"');
    expect(res.closed).toBe(true);
    expect(res.ms).toBeLessThan(3000);
    expect(listDocuments(sb.ctx.db, 'claim', claim.id)).toEqual([]);
  });

  it('refuses a comment over 1,000 characters instead of storing it cut, and stores 1,000 whole', async () => {
    const { claim } = await claimOn(sb, '2026-04-05');
    const long = await sb.upload<ErrorEnvelope>(`/v1/claims/${claim.id}/documents`, {
      documentType: '1',
      comment: 'x'.repeat(5000),
      file: { name: 'a.pdf', bytes: PDF_BYTES },
    });
    expect(refused(long)).toEqual({ status: 400, code: 'INVALID_REQUEST' });
    expect(long.body.details).toContainEqual({
      path: 'comment',
      message: 'at most 1000 characters',
      rule: { key: 'maxChars', params: { max: 1000 } },
    });
    expect(listDocuments(sb.ctx.db, 'claim', claim.id)).toEqual([]);
    const comment = '€'.repeat(1000);
    const ok = await sb.upload<{ comment: string }>(`/v1/claims/${claim.id}/documents`, {
      documentType: '1',
      comment,
      file: { name: 'a.pdf', bytes: PDF_BYTES },
    });
    expect(ok.status).toBe(201);
    expect(listDocuments(sb.ctx.db, 'claim', claim.id).map((d) => d.comment)).toEqual([comment]);
  });
});

export type { Project };
