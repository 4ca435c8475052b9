import { describe, expect, it } from 'vitest';
import type { Claim, TenantPayment } from '../../contract/claims.js';
import { addMonths } from '../../contract/dates.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import { claimBody, rentBody } from '../../sandbox/test/harness.js';
import { projectAt } from '../../sandbox/test/flows.js';
import { serverForTests } from '../test/harness.js';

const served = serverForTests('staff');

const reached = (path: string, since: number) => served.s.hits.slice(since).filter((h) => h.startsWith('POST') && h.includes(path));

describe('a body bound to a lease is checked against its start before it is forwarded', () => {
  it('a tenant payment applied before the month the lease starts is refused with the lease’s start, and never sent', async () => {
    const sb = served.s.sandbox;
    if (!sb) throw new Error('this test needs the embedded sandbox');
    const project = await projectAt(sb, 7);
    const lease = project.rent?.startLease ?? '';
    const created = await served.client.call<Claim>('POST', `/api/v1/projects/${project.id}/claims`, claimBody('2026-05-05'), {
      'idempotency-key': `lease-start-${project.id}`,
    });
    expect(created.status).toBe(201);
    const claimId = created.body.id;
    for (const applyDate of ['2017-01-01', addMonths(lease, -1)]) {
      const since = served.s.hits.length;
      const refused = await served.client.call<ErrorEnvelope>('POST', `/api/v1/claims/${claimId}/payments`, { amount: 190, applyDate });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('INVALID_REQUEST');
      expect(refused.body.details).toEqual([
        expect.objectContaining({ path: 'applyDate', rule: { key: 'beforeLeaseStart', params: { date: lease } } }),
      ]);
      expect(reached('/payments', since)).toEqual([]);
    }
    // from the lease's month, it goes through; changed to a date before it, refused the same way
    const paid = await served.client.call<TenantPayment>('POST', `/api/v1/claims/${claimId}/payments`, {
      amount: 190,
      applyDate: `${lease.slice(0, 7)}-01`,
    });
    expect(paid.status).toBe(201);
    const since = served.s.hits.length;
    const changed = await served.client.call<ErrorEnvelope>('PUT', `/api/v1/claims/${claimId}/payments/${paid.body.id}`, {
      amount: 190,
      applyDate: '2017-01-01',
    });
    expect(changed.status).toBe(400);
    expect(changed.body.details?.[0]?.path).toBe('applyDate');
    expect(served.s.hits.slice(since).filter((h) => h.startsWith('PUT'))).toEqual([]);
  });

  it('a claim whose first month is before the lease’s is refused the same way, before the partner is asked (a project not synced yet: its lease read from the partner)', async () => {
    const sb = served.s.sandbox;
    if (!sb) throw new Error('this test needs the embedded sandbox');
    // a lease that started today: May, within the months a claim may go back, is before it
    const project = await projectAt(sb, 2);
    const lease = '2026-06-15';
    expect((await sb.call('POST', `/v3/projects/${project.id}/rent`, rentBody(lease))).status).toBe(200);
    for (const step of ['rent/validate', 'payment/complete', 'signatures/tenant', 'signatures/owner'])
      expect((await sb.call('POST', `/sandbox/projects/${project.id}/${step}`)).status).toBe(200);
    const since = served.s.hits.length;
    const refused = await served.client.call<ErrorEnvelope>('POST', `/api/v1/projects/${project.id}/claims`, claimBody('2026-05-05'), {
      'idempotency-key': `lease-start-${project.id}`,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      expect.objectContaining({ path: 'rentDueDate', rule: { key: 'beforeLeaseStart', params: { date: lease } } }),
    ]);
    expect(reached('/claims', since)).toEqual([]);
  });
});
