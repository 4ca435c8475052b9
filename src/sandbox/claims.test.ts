import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, RentalDebt, TenantPayment } from '../contract/claims.js';
import type { ErrorEnvelope } from '../contract/errors.js';
import type { ClaimStats } from '../contract/stats.js';
import { PDF_BYTES, claimBody, rentBody, startSandbox, type TestSandbox } from './test/harness.js';
import { claimOn, projectAt, uploadClaimDocuments, validatedClaim } from './test/flows.js';
import { addMonths } from '../contract/dates.js';

// Sandbox clock: 2026-06-15.
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: false, now: () => new Date('2026-06-15T10:00:00Z') });
});
afterAll(() => sb.close());

const debts = async (id: string) => (await sb.call<RentalDebt[]>('GET', `/v1/claims/${id}/rentaldebts`)).body;
const claim = async (id: string) =>
  (await sb.call<{ items: Claim[] }>('GET', '/v1/claims?pageSize=100')).body.items.find((c) => c.id === id);

describe('create claim (POST /v1/projects/{projectId}/claims)', () => {
  it('creates the claim (status 10), its first rental debt, and a tenant payment for the part received', async () => {
    const { claim: c } = await claimOn(sb, '2026-04-05', { rentAmountReceived: 300, rentAmountReceivedDate: '2026-04-10' });
    expect(c).toMatchObject({ status: 10, rentDueDate: '2026-04-05', amountOutstanding: 500 });
    const months = await debts(c.id);
    expect(months[0]).toMatchObject({ rentDueDate: '2026-04-05', rentAmount: 800, tenantPaidAmount: 300, amountDue: 500, status: 13 });
    const payments = await sb.call<TenantPayment[]>('GET', `/v1/claims/${c.id}/payments`);
    expect(payments.body).toHaveLength(1);
    expect(payments.body[0]).toMatchObject({ amount: 300, applyDate: '2026-04-10' });
  });

  it('creates no payment when nothing was received', async () => {
    const { claim: c } = await claimOn(sb, '2026-05-05');
    expect((await sb.call<unknown[]>('GET', `/v1/claims/${c.id}/payments`)).body).toEqual([]);
  });

  it('refuses a claim on a project that is not active (PROJECT_NOT_ACTIVE)', async () => {
    const p = await projectAt(sb, 6);
    const res = await sb.call<ErrorEnvelope>('POST', `/v1/projects/${p.id}/claims`, claimBody('2026-05-05'));
    expect(res.body.code).toBe('PROJECT_NOT_ACTIVE');
  });

  it('refuses a second active claim on the project (E0176), allows one after the first is closed', async () => {
    const { project } = await claimOn(sb, '2026-05-05');
    const again = await sb.call<ErrorEnvelope>('POST', `/v1/projects/${project.id}/claims`, claimBody('2026-05-05'));
    expect(again.body.code).toBe('E0176');
    const first = (await sb.call<{ items: Claim[] }>('GET', `/v1/claims?projectId=${project.id}`)).body.items[0];
    await sb.call('POST', `/sandbox/claims/${first?.id}/status`, { status: 150 });
    expect((await sb.call('POST', `/v1/projects/${project.id}/claims`, claimBody('2026-05-05'))).status).toBe(201);
  });

  it('refuses a first unpaid month before the month the lease starts (INVALID_REQUEST on rentDueDate), and writes nothing', async () => {
    const p = await projectAt(sb, 2);
    expect((await sb.call('POST', `/v3/projects/${p.id}/rent`, rentBody('2026-06-15'))).status).toBe(200);
    for (const step of ['rent/validate', 'payment/complete', 'signatures/tenant', 'signatures/owner'])
      expect((await sb.call('POST', `/sandbox/projects/${p.id}/${step}`)).status).toBe(200);
    const before = await sb.call<ErrorEnvelope>('POST', `/v1/projects/${p.id}/claims`, claimBody('2026-05-31'));
    expect(before.status).toBe(400);
    expect(before.body).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [{ path: 'rentDueDate', rule: { key: 'beforeLeaseStart', params: { date: '2026-06-15' } } }],
    });
    expect((await sb.call<{ total: number }>('GET', `/v1/claims?projectId=${p.id}`)).body.total).toBe(0);
    // the month the lease starts is owed (a rent is named by its month)
    expect((await sb.call('POST', `/v1/projects/${p.id}/claims`, claimBody('2026-06-01'))).status).toBe(201);
  });

  it('refuses a claim before the lease has started, accepts it from its first day', async () => {
    const p = await projectAt(sb, 2);
    expect((await sb.call('POST', `/v3/projects/${p.id}/rent`, rentBody('2026-06-20'))).status).toBe(200);
    for (const step of ['rent/validate', 'payment/complete', 'signatures/tenant', 'signatures/owner'])
      expect((await sb.call('POST', `/sandbox/projects/${p.id}/${step}`)).status).toBe(200);
    const early = await sb.call<ErrorEnvelope>('POST', `/v1/projects/${p.id}/claims`, claimBody('2026-06-05'));
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      details: [{ path: 'rentDueDate', rule: { key: 'leaseNotStarted', params: { date: '2026-06-20' } } }],
    });
    expect((await sb.call<{ total: number }>('GET', `/v1/claims?projectId=${p.id}`)).body.total).toBe(0);
    expect((await sb.call('POST', '/sandbox/clock', { today: '2026-06-20' })).status).toBe(200);
    expect((await sb.call('POST', `/v1/projects/${p.id}/claims`, claimBody('2026-06-05'))).status).toBe(201);
    // the other cases read the sandbox's usual today
    expect((await sb.call('POST', '/sandbox/clock', { today: '2026-06-15' })).status).toBe(200);
  });

  it('refuses a first unpaid month in the future (E0201)', async () => {
    const p = await projectAt(sb, 7);
    const res = await sb.call<ErrorEnvelope>('POST', `/v1/projects/${p.id}/claims`, claimBody('2026-06-16'));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('E0201');
    expect((await sb.call('POST', `/v1/projects/${p.id}/claims`, claimBody('2026-06-15'))).status).toBe(201);
  });

  it('validates the body: amounts, received date rule, emails, legal info', async () => {
    const p = await projectAt(sb, 7);
    const res = await sb.call<ErrorEnvelope>(
      'POST',
      `/v1/projects/${p.id}/claims`,
      claimBody('2026-05-01', {
        rentAmountReceived: 900,
        mainOwnerEmail: 'nope',
        ownerEmailsBcc: ['bad'],
        legalInfo: { firstName: 'A', lastName: 'B', email: 'x', phone: { phoneContryCode: 'FR', phoneFormated: '+33612345678' } },
      }),
    );
    expect(res.body.code).toBe('INVALID_REQUEST');
    expect(res.body.details?.map((d) => d.path)).toEqual(expect.arrayContaining(['mainOwnerEmail', 'ownerEmailsBcc.0', 'legalInfo.email']));
    const noDate = await sb.call<ErrorEnvelope>(
      'POST',
      `/v1/projects/${p.id}/claims`,
      claimBody('2026-05-01', { rentAmountReceived: 100 }),
    );
    expect(noDate.body.details?.map((d) => d.path)).toEqual(['rentAmountReceivedDate']);
    const tooMuch = await sb.call<ErrorEnvelope>(
      'POST',
      `/v1/projects/${p.id}/claims`,
      claimBody('2026-05-01', { rentAmountReceived: 900, rentAmountReceivedDate: '2026-05-02' }),
    );
    expect(tooMuch.body.details?.map((d) => d.path)).toEqual(['rentAmountReceived']);
  });

  it('answers E0040 for an unknown project and E0177 for an unknown claim', async () => {
    const nobody = '00000000-0000-4000-8000-000000000001';
    expect((await sb.call<ErrorEnvelope>('POST', `/v1/projects/${nobody}/claims`, claimBody('2026-05-01'))).body.code).toBe('E0040');
    const res = await sb.call<ErrorEnvelope>('GET', `/v1/claims/${nobody}/rentaldebts`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('E0177');
  });
});

