import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../../contract/errors.js';
import type { GlobalSearch } from '../../contract/global-search.js';
import type { Claim } from '../../contract/claims.js';
import type { Project } from '../../contract/projects.js';
import { projectAt } from '../../sandbox/test/flows.js';
import { claimBody, projectBody, tenantNamed } from '../../sandbox/test/harness.js';
import { partnerShiftMs, startServer, type Client, type TestServer } from '../test/harness.js';

/** The global search over the read model, on the run's dialect (SQLite: FTS5 trigram; PostgreSQL: pg_trgm and unaccent). */
let s: TestServer;
let staff: Client;
let lukasz: Project;
let obrien: { project: Project; claim: Claim };

beforeAll(async () => {
  s = await startServer({ sandbox: { now: () => new Date('2026-06-15T10:00:00Z') } });
  const sb = s.sandbox;
  if (!sb) throw new Error('no sandbox');
  lukasz = await projectAt(sb, 0, projectBody(tenantNamed('Łukasz', 'Wiśniewski', 'lukasz.w@exemple.pl')));
  await projectAt(sb, 2, projectBody(tenantNamed('Nguyễn', 'Thị Minh', 'minh.nguyen@exemple.vn')));
  await projectAt(sb, 0, projectBody(tenantNamed('Marie', 'Leroy', 'marie.leroy@agence-sud.fr')));
  const seán = await projectAt(sb, 7, projectBody(tenantNamed('Seán', "O'Brien", 'sean.obrien@exemple.ie')));
  const c = await sb.call<Claim>(
    'POST',
    `/v1/projects/${seán.id}/claims`,
    claimBody('2026-03-05', { metadata: { externalReference: 'OB-77' } }),
  );
  obrien = { project: seán, claim: c.body };
  await s.sync.runInitial();
  staff = await s.signedIn('staff');
}, 60_000);
afterAll(() => s.close());

const find = async (c: Client, q: string) => {
  const res = await c.call<GlobalSearch>('GET', `/api/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.body;
};
const names = (hits: GlobalSearch['projects']) => hits.map((h) => h.tenant.lastName);

describe('global search', () => {
  it('ignores accents and case: "lukasz" finds Łukasz, "nguyen" and "Nguyễn" find Nguyễn', async () => {
    for (const q of ['lukasz', 'LUKASZ', 'Łukasz', 'wisniewski']) expect(names((await find(staff, q)).projects), q).toContain('Wiśniewski');
    for (const q of ['nguyen', 'Nguyễn', 'thi minh']) expect(names((await find(staff, q)).projects), q).toContain('Thị Minh');
  });

  it('ignores punctuation: "obrien" and "O\'Brien" find the claim and its project, with status and key figure', async () => {
    for (const q of ['obrien', "O'Brien", 'o brien']) {
      const r = await find(staff, q);
      expect(
        r.claims.map((h) => h.id),
        q,
      ).toContain(obrien.claim.id);
      expect(
        r.projects.map((h) => h.id),
        q,
      ).toContain(obrien.project.id);
    }
    const hit = (await find(staff, "o'brien")).claims.find((h) => h.id === obrien.claim.id);
    expect(hit).toMatchObject({ kind: 'claim', projectId: obrien.project.id, status: obrien.claim.status, reference: 'OB-77' });
    expect(typeof hit?.amount).toBe('number');
  });

  it('finds an e-mail by part, partial words, a reference, an id, and says when the data was read', async () => {
    expect(names((await find(staff, 'leroy@agence')).projects)).toEqual(['Leroy']);
    expect(names((await find(staff, 'agence-s')).projects)).toEqual(['Leroy']);
    expect(names((await find(staff, 'wisn')).projects)).toEqual(['Wiśniewski']);
    expect((await find(staff, 'ob-77')).claims.map((h) => h.id)).toEqual([obrien.claim.id]);
    expect((await find(staff, lukasz.id)).projects.map((h) => h.id)).toEqual([lukasz.id]);
    const r = await find(staff, 'rue de la paix');
    expect(r.projects.map((h) => h.id)).toContain(obrien.project.id);
    expect((r.asOf ?? 0) - (await partnerShiftMs(staff))).toBeGreaterThan(Date.now() - 60_000);
    expect(await find(staff, 'zzzzqqq')).toEqual({ claims: [], projects: [], asOf: null });
  });

  it('matches a field by its start under three letters', async () => {
    expect(names((await find(staff, 'ng')).projects)).toContain('Thị Minh');
    expect(names((await find(staff, 'ł')).projects)).toContain('Wiśniewski');
  });

  it('keeps an intermediary to what they may read: every claim, active contracts and projects with a claim only', async () => {
    const intermediary = await s.signedIn('intermediary');
    expect((await find(intermediary, 'lukasz')).projects).toEqual([]);
    expect((await find(intermediary, 'nguyen')).projects).toEqual([]);
    const r = await find(intermediary, 'obrien');
    expect(r.projects.map((h) => h.id)).toEqual([obrien.project.id]);
    expect(r.claims.map((h) => h.id)).toEqual([obrien.claim.id]);
  });

  it('refuses an empty or too long query with a message saying what to fix', async () => {
    for (const q of ['', '   ', 'x'.repeat(101)]) {
      const res = await staff.call<ErrorEnvelope>('GET', `/api/search?q=${q}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_REQUEST');
      expect(res.body.message).toMatch(/q/);
    }
    expect((await s.client().call('GET', '/api/search?q=leroy')).status).toBe(401);
  });
});
