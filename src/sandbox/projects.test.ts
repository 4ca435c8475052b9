import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGuid } from '../contract/common.js';
import type { Document, Project, ProjectPayment, RequiredDocument, ScoreResponse } from '../contract/projects.js';
import type { ErrorEnvelope } from '../contract/errors.js';
import { GIF_BYTES, JPEG_BYTES, PDF_BYTES, PNG_BYTES, projectBody, rentBody, startSandbox, type TestSandbox } from './test/harness.js';
import { projectAt, today } from './test/flows.js';
import { pdfText } from './test/pdf-text.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: false, now: () => new Date('2026-06-15T10:00:00Z') });
});
afterAll(() => sb.close());

const projectCount = async () => (await sb.call<{ total: number }>('GET', '/v3/projects')).body.total;

describe('pre-score (POST /v3/score)', () => {
  it('answers the deterministic score and eligibility at the 250 threshold', async () => {
    const ok = await sb.call<ScoreResponse>('POST', '/v3/score', { status: 4, monthlyIncome: 3000 });
    expect(ok.body).toEqual({ score: 1000, eligible: true });
    const edge = await sb.call<ScoreResponse>('POST', '/v3/score', { status: 4, monthlyIncome: 750 });
    expect(edge.body).toEqual({ score: 250, eligible: true });
    const low = await sb.call<ScoreResponse>('POST', '/v3/score', { status: 4, monthlyIncome: 747 });
    expect(low.body).toEqual({ score: 249, eligible: false });
  });
  it('requires status and monthlyIncome', async () => {
    const res = await sb.call<ErrorEnvelope>('POST', '/v3/score', { status: 4 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_REQUEST');
    expect(res.body.details?.map((d) => d.path)).toContain('monthlyIncome');
  });
});

describe('create project (POST /v3/projects)', () => {
  it('creates a project in status 0 with id, userId, score and publicUrl', async () => {
    const res = await sb.call<Project>('POST', '/v3/projects', projectBody());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 0, score: 1000 });
    expect(res.body.publicUrl).toContain(res.body.id);
    expect(isGuid(res.body.userId)).toBe(true);
  });

  it('always creates a new project, even for the same tenant email (no idempotency by email)', async () => {
    const a = await sb.call<Project>('POST', '/v3/projects', projectBody());
    const b = await sb.call<Project>('POST', '/v3/projects', projectBody());
    expect(a.body.id).not.toBe(b.body.id);
  });

  it('refuses finance.status missing, 13, or unknown (INVALID_REQUEST), writing nothing', async () => {
    const before = await projectCount();
    for (const finance of [{ monthlyIncome: 3000 }, { status: 13, monthlyIncome: 3000 }, { status: 99, monthlyIncome: 3000 }]) {
      const res = await sb.call<ErrorEnvelope>('POST', '/v3/projects', projectBody({ finance }));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_REQUEST');
      expect(res.body.details?.some((d) => d.path === 'finance.status')).toBe(true);
    }
    expect(await projectCount()).toBe(before);
  });

  it('requires contractPrecarious for CDD and interim statuses (2, 5, 6)', async () => {
    for (const status of [2, 5, 6]) {
      const res = await sb.call<ErrorEnvelope>('POST', '/v3/projects', projectBody({ finance: { status, monthlyIncome: 3000 } }));
      expect(res.body.details?.map((d) => d.path)).toContain('finance.contractPrecarious');
      const ok = await sb.call('POST', '/v3/projects', projectBody({ finance: { status, monthlyIncome: 3000, contractPrecarious: 1 } }));
      expect(ok.status).toBe(201);
    }
  });

  it('requires the pension for a retired tenant and scores on it, not on monthlyIncome', async () => {
    const missing = await sb.call<ErrorEnvelope>('POST', '/v3/projects', projectBody({ finance: { status: 14, monthlyIncome: 3000 } }));
    expect(missing.body.details?.map((d) => d.path)).toContain('finance.retirementPensionAmount');
    const ok = await sb.call<Project>(
      'POST',
      '/v3/projects',
      projectBody({ finance: { status: 14, monthlyIncome: 9000, retirementPensionAmount: 1500 } }),
    );
    expect(ok.body.score).toBe(500);
  });

  it('requires a referent and referentFinance for a student, and scores on the referent', async () => {
    const missing = await sb.call<ErrorEnvelope>('POST', '/v3/projects', projectBody({ finance: { status: 12, monthlyIncome: 300 } }));
    expect(missing.body.details?.map((d) => d.path)).toEqual(expect.arrayContaining(['referent', 'referentFinance']));
    const referent = projectBody().profile;
    const ok = await sb.call<Project>(
      'POST',
      '/v3/projects',
      projectBody({ finance: { status: 12, monthlyIncome: 300 }, referent, referentFinance: { status: 4, monthlyIncome: 4500 } }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.score).toBe(1500);
  });

  it('refuses a referent who is a student or retired', async () => {
    for (const status of [12, 14]) {
      const res = await sb.call<ErrorEnvelope>(
        'POST',
        '/v3/projects',
        projectBody({
          finance: { status: 12 },
          referent: projectBody().profile,
          referentFinance: { status, monthlyIncome: 4000, retirementPensionAmount: 4000 },
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.details?.map((d) => d.path)).toContain('referentFinance.status');
    }
  });

  it('refuses a tenant whose score is below 250 (NOT_ELIGIBLE) and creates nothing', async () => {
    const before = await projectCount();
    const res = await sb.call<ErrorEnvelope>('POST', '/v3/projects', projectBody({ finance: { status: 4, monthlyIncome: 600 } }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('NOT_ELIGIBLE');
    expect(await projectCount()).toBe(before);
  });

  it('validates the profile: email, date of birth, gender, E.164 phone', async () => {
    const res = await sb.call<ErrorEnvelope>(
      'POST',
      '/v3/projects',
      projectBody({
        profile: {
          gender: 3,
          firstName: '',
          lastName: 'X',
          email: 'not-an-email',
          dateOfBirth: '1990-02-30',
          phone: { phoneContryCode: 'France', phoneFormated: '0612345678' },
        },
      }),
    );
    expect(res.body.details?.map((d) => d.path).sort()).toEqual(
      [
        'profile.dateOfBirth',
        'profile.email',
        'profile.firstName',
        'profile.gender',
        'profile.phone.phoneContryCode',
        'profile.phone.phoneFormated',
      ].sort(),
    );
  });
});

describe('list and read projects', () => {
  it('paginates with page, pageSize and total, newest first by default', async () => {
    const total = await projectCount();
    const page1 = await sb.call<{ items: Project[]; page: number; pageSize: number; total: number }>(
      'GET',
      '/v3/projects?page=1&pageSize=2',
    );
    expect(page1.body).toMatchObject({ page: 1, pageSize: 2, total });
    expect(page1.body.items).toHaveLength(2);
    const dates = page1.body.items.map((p) => p.createDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const asc = await sb.call<{ items: Project[] }>('GET', '/v3/projects?sort=createDate&pageSize=100');
    expect(asc.body.items.map((p) => p.createDate)).toEqual([...asc.body.items.map((p) => p.createDate)].sort());
  });
  it('refuses pageSize above 100', async () => {
    expect((await sb.call<ErrorEnvelope>('GET', '/v3/projects?pageSize=101')).body.code).toBe('INVALID_REQUEST');
  });
  it('filters by several statuses and searches by name or email', async () => {
    await sb.call(
      'POST',
      '/v3/projects',
      projectBody({ profile: { ...projectBody().profile, firstName: 'Zoé', lastName: 'Unique', email: 'zoe.unique@exemple.fr' } }),
    );
    const byName = await sb.call<{ items: Project[] }>('GET', `/v3/projects?search=${encodeURIComponent('zoé uni')}`);
    expect(byName.body.items.map((p) => p.profile.email)).toEqual(['zoe.unique@exemple.fr']);
    const byEmail = await sb.call<{ items: Project[] }>('GET', '/v3/projects?search=ZOE.UNIQUE@');
    expect(byEmail.body.items).toHaveLength(1);
    const p1 = await projectAt(sb, 1);
    const both = await sb.call<{ items: Project[] }>('GET', '/v3/projects?status=0&status=1&pageSize=100');
    expect(new Set(both.body.items.map((p) => p.status))).toEqual(new Set([0, 1]));
    const one = await sb.call<{ items: Project[] }>('GET', '/v3/projects?status=1');
    expect(one.body.items.map((p) => p.id)).toContain(p1.id);
    expect(one.body.items.every((p) => p.status === 1)).toBe(true);
  });
  it('answers E0040 (404) for an unknown project', async () => {
    const res = await sb.call<ErrorEnvelope>('GET', '/v3/projects/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('E0040');
  });
});

describe('project documents', () => {
  it('lists the required documents with a provided flag, per tenant status', async () => {
    const p = await projectAt(sb, 0);
    const req = await sb.call<RequiredDocument[]>('GET', `/v3/projects/${p.id}/required`);
    expect(req.body.map((d) => d.documentType)).toEqual([1, 2, 3, 4, 5]);
    expect(req.body.every((d) => !d.provided)).toBe(true);
    await sb.upload(`/v3/projects/${p.id}/documents`, { documentType: '1', file: { name: 'id.png', bytes: PNG_BYTES } });
    const after = await sb.call<RequiredDocument[]>('GET', `/v3/projects/${p.id}/required`);
    expect(after.body.find((d) => d.documentType === 1)?.provided).toBe(true);
    const student = await projectAt(
      sb,
      0,
      projectBody({ finance: { status: 12 }, referent: projectBody().profile, referentFinance: { status: 4, monthlyIncome: 4000 } }),
    );
    expect((await sb.call<RequiredDocument[]>('GET', `/v3/projects/${student.id}/required`)).body.map((d) => d.documentType)).toEqual([
      1, 2, 5, 6, 7, 8,
    ]);
  });

  it('accepts PDF, JPEG, PNG and GIF by content, and lists and deletes them', async () => {
    const p = await projectAt(sb, 0);
    const files = [
      { name: 'a.pdf', bytes: PDF_BYTES, type: 'application/pdf' },
      { name: 'b.jpg', bytes: JPEG_BYTES, type: 'image/jpeg' },
      { name: 'c.png', bytes: PNG_BYTES, type: 'image/png' },
      { name: 'd.gif', bytes: GIF_BYTES, type: 'image/gif' },
    ];
    for (const f of files) {
      const res = await sb.upload<{ contentType: string }>(`/v3/projects/${p.id}/documents`, {
        documentType: '1',
        file: { name: f.name, bytes: f.bytes },
      });
      expect(res.status).toBe(201);
      expect(res.body.contentType).toBe(f.type);
    }
    const list = await sb.call<{ id: string }[]>('GET', `/v3/projects/${p.id}/documents`);
    expect(list.body).toHaveLength(4);
    const del = await sb.call('DELETE', `/v3/projects/${p.id}/documents/${list.body[0]?.id}`);
    expect(del.status).toBe(200);
    expect((await sb.call<unknown[]>('GET', `/v3/projects/${p.id}/documents`)).body).toHaveLength(3);
  });

  it('refuses no file (E0142), a non-image named .pdf (E0144), an unknown type (E0090), 10 MB + 1 byte (E0145 / 413)', async () => {
    const p = await projectAt(sb, 0);
    const path = `/v3/projects/${p.id}/documents`;
    expect((await sb.upload<ErrorEnvelope>(path, { documentType: '1' })).body.code).toBe('E0142');
    const fake = await sb.upload<ErrorEnvelope>(path, {
      documentType: '1',
      file: { name: 'invoice.pdf', bytes: new TextEncoder().encode('hello, not a pdf'), type: 'application/pdf' },
    });
    expect(fake.body.code).toBe('E0144');
    expect((await sb.upload<ErrorEnvelope>(path, { documentType: '42', file: { name: 'a.pdf', bytes: PDF_BYTES } })).body.code).toBe(
      'E0090',
    );
    expect((await sb.upload<ErrorEnvelope>(path, { documentType: 'abc', file: { name: 'a.pdf', bytes: PDF_BYTES } })).body.code).toBe(
      'E0090',
    );
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF_BYTES);
    const tooBig = await sb.upload<ErrorEnvelope>(path, { documentType: '1', file: { name: 'big.pdf', bytes: big } });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('E0145');
    const exact = new Uint8Array(10 * 1024 * 1024);
    exact.set(PDF_BYTES);
    expect((await sb.upload(path, { documentType: '1', file: { name: 'max.pdf', bytes: exact } })).status).toBe(201);
    expect((await sb.call<unknown[]>('GET', `${path}`)).body).toHaveLength(1);
  });

  it('allows adding and deleting documents only in status 0 (PROJECT_STATUS)', async () => {
    const p = await projectAt(sb, 1);
    const res = await sb.upload<ErrorEnvelope>(`/v3/projects/${p.id}/documents`, {
      documentType: '1',
      file: { name: 'a.pdf', bytes: PDF_BYTES },
    });
    expect(res.body.code).toBe('PROJECT_STATUS');
    const docs = await sb.call<{ id: string }[]>('GET', `/v3/projects/${p.id}/documents`);
    expect((await sb.call<ErrorEnvelope>('DELETE', `/v3/projects/${p.id}/documents/${docs.body[0]?.id}`)).body.code).toBe('PROJECT_STATUS');
  });
});

describe('apply, rental information, payment, signatures', () => {
  it('refuses apply with required documents missing (DOCUMENTS_MISSING lists them) and keeps status 0', async () => {
    const p = await projectAt(sb, 0);
    await sb.upload(`/v3/projects/${p.id}/documents`, { documentType: '1', file: { name: 'a.pdf', bytes: PDF_BYTES } });
    const res = await sb.call<ErrorEnvelope>('POST', `/v3/projects/${p.id}/apply`);
    expect(res.body.code).toBe('DOCUMENTS_MISSING');
    expect(res.body.details?.map((d) => d.path)).toEqual(['documentType.2', 'documentType.3', 'documentType.4', 'documentType.5']);
    expect((await sb.call<Project>('GET', `/v3/projects/${p.id}`)).body.status).toBe(0);
  });

  it('walks a project from pre-score to active (status 0 → 7) with payment information on the way', async () => {
    const score = await sb.call<ScoreResponse>('POST', '/v3/score', { status: 4, monthlyIncome: 3000 });
    expect(score.body.eligible).toBe(true);
    const p = await projectAt(sb, 3);
    expect(p.status).toBe(3);
    expect(p.rent?.rentAmount).toBe(800);
    const before = await sb.call<ProjectPayment>('GET', `/v3/projects/${p.id}/payment`);
    expect(before.body).toMatchObject({ state: 'not_due', amount: 336, currency: 'EUR' });
    await sb.call('POST', `/sandbox/projects/${p.id}/rent/validate`);
    expect((await sb.call<ProjectPayment>('GET', `/v3/projects/${p.id}/payment`)).body.state).toBe('pending');
    await sb.call('POST', `/sandbox/projects/${p.id}/payment/complete`);
    const paid = await sb.call<ProjectPayment>('GET', `/v3/projects/${p.id}/payment`);
    expect(paid.body.state).toBe('paid');
    expect(paid.body.paidAt).not.toBeNull();
    await sb.call('POST', `/sandbox/projects/${p.id}/signatures/tenant`);
    expect((await sb.call<Project>('GET', `/v3/projects/${p.id}`)).body.status).toBe(6);
    await sb.call('POST', `/sandbox/projects/${p.id}/signatures/owner`);
    expect((await sb.call<Project>('GET', `/v3/projects/${p.id}`)).body.status).toBe(7);
  });

  it('allows rental information only in status 2 (PROJECT_STATUS)', async () => {
    const p = await projectAt(sb, 1);
    const res = await sb.call<ErrorEnvelope>('POST', `/v3/projects/${p.id}/rent`, rentBody(await today(sb)));
    expect(res.body.code).toBe('PROJECT_STATUS');
  });

  it('refuses a rent the score does not cover (SCORE_TOO_LOW): rentAmount alone, personalRentAmount when shared', async () => {
    const p = await projectAt(sb, 2);
    const t = await today(sb);
    expect((await sb.call<ErrorEnvelope>('POST', `/v3/projects/${p.id}/rent`, rentBody(t, { rentAmount: 1001 }))).body.code).toBe(
      'SCORE_TOO_LOW',
    );
    expect(
      (
        await sb.call<ErrorEnvelope>(
          'POST',
          `/v3/projects/${p.id}/rent`,
          rentBody(t, { rentAmount: 1500, rentAlone: 1, personalRentAmount: 1001 }),
        )
      ).body.code,
    ).toBe('SCORE_TOO_LOW');
    expect(
      (await sb.call('POST', `/v3/projects/${p.id}/rent`, rentBody(t, { rentAmount: 1800, rentAlone: 2, personalRentAmount: 1000 })))
        .status,
    ).toBe(200);
  });

  it('applies the conditional rules of rental information', async () => {
    const p = await projectAt(sb, 2);
    const t = await today(sb);
    const check = async (overrides: Record<string, unknown>, path: string) => {
      const res = await sb.call<ErrorEnvelope>('POST', `/v3/projects/${p.id}/rent`, rentBody(t, overrides));
      expect(res.body.code).toBe('INVALID_REQUEST');
      expect(res.body.details?.map((d) => d.path)).toContain(path);
    };
    await check({ ownerType: 1 }, 'ownerOrganizationName');
    await check({ rentAlone: 1 }, 'personalRentAmount');
    await check({ rentAlone: 2, personalRentAmount: 0 }, 'personalRentAmount');
    await check({ bailType: 4 }, 'theoreticalEndLease');
    await check({ rentAmount: 0 }, 'rentAmount');
    await check({ startLease: '2026-06-14' }, 'startLease');
    await check(
      { owner: { firstName: 'P', lastName: 'P', email: 'p@e.fr', phone: { phoneContryCode: 'FR', phoneOrigin: '06' } } },
      'owner.phone.phoneFormated',
    );
    await check({ ownerAddress: { country: 'France', zipCode: '75002', city: 'Paris' } }, 'ownerAddress.address');
    expect((await sb.call<Project>('GET', `/v3/projects/${p.id}`)).body.status).toBe(2);
    const ok = await sb.call(
      'POST',
      `/v3/projects/${p.id}/rent`,
      rentBody(t, { bailType: 4, theoreticalEndLease: '2026-12-15', ownerType: 1, ownerOrganizationName: 'Agence' }),
    );
    expect(ok.status).toBe(200);
  });

  it('refuses back-office steps from the wrong status (PROJECT_STATUS) and can reject documents with a reason', async () => {
    const p = await projectAt(sb, 1);
    expect((await sb.call<ErrorEnvelope>('POST', `/sandbox/projects/${p.id}/signatures/owner`)).body.code).toBe('PROJECT_STATUS');
    const rejected = await sb.call<Project>('POST', `/sandbox/projects/${p.id}/documents/reject`, { reason: 'Avis illisible' });
    expect(rejected.body).toMatchObject({ status: 0, rejectionReason: 'Avis illisible' });
  });

  it('marks the refused files: their type is missing until replaced, apply waits for it, other files stay accepted', async () => {
    const p = await projectAt(sb, 1);
    const required = async () => (await sb.call<RequiredDocument[]>('GET', `/v3/projects/${p.id}/required`)).body;
    const files = async () => (await sb.call<Document[]>('GET', `/v3/projects/${p.id}/documents`)).body;
    expect(
      (await sb.call('POST', `/sandbox/projects/${p.id}/documents/reject`, { reason: 'Avis illisible', documentTypes: [2] })).status,
    ).toBe(200);
    expect((await required()).find((d) => d.documentType === 2)).toMatchObject({ provided: false, refused: true });
    expect((await required()).filter((d) => d.documentType !== 2).every((d) => d.provided && !d.refused)).toBe(true);
    expect((await files()).map((f) => [f.documentType, f.refused ?? false])).toEqual(
      (await files()).map((f) => [f.documentType, f.documentType === 2]),
    );
    const apply = await sb.call<ErrorEnvelope>('POST', `/v3/projects/${p.id}/apply`);
    expect(apply.body).toMatchObject({ code: 'DOCUMENTS_MISSING', details: [{ path: 'documentType.2' }] });
    const up = await sb.upload(`/v3/projects/${p.id}/documents`, { documentType: '2', file: { name: 'avis.pdf', bytes: PDF_BYTES } });
    expect(up.status).toBe(201);
    expect((await required()).find((d) => d.documentType === 2)).toMatchObject({ provided: true, refused: false });
    expect((await sb.call('POST', `/v3/projects/${p.id}/apply`)).status).toBe(200);
  });

  it('refuses every file when the rejection names no type', async () => {
    const p = await projectAt(sb, 1);
    await sb.call('POST', `/sandbox/projects/${p.id}/documents/reject`, { reason: 'Dossier incomplet' });
    const required = (await sb.call<RequiredDocument[]>('GET', `/v3/projects/${p.id}/required`)).body;
    expect(required.every((d) => !d.provided && d.refused)).toBe(true);
  });

  it('keeps the reason given with a status (why a project is not eligible)', async () => {
    const p = await projectAt(sb, 2);
    const res = await sb.call<Project>('POST', `/sandbox/projects/${p.id}/status`, { status: 14, reason: 'Revenus non justifiés' });
    expect(res.body).toMatchObject({ status: 14, rejectionReason: 'Revenus non justifiés' });
  });
});

describe('eligibility certificate', () => {
  it('is a real PDF while the project is eligible', async () => {
    const p = await projectAt(sb, 2);
    const res = await sb.call('GET', `/v3/projects/${p.id}/documents/certificate`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(res.raw);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Alice Testeur');
    expect(text).toContain('1 000 EUR');
  });
  it('answers NOT_ELIGIBLE for a project in status 14', async () => {
    const p = await projectAt(sb, 0);
    await sb.call('POST', `/sandbox/projects/${p.id}/status`, { status: 14 });
    expect((await sb.call<ErrorEnvelope>('GET', `/v3/projects/${p.id}/documents/certificate`)).body.code).toBe('NOT_ELIGIBLE');
  });
});