describe('claim documents and apply', () => {
  it('applies only with every required document; with some missing the status does not change', async () => {
    const { claim: c } = await claimOn(sb, '2026-05-05');
    const required = await sb.call<{ documentType: number; provided: boolean }[]>('GET', `/v1/claims/${c.id}/documents/required`);
    expect(required.body.map((d) => d.documentType)).toEqual([1, 2, 3]);
    await uploadClaimDocuments(sb, c.id, [1, 2]);
    const refused = await sb.call<ErrorEnvelope>('POST', `/v1/claims/${c.id}/apply`);
    expect(refused.body.code).toBe('DOCUMENTS_MISSING');
    expect(refused.body.details?.map((d) => d.path)).toEqual(['documentType.3']);
    expect((await claim(c.id))?.status).toBe(10);
    await uploadClaimDocuments(sb, c.id, [3]);
    expect((await sb.call('POST', `/v1/claims/${c.id}/apply`)).status).toBe(200);
    expect((await claim(c.id))?.status).toBe(20);
  });

  it('refuses apply in a status that does not allow it (E0200)', async () => {
    const { claim: c } = await validatedClaim(sb, '2026-05-05');
    expect((await sb.call<ErrorEnvelope>('POST', `/v1/claims/${c.id}/apply`)).body.code).toBe('E0200');
  });

  it('checks claim uploads: E0142, E0144, E0090, E0145, and E0200 on a closed claim', async () => {
    const { claim: c } = await claimOn(sb, '2026-05-05');
    const path = `/v1/claims/${c.id}/documents`;
    expect((await sb.upload<ErrorEnvelope>(path, { documentType: '1' })).body.code).toBe('E0142');
    expect(
      (
        await sb.upload<ErrorEnvelope>(path, {
          documentType: '1',
          file: { name: 'x.pdf', bytes: new TextEncoder().encode('MZ not a pdf') },
        })
      ).body.code,
    ).toBe('E0144');
    expect((await sb.upload<ErrorEnvelope>(path, { documentType: '9', file: { name: 'x.pdf', bytes: PDF_BYTES } })).body.code).toBe(
      'E0090',
    );
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF_BYTES);
    expect((await sb.upload<ErrorEnvelope>(path, { documentType: '1', file: { name: 'x.pdf', bytes: big } })).body.code).toBe('E0145');
    const withComment = await sb.upload<{ comment: string }>(path, {
      documentType: '5',
      comment: 'Courrier du 3 mai',
      file: { name: 'x.pdf', bytes: PDF_BYTES },
    });
    expect(withComment.body.comment).toBe('Courrier du 3 mai');
    await sb.call('POST', `/sandbox/claims/${c.id}/status`, { status: 140 });
    expect((await sb.upload<ErrorEnvelope>(path, { documentType: '1', file: { name: 'x.pdf', bytes: PDF_BYTES } })).body.code).toBe(
      'E0200',
    );
  });
});

