import { describe, expect, it } from 'vitest';
import { ClaimFileListSchema, type ClaimFileList } from '../../contract/claim-files.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import { claimOn } from '../../sandbox/test/flows.js';
import { PDF_BYTES, PNG_BYTES } from '../../sandbox/test/harness.js';
import { serverForTests, type Client } from '../test/harness.js';
import { partnerToday } from '../../contract/dates.js';

const served = serverForTests('staff');

function form(documentType: string, bytes: Uint8Array<ArrayBuffer> | null, name: string, comment?: string): FormData {
  const f = new FormData();
  f.append('documentType', documentType);
  if (comment !== undefined) f.append('comment', comment);
  if (bytes) f.append('file', new Blob([bytes]), name);
  return f;
}

const files = async (c: Client, claimId: string) => {
  const res = await c.call<ClaimFileList>('GET', `/api/claims/${claimId}/files`);
  expect(res.status).toBe(200);
  return ClaimFileListSchema.parse(res.body);
};

describe('files sent to a claim', () => {
  it('lists what the partner accepted through this server, newest first, with who sent it; refusals are not listed', async () => {
    if (!served.s.sandbox) throw new Error('no sandbox');
    const { claim } = await claimOn(served.s.sandbox, '2026-05-05');
    expect(await files(served.client, claim.id)).toEqual({ items: [], total: 0 });

    const lease = await served.client.call(
      'POST',
      `/api/v1/claims/${claim.id}/documents`,
      form('1', PDF_BYTES, 'bail Łukasz.pdf', ' signé le 3 '),
    );
    expect(lease.status).toBe(201);
    const manager = await served.s.signedIn('manager');
    expect((await manager.call('POST', `/api/v1/claims/${claim.id}/documents`, form('5', PNG_BYTES, 'photo.png'))).status).toBe(201);
    // refused by this server (not a PDF/image) and by the partner (unknown type): nothing recorded
    expect(
      (await served.client.call('POST', `/api/v1/claims/${claim.id}/documents`, form('1', new TextEncoder().encode('hello'), 'x.pdf')))
        .status,
    ).toBe(400);
    expect(
      (await served.client.call<ErrorEnvelope>('POST', `/api/v1/claims/${claim.id}/documents`, form('99', PDF_BYTES, 'y.pdf'))).body.code,
    ).toBe('E0090');

    const list = await files(await served.s.signedIn('intermediary'), claim.id);
    expect(list.total).toBe(2);
    expect(list.items.map((f) => [f.fileName, f.documentType, f.contentType, f.size, f.comment, f.uploadedBy])).toEqual([
      ['photo.png', 5, 'image/png', PNG_BYTES.length, null, 'Marion Manager'],
      ['bail Łukasz.pdf', 1, 'application/pdf', PDF_BYTES.length, 'signé le 3', 'Samuel Staff'],
    ]);
    // dated on the sandbox's day (its clock is fixed at 15/06/2026 here), the time of day the real one
    // the sandbox's day, in Paris (also between 23:00 and midnight UTC)
    expect(partnerToday(new Date(list.items[0]?.uploadedAt ?? ''))).toBe('2026-06-15');
    // another claim's list is its own
    const other = await claimOn(served.s.sandbox, '2026-05-05');
    expect((await files(served.client, other.claim.id)).total).toBe(0);
  });

  it('bounds what it keeps and answers, and is for signed-in users with a claim id', async () => {
    if (!served.s.sandbox) throw new Error('no sandbox');
    const { claim } = await claimOn(served.s.sandbox, '2026-05-05');
    const longName = `${'n'.repeat(1000)}.pdf`;
    expect(
      (await served.client.call('POST', `/api/v1/claims/${claim.id}/documents`, form('2', PDF_BYTES, longName, 'c'.repeat(1000)))).status,
    ).toBe(201);
    const [file] = (await files(served.client, claim.id)).items;
    expect(file?.fileName.length).toBeLessThanOrEqual(255);
    expect(file?.comment?.length).toBeLessThanOrEqual(1000);
    expect((await served.s.client().call('GET', `/api/claims/${claim.id}/files`)).status).toBe(401);
    const bad = await served.client.call<ErrorEnvelope>('GET', '/api/claims/not-a-guid/files');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_REQUEST');
  });
});
