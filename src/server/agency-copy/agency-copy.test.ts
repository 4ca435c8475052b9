import { parse } from 'csv-parse/sync';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../contract/projects.js';
import type { GlobalSearch } from '../../contract/global-search.js';
import { projectBody, startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import { TEST_DIALECT, startServer, type Client, type TestServer } from '../test/harness.js';

/**
 * A partner whose project answers carry only what the spec shows (2.8: id, userId, status,
 * createDate, score, publicUrl…): the sandbox behind a proxy that drops the tenant's profile, the
 * referent and the metadata from every /v3/projects answer.
 */
function specOnlyPartner(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const strip = (p: Record<string, unknown>) => {
    delete p.profile;
    delete p.referent;
    delete p.metadata;
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const up = request(target + (req.url ?? ''), { method: req.method, headers: req.headers }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (c: Buffer) => body.push(c));
        answer.on('end', () => {
          let text = Buffer.concat(body).toString('utf8');
          if (/^\/v3\/projects(\/[0-9a-f-]{36})?(\?|$)/.test(req.url ?? '') && (answer.statusCode ?? 500) < 300 && text.startsWith('{')) {
            const value = JSON.parse(text) as Record<string, unknown>;
            if (Array.isArray(value.items)) for (const p of value.items as Record<string, unknown>[]) strip(p);
            else strip(value);
            text = JSON.stringify(value);
          }
          const headers = { ...answer.headers };
          delete headers['content-length'];
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(text);
        });
      });
      up.end(Buffer.concat(chunks));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

let sandbox: TestSandbox;
let partner: { url: string; close: () => Promise<void> };
let s: TestServer;
let staff: Client;
const sent = projectBody({
  profile: {
    gender: 1,
    firstName: 'Łukasz',
    lastName: 'Nguyễn',
    email: 'lukasz.nguyen@exemple.fr',
    dateOfBirth: '1988-02-03',
    phone: { phoneContryCode: 'FR', phoneOrigin: '0612345678', phoneFormated: '+33612345678' },
  },
  metadata: { source: 'dashboard', externalLeadId: 'DOSSIER-4521' },
});

beforeAll(async () => {
  sandbox = await startSandbox({ seed: false });
  partner = await specOnlyPartner(sandbox.url);
  s = await startServer({ sandboxUrl: partner.url });
  staff = await s.signedIn('staff');
}, 60_000);
afterAll(async () => {
  await s.close();
  await partner.close();
  await sandbox.close();
});

describe(`what the agency sent, when the partner's answers do not carry it (${TEST_DIALECT})`, () => {
  it('a project created here shows its tenant, contact details and reference everywhere: page, list, search, CSV', async () => {
    const created = await staff.call<Project>('POST', '/api/v3/projects', sent, { 'idempotency-key': 'agency-copy-1' });
    expect(created.status).toBe(201);
    // the creation's own answer (2.8 has no profile) comes back with what was sent
    expect(created.body.profile?.lastName).toBe('Nguyễn');
    const id = created.body.id;

    const page = await staff.call<Project>('GET', `/api/v3/projects/${id}`);
    expect(page.status).toBe(200);
    expect(page.body.profile).toMatchObject({ email: 'lukasz.nguyen@exemple.fr', dateOfBirth: '1988-02-03' });
    expect(page.body.profile.phone.phoneFormated).toBe('+33612345678');
    expect(page.body.metadata.externalLeadId).toBe('DOSSIER-4521');

    const list = await staff.call<{ items: Project[] }>('GET', '/api/v3/projects?page=1&pageSize=20');
    expect(list.status).toBe(200);
    expect(list.body.items.find((p) => p.id === id)?.profile.firstName).toBe('Łukasz');

    await s.sync.runInitial();
    for (const q of ['lukasz', 'DOSSIER-4521']) {
      const found = await staff.call<GlobalSearch>('GET', `/api/search?q=${encodeURIComponent(q)}`);
      expect(
        found.body.projects.map((p) => p.id.toLowerCase()),
        q,
      ).toContain(id.toLowerCase());
    }

    const csv = await staff.call('GET', '/api/exports/projects.csv?lang=fr');
    expect(csv.status).toBe(200);
    const rows = parse(csv.text.replace(/^\uFEFF/, ''), { delimiter: ';', columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r['Référence interne'] === 'DOSSIER-4521')).toBeDefined();
  });

  it('a project created elsewhere, whose answers carry no profile, is refused clearly: there is nothing to fill it from', async () => {
    // created directly at the partner: no copy here, and its answers carry no profile
    const direct = await sandbox.call<{ id: string }>('POST', '/v3/projects', projectBody());
    expect(direct.status).toBe(201);
    const res = await staff.call<{ code: string; message: string }>('GET', `/api/v3/projects/${direct.body.id}`);
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('UPSTREAM_INVALID');
  });
});