describe('rental debts', () => {
  it("lists every month from the first unpaid month to the current month, undeclared ones Virtual with id null, due on the claim's day", async () => {
    const { claim: c } = await claimOn(sb, '2026-02-05');
    const months = await debts(c.id);
    expect(months.map((m) => m.rentDueDate)).toEqual(['2026-02-05', '2026-03-05', '2026-04-05', '2026-05-05', '2026-06-05']);
    expect(months.slice(1).every((m) => m.id === null && m.status === 10)).toBe(true);
  });

  it("clamps the claim's due day to the length of each month", async () => {
    const { claim: c } = await claimOn(sb, '2026-01-31');
    expect((await debts(c.id)).map((m) => m.rentDueDate).slice(0, 3)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
  });

  it('declares months in chronological order only (E0188), never twice, never in the future (E0201)', async () => {
    const { claim: c } = await claimOn(sb, '2026-03-05');
    const add = (rentDueDate: string) =>
      sb.call<ErrorEnvelope & RentalDebt>('POST', `/v1/claims/${c.id}/rentaldebts`, {
        rentAmount: 800,
        rentAmountReceived: 0,
        rentDueDate,
      });
    expect((await add('2026-05-05')).body.code).toBe('E0188');
    expect((await add('2026-03-20')).body.code).toBe('E0188');
    expect((await add('2026-02-05')).body.code).toBe('E0188');
    const april = await add('2026-04-05');
    expect(april.status).toBe(201);
    expect(april.body.rentDueDate).toBe('2026-04-05');
    expect((await add('2026-05-05')).status).toBe(201);
    expect((await add('2026-06-20')).body.code).toBe('E0201');
    expect((await add('2026-06-15')).status).toBe(201);
    expect((await debts(c.id)).every((m) => m.id !== null)).toBe(true);
  });

  it('corrects a declared amount but never its month (E0225), and not once the guarantor paid it', async () => {
    const { claim: c } = await validatedClaim(sb, '2026-05-05');
    const first = (await debts(c.id))[0] as RentalDebt;
    const moved = await sb.call<ErrorEnvelope>('PUT', `/v1/claims/${c.id}/rentaldebts/${first.id}`, {
      rentDueDate: '2026-04-05',
      rentAmount: 800,
    });
    expect(moved.body.code).toBe('E0225');
    const fixed = await sb.call<RentalDebt>('PUT', `/v1/claims/${c.id}/rentaldebts/${first.id}`, {
      rentDueDate: '2026-05-06',
      rentAmount: 750,
    });
    expect(fixed.body).toMatchObject({ rentDueDate: '2026-05-06', rentAmount: 750, amountDue: 750 });
    await sb.call('POST', `/sandbox/claims/${c.id}/rentaldebts/${first.id}/pay`);
    expect(
      (await sb.call<ErrorEnvelope>('PUT', `/v1/claims/${c.id}/rentaldebts/${first.id}`, { rentDueDate: '2026-05-06', rentAmount: 700 }))
        .body.code,
    ).toBe('E0225');
  });

  it('answers E0193 for an unknown rental debt', async () => {
    const { claim: c } = await claimOn(sb, '2026-05-05');
    const res = await sb.call<ErrorEnvelope>('PUT', `/v1/claims/${c.id}/rentaldebts/00000000-0000-4000-8000-000000000002`, {
      rentDueDate: '2026-05-05',
      rentAmount: 1,
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('E0193');
  });

  it('blocks a month whose rent rises more than 10% (30) and holds the months after it (14) until corrected', async () => {
    const { claim: c } = await validatedClaim(sb, '2026-04-05');
    const may = await sb.call<RentalDebt>('POST', `/v1/claims/${c.id}/rentaldebts`, {
      rentAmount: 900,
      rentAmountReceived: 0,
      rentDueDate: '2026-05-05',
    });
    expect(may.body.status).toBe(30);
    const june = await sb.call<RentalDebt>('POST', `/v1/claims/${c.id}/rentaldebts`, {
      rentAmount: 800,
      rentAmountReceived: 0,
      rentDueDate: '2026-06-05',
    });
    expect(june.body.status).toBe(14);
    await sb.call('PUT', `/v1/claims/${c.id}/rentaldebts/${may.body.id}`, { rentDueDate: '2026-05-05', rentAmount: 880 });
    expect((await debts(c.id)).map((m) => m.status)).toEqual([20, 12, 12]);
  });

  it('refuses declarations and payments on a cancelled claim (E0200)', async () => {
    const { claim: c } = await claimOn(sb, '2026-05-05');
    await sb.call('POST', `/sandbox/claims/${c.id}/status`, { status: 150 });
    expect(
      (
        await sb.call<ErrorEnvelope>('POST', `/v1/claims/${c.id}/rentaldebts`, {
          rentAmount: 800,
          rentAmountReceived: 0,
          rentDueDate: '2026-06-05',
        })
      ).body.code,
    ).toBe('E0200');
    expect((await sb.call<ErrorEnvelope>('POST', `/v1/claims/${c.id}/payments`, { amount: 10, applyDate: '2026-06-01' })).body.code).toBe(
      'E0200',
    );
  });
});

describe('tenant payments', () => {
  it('refuses an amount of 0 or less (E0212) on add and update', async () => {
    const { claim: c } = await claimOn(sb, '2026-05-05');
    for (const amount of [0, -5]) {
      const res = await sb.call<ErrorEnvelope>('POST', `/v1/claims/${c.id}/payments`, { amount, applyDate: '2026-05-10' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('E0212');
    }
    const p = await sb.call<TenantPayment>('POST', `/v1/claims/${c.id}/payments`, { amount: 100, applyDate: '2026-05-10' });
    expect(
      (await sb.call<ErrorEnvelope>('PUT', `/v1/claims/${c.id}/payments/${p.body.id}`, { amount: 0, applyDate: '2026-05-10' })).body.code,
    ).toBe('E0212');
  });

  it('refuses a payment applied before the month the lease starts, naming the lease start, on add and update', async () => {
    const { project, claim: c } = await claimOn(sb, '2026-05-05');
    const lease = project.rent?.startLease ?? '';
    const before = addMonths(lease, -1);
    for (const applyDate of ['2017-01-01', before]) {
      const res = await sb.call<ErrorEnvelope>('POST', `/v1/claims/${c.id}/payments`, { amount: 100, applyDate });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        {
          path: 'applyDate',
          message: `cannot be before the month the lease starts (${lease})`,
          rule: { key: 'beforeLeaseStart', params: { date: lease } },
        },
      ]);
    }
    expect((await sb.call<TenantPayment[]>('GET', `/v1/claims/${c.id}/payments`)).body).toEqual([]);
    const p = await sb.call<TenantPayment>('POST', `/v1/claims/${c.id}/payments`, { amount: 100, applyDate: `${lease.slice(0, 7)}-01` });
    expect(p.status).toBe(201);
    const moved = await sb.call<ErrorEnvelope>('PUT', `/v1/claims/${c.id}/payments/${p.body.id}`, { amount: 100, applyDate: before });
    expect(moved.body.details?.[0]?.path).toBe('applyDate');
  });

  it('redistributes a payment on an already-paid month over the other unpaid months, oldest first', async () => {
    const { claim: c } = await claimOn(sb, '2026-03-05');
    for (const d of ['2026-04-05', '2026-05-05'])
      await sb.call('POST', `/v1/claims/${c.id}/rentaldebts`, { rentAmount: 800, rentAmountReceived: 0, rentDueDate: d });
    const full = await sb.call<TenantPayment>('POST', `/v1/claims/${c.id}/payments`, { amount: 800, applyDate: '2026-04-20' });
    expect(full.body.allocations).toEqual([{ rentDueDate: '2026-04-01', amount: 800 }]);
    const spread = await sb.call<TenantPayment>('POST', `/v1/claims/${c.id}/payments`, { amount: 1000, applyDate: '2026-04-25' });
    expect(spread.body.allocations).toEqual([
      { rentDueDate: '2026-03-01', amount: 800 },
      { rentDueDate: '2026-05-01', amount: 200 },
    ]);
    const months = await debts(c.id);
    expect(months.map((m) => m.amountDue)).toEqual([0, 0, 600, 0].slice(0, months.length));
    expect(months.map((m) => m.status).slice(0, 2)).toEqual([50, 50]);
  });

  it('updates and deletes payments, re-spreading the months; unknown payment is E0233', async () => {
    const { claim: c } = await claimOn(sb, '2026-05-05');
    const p = await sb.call<TenantPayment>('POST', `/v1/claims/${c.id}/payments`, { amount: 300, applyDate: '2026-05-10' });
    expect((await debts(c.id))[0]?.amountDue).toBe(500);
    const upd = await sb.call<TenantPayment>('PUT', `/v1/claims/${c.id}/payments/${p.body.id}`, { amount: 800, applyDate: '2026-05-11' });
    expect(upd.body).toMatchObject({ amount: 800, applyDate: '2026-05-11' });
    expect((await debts(c.id))[0]).toMatchObject({ amountDue: 0, status: 50 });
    expect((await sb.call('DELETE', `/v1/claims/${c.id}/payments/${p.body.id}`)).status).toBe(200);
    expect((await debts(c.id))[0]).toMatchObject({ amountDue: 800, status: 13 });
    const gone = await sb.call<ErrorEnvelope>('DELETE', `/v1/claims/${c.id}/payments/${p.body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('E0233');
    expect(
      (await sb.call<ErrorEnvelope>('PUT', `/v1/claims/${c.id}/payments/${p.body.id}`, { amount: 5, applyDate: '2026-05-11' })).body.code,
    ).toBe('E0233');
  });
});

describe('a payment keeps its months (allocation fixed when recorded)', () => {
  it('stays where it was spread when later months are declared', async () => {
    const { claim: c } = await claimOn(sb, '2026-03-05');
    await sb.call('POST', `/v1/claims/${c.id}/rentaldebts`, { rentAmount: 800, rentAmountReceived: 0, rentDueDate: '2026-04-05' });
    // applies in May, which is not declared yet: it goes to the oldest unpaid month
    const p = await sb.call<TenantPayment>('POST', `/v1/claims/${c.id}/payments`, { amount: 150, applyDate: '2026-05-22' });
    expect(p.body.allocations).toEqual([{ rentDueDate: '2026-03-01', amount: 150 }]);
    expect(
      (await sb.call('POST', `/v1/claims/${c.id}/rentaldebts`, { rentAmount: 800, rentAmountReceived: 0, rentDueDate: '2026-05-05' }))
        .status,
    ).toBe(201);
    const after = (await sb.call<TenantPayment[]>('GET', `/v1/claims/${c.id}/payments`)).body;
    expect(after[0]?.allocations).toEqual([{ rentDueDate: '2026-03-01', amount: 150 }]);
    expect((await debts(c.id)).map((m) => m.amountDue)).toEqual([650, 800, 800, 0]);
  });

  it('re-spreads a payment when it is changed, never when a month’s amount is corrected', async () => {
    const { claim: c } = await claimOn(sb, '2026-03-05');
    const p = await sb.call<TenantPayment>('POST', `/v1/claims/${c.id}/payments`, { amount: 300, applyDate: '2026-04-10' });
    expect(p.body.allocations).toEqual([{ rentDueDate: '2026-03-01', amount: 300 }]);
    const april = await sb.call<RentalDebt>('POST', `/v1/claims/${c.id}/rentaldebts`, {
      rentAmount: 800,
      rentAmountReceived: 0,
      rentDueDate: '2026-04-05',
    });
    // a correction of April's amount leaves the payment on March, where it was recorded
    await sb.call('PUT', `/v1/claims/${c.id}/rentaldebts/${april.body.id}`, { rentAmount: 750, rentDueDate: '2026-04-05' });
    expect((await sb.call<TenantPayment[]>('GET', `/v1/claims/${c.id}/payments`)).body[0]?.allocations).toEqual([
      { rentDueDate: '2026-03-01', amount: 300 },
    ]);
    expect((await debts(c.id)).slice(0, 2).map((m) => m.amountDue)).toEqual([500, 750]);
    // changed, it is spread again: April, its apply month, is declared now
    const moved = await sb.call<TenantPayment>('PUT', `/v1/claims/${c.id}/payments/${p.body.id}`, { amount: 300, applyDate: '2026-04-10' });
    expect(moved.body.allocations).toEqual([{ rentDueDate: '2026-04-01', amount: 300 }]);
  });

  it('a corrected month changes that month alone: the tenant’s months stay paid, a late month stays blocked', async () => {
    const { claim: c } = await validatedClaim(sb, '2026-03-05', { rentAmount: 550 });
    const add = (rentDueDate: string) =>
      sb.call<RentalDebt>('POST', `/v1/claims/${c.id}/rentaldebts`, { rentAmount: 550, rentAmountReceived: 0, rentDueDate });
    const april = await add('2026-04-05');
    // paid for May before May was declared: it goes to March, which the tenant then has paid
    const paid = await sb.call<TenantPayment>('POST', `/v1/claims/${c.id}/payments`, { amount: 550, applyDate: '2026-05-10' });
    expect(paid.body.allocations).toEqual([{ rentDueDate: '2026-03-01', amount: 550 }]);
    const more = await sb.call<TenantPayment>('POST', `/v1/claims/${c.id}/payments`, { amount: 740, applyDate: '2026-04-20' });
    expect(more.body.allocations).toEqual([{ rentDueDate: '2026-04-01', amount: 740 }]);
    const payments = async () => (await sb.call<TenantPayment[]>('GET', `/v1/claims/${c.id}/payments`)).body.map((p) => p.allocations);
    const before = await payments();
    const figures = async () => (await debts(c.id)).slice(0, 3).map((m) => [m.rentAmount, m.tenantPaidAmount, m.amountDue, m.status]);
    try {
      // May declared past its deadline (45 days after the claim's opening): blocked for a late declaration
      await sb.call('POST', '/sandbox/clock', { today: '2026-08-10' });
      const may = await add('2026-05-05');
      expect(may.body.status).toBe(31);
      const fixed = await sb.call<RentalDebt>('PUT', `/v1/claims/${c.id}/rentaldebts/${may.body.id}`, {
        rentAmount: 560,
        rentDueDate: '2026-05-05',
      });
      expect(fixed.status).toBe(200);
      expect(await payments()).toEqual(before);
      expect(await figures()).toEqual([
        [550, 550, 0, 50],
        [550, 740, 0, 42],
        [560, 0, 560, 31],
      ]);
      // lowered below what came in: overpaid by the difference, and still no payment moves
      await sb.call('PUT', `/v1/claims/${c.id}/rentaldebts/${april.body.id}`, { rentAmount: 500, rentDueDate: '2026-04-05' });
      expect(await payments()).toEqual(before);
      expect((await figures())[1]).toEqual([500, 740, 0, 42]);
    } finally {
      await sb.call('POST', '/sandbox/clock', { today: '2026-06-15' });
    }
  });

  it('leaves the other payments where they are when one is deleted', async () => {
    const { claim: c } = await claimOn(sb, '2026-03-05');
    await sb.call('POST', `/v1/claims/${c.id}/rentaldebts`, { rentAmount: 800, rentAmountReceived: 0, rentDueDate: '2026-04-05' });
    const a = await sb.call<TenantPayment>('POST', `/v1/claims/${c.id}/payments`, { amount: 800, applyDate: '2026-03-10' });
    const b = await sb.call<TenantPayment>('POST', `/v1/claims/${c.id}/payments`, { amount: 200, applyDate: '2026-03-12' });
    expect(b.body.allocations).toEqual([{ rentDueDate: '2026-04-01', amount: 200 }]);
    await sb.call('DELETE', `/v1/claims/${c.id}/payments/${a.body.id}`);
    expect((await sb.call<TenantPayment[]>('GET', `/v1/claims/${c.id}/payments`)).body[0]?.allocations).toEqual([
      { rentDueDate: '2026-04-01', amount: 200 },
    ]);
  });
});

describe('whole claim lifecycle', () => {
  it('goes from creation to signed receipts and statistics', async () => {
    const { claim: c } = await claimOn(sb, '2026-03-05', { rentAmountReceived: 200, rentAmountReceivedDate: '2026-03-08' });
    await uploadClaimDocuments(sb, c.id);
    await sb.call('POST', `/v1/claims/${c.id}/apply`);
    expect((await debts(c.id))[0]?.status).toBe(13);
    const validated = await sb.call<Claim>('POST', `/sandbox/claims/${c.id}/validate`);
    expect(validated.body.status).toBe(30);
    expect((await sb.call<ErrorEnvelope>('POST', `/sandbox/claims/${c.id}/validate`)).body.code).toBe('E0200');
    await sb.call('POST', `/v1/claims/${c.id}/rentaldebts`, { rentAmount: 800, rentAmountReceived: 0, rentDueDate: '2026-04-05' });
    await sb.call('POST', `/v1/claims/${c.id}/rentaldebts`, {
      rentAmount: 800,
      rentAmountReceived: 100,
      rentAmountReceivedDate: '2026-05-06',
      rentDueDate: '2026-05-05',
    });
    let months = await debts(c.id);
    expect(months.map((m) => m.status)).toEqual([20, 12, 12, 10]);
    const [march, april] = months;
    expect((await sb.call<ErrorEnvelope>('POST', `/sandbox/claims/${c.id}/rentaldebts/${april?.id}/pay`)).body.code).toBe('E0200');
    const paid = await sb.call<RentalDebt>('POST', `/sandbox/claims/${c.id}/rentaldebts/${march?.id}/pay`);
    expect(paid.body).toMatchObject({ status: 40, guarantorPaidAmount: 600, amountDue: 0, receiptStatus: 1 });
    months = await debts(c.id);
    expect(months[1]?.status).toBe(11);
    const pending = await sb.call<RentalDebt[]>('GET', `/v1/claims/${c.id}/rentaldebts/pending-signature`);
    expect(pending.body.map((d) => d.id)).toEqual([march?.id]);
    const signed = await sb.call<RentalDebt>('POST', `/sandbox/claims/${c.id}/rentaldebts/${march?.id}/receipt/sign`);
    expect(signed.body.receiptStatus).toBe(2);
    expect(signed.body.receiptSignedAt).not.toBeNull();
    expect((await sb.call<RentalDebt[]>('GET', `/v1/claims/${c.id}/rentaldebts/pending-signature`)).body).toEqual([]);
    expect((await debts(c.id)).map((m) => m.status)).toEqual([40, 20, 12, 10]);
    const stats = await sb.call<ClaimStats>('GET', `/v1/claims/${c.id}/stats`);
    expect(stats.body).toMatchObject({
      monthsTotal: 4,
      monthsDeclared: 3,
      monthsToDeclare: 1,
      monthsPaid: 1,
      receiptsPendingSignature: 0,
      receiptsSigned: 1,
      paymentsCount: 1,
      totalRent: 2400,
      totalReceivedAtDeclaration: 100,
      totalTenantPayments: 200,
      totalPaidByGuarantor: 600,
      totalOutstanding: 1500,
    });
    expect(stats.body.byMonth.map((m) => m.month)).toEqual(['2026-03', '2026-04', '2026-05', '2026-06']);
    expect((await claim(c.id))?.amountOutstanding).toBe(1500);
  });
});
