import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../../contract/errors.js';
import { DeclarantSchema, type Declarant } from '../../contract/settings.js';
import { phone } from '../../sandbox/test/harness.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';

let s: TestServer;
let manager: Client;
beforeAll(async () => {
  s = await startServer({ sandbox: false });
  manager = await s.signedIn('manager');
});
afterAll(() => s.close());

const legalInfo = {
  gender: 2,
  firstName: 'Łukasz',
  lastName: 'Nguyễn 王小明',
  email: 'direction@agence.fr',
  phone,
  companyName: 'Agence du Centre',
  companyType: 'SAS',
  shareCapital: '10 000 €',
  address: { country: 'France', address: '3 rue Verte', zipCode: '31000', city: 'Toulouse' },
  rCSCity: 'Toulouse',
  rCSNumber: 'B 812 345 678',
  siren: '812345678',
};

describe('the declarant details', () => {
  it('are none until a manager saves them; then every role reads them, with who saved them', async () => {
    const empty = await manager.call('GET', '/api/settings/declarant');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ legalInfo: null, updatedAt: null, updatedBy: null });

    const saved = await manager.call<Declarant>('PUT', '/api/settings/declarant', { legalInfo });
    expect(saved.status).toBe(200);
    expect(DeclarantSchema.parse(saved.body)).toMatchObject({ legalInfo, updatedBy: 'Marion Manager' });
    for (const role of ['staff', 'intermediary'] as const) {
      const read = await (await s.signedIn(role)).call<Declarant>('GET', '/api/settings/declarant');
      expect(read.status).toBe(200);
      expect(read.body.legalInfo).toEqual(legalInfo);
    }
  });

  it('only managers change them, and not without the CSRF token; nobody signed out reads them', async () => {
    for (const role of ['staff', 'intermediary'] as const) {
      const res = await (await s.signedIn(role)).call<ErrorEnvelope>('PUT', '/api/settings/declarant', { legalInfo });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN_ROLE');
    }
    const forged = await manager.call<ErrorEnvelope>('PUT', '/api/settings/declarant', { legalInfo }, { 'x-csrf-token': 'wrong' });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('CSRF');
    const crossSite = await manager.call<ErrorEnvelope>(
      'PUT',
      '/api/settings/declarant',
      { legalInfo },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.body.code).toBe('CSRF');
    expect((await s.client().call('GET', '/api/settings/declarant')).status).toBe(401);
    expect((await s.client().call('PUT', '/api/settings/declarant', { legalInfo })).status).toBe(401);
  });

  it('refuses what the claim body would refuse, says which field, and keeps what was saved', async () => {
    const before = (await manager.call<Declarant>('GET', '/api/settings/declarant')).body;
    const bad: [unknown, string][] = [
      [{ ...legalInfo, siren: '81234' }, 'legalInfo.siren'],
      [{ ...legalInfo, email: 'not-an-email' }, 'legalInfo.email'],
      [{ ...legalInfo, firstName: '' }, 'legalInfo.firstName'],
      [{ ...legalInfo, companyName: 'x'.repeat(5000) }, 'legalInfo.companyName'],
      [{ ...legalInfo, phone: { phoneContryCode: 'FR', phoneFormated: '0612' } }, 'legalInfo.phone.phoneFormated'],
      [{ ...legalInfo, companyType: 'LLC' }, 'legalInfo.companyType'],
    ];
    for (const [body, path] of bad) {
      const res = await manager.call<ErrorEnvelope>('PUT', '/api/settings/declarant', { legalInfo: body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_REQUEST');
      expect(res.body.details?.map((d) => d.path)).toContain(path);
    }
    expect((await manager.call('PUT', '/api/settings/declarant', '{"legalInfo":')).status).toBe(400);
    expect((await manager.call('PUT', '/api/settings/declarant', [])).status).toBe(400);
    expect((await manager.call<Declarant>('GET', '/api/settings/declarant')).body).toEqual(before);
  });
});
