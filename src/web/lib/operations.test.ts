import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Project } from '../../contract/projects.js';
import { OPERATIONS } from '../../contract/paths.js';
import { requests, server } from '../test/server.js';
import { callOperation, operationUrl, uploadOperation, type OperationParams } from './operations.js';

const CLAIM = '6f1c8a52-3d0e-4b7a-9c1e-2a5d7b9e0c11';
const DEBT = '0b8f4e2a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const ok = { success: true };

describe('the typed client of the partner operations', () => {
  it('builds each path from the operation list, under /api, with encoded parameters', () => {
    expect(operationUrl('getProject', { id: CLAIM })).toBe(`/api/v3/projects/${CLAIM}`);
    expect(operationUrl('updateRentalDebt', { claimId: CLAIM, rentalDebtId: DEBT })).toBe(`/api/v1/claims/${CLAIM}/rentaldebts/${DEBT}`);
    expect(operationUrl('getCertificate', { id: 'a/../b' })).toBe('/api/v3/projects/a%2F..%2Fb/documents/certificate');
    expect(operationUrl('listClaims', {}, { page: 2, status: [10, 20], projectId: undefined, search: '' })).toBe(
      '/api/v1/claims?page=2&status=10&status=20',
    );
  });

  it('sends the method of the operation and answers what its response schema parsed', async () => {
    server.use(http.delete(`/api/v1/claims/${CLAIM}/payments/${DEBT}`, () => HttpResponse.json({ ...ok, extra: 'dropped' })));
    expect(await callOperation('deletePayment', { claimId: CLAIM, paymentId: DEBT })).toEqual(ok);
    expect(requests).toEqual([`DELETE /api/v1/claims/${CLAIM}/payments/${DEBT}`]);
  });

  it('refuses an answer that is not the operation’s (a list where one item was expected)', async () => {
    server.use(http.get(`/api/v3/projects/${CLAIM}`, () => HttpResponse.json([])));
    await expect(callOperation('getProject', { id: CLAIM })).rejects.toMatchObject({ code: 'UNKNOWN', status: 200 });
  });

  it('gives each call of a creating operation its own idempotency key unless the caller keeps one', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(`/api/v1/claims/${CLAIM}/payments`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({}, { status: 400 });
      }),
      http.post(`/api/v1/claims/${CLAIM}/apply`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json(ok);
      }),
    );
    const body = { amount: 10, applyDate: '2026-01-05' };
    await callOperation('addPayment', { claimId: CLAIM }, { body }).catch(() => undefined);
    await callOperation('addPayment', { claimId: CLAIM }, { body }).catch(() => undefined);
    await callOperation('addPayment', { claimId: CLAIM }, { body, idempotencyKey: 'form-key' }).catch(() => undefined);
    await callOperation('applyClaim', { claimId: CLAIM });
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys.slice(2)).toEqual(['form-key', null]);
  });

  it('uploads to the operation’s path as multipart/form-data and answers the document', async () => {
    const doc = {
      id: DEBT,
      documentType: 1,
      fileName: 'bail.pdf',
      contentType: 'application/pdf',
      size: 4,
      createdAt: '2026-01-05T10:00:00.000Z',
    };
    let received: string | null = null;
    server.use(
      http.post(`/api/v1/claims/${CLAIM}/documents`, async ({ request }) => {
        // read as text: request.formData() fails on Node 24 for what jsdom's XMLHttpRequest sends
        // (the file itself does not survive jsdom's XMLHttpRequest either; the e2e tests send real ones)
        const body = await request.text();
        const documentType = /name="documentType"\r\n\r\n([^\r]*)/.exec(body)?.[1];
        received = `${request.headers.get('content-type')?.split(';')[0]} ${String(documentType)}`;
        return HttpResponse.json(doc);
      }),
    );
    const form = new FormData();
    form.append('documentType', '1');
    form.append('file', new File(['%PDF'], 'bail.pdf', { type: 'application/pdf' }));
    expect(await uploadOperation('addClaimDocument', { claimId: CLAIM }, form, () => undefined)).toEqual(doc);
    expect(received).toBe('multipart/form-data 1');
  });

  it('types parameters from each path and answers from each schema', () => {
    expectTypeOf<OperationParams<'updateRentalDebt'>>().toEqualTypeOf<{ readonly claimId: string; readonly rentalDebtId: string }>();
    expectTypeOf(callOperation<'getProject'>).returns.resolves.toEqualTypeOf<Project>();
    // every operation of the list has its parameters named in its path, and they are all GUIDs
    for (const op of OPERATIONS) expect(op.path).toMatch(/^\/v[13](\/([a-z-]+|:[a-zA-Z]+))+$/);
  });
});
