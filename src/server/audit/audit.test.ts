import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  AUDIT_PENDING,
  AUDIT_PENDING_LABEL,
  AuditPageSchema,
  AuditVerifySchema,
  type AuditPage,
  type AuditRecord,
  type AuditVerify,
} from '../../contract/audit.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import { projectAt } from '../../sandbox/test/flows.js';
import { PDF_BYTES, claimBody, projectBody } from '../../sandbox/test/harness.js';
import { auditVerify } from './audit-verify.js';
import { openDatabase, type OpenedDatabase } from '../db/db.js';
import { startServer, uploadForm, TEST_DIALECT, type Client, type TestServer } from '../test/harness.js';

let s: TestServer;
let manager: Client;
let staff: Client;
/** A second connection to the server's database, as someone with access to it would have. */
let direct: OpenedDatabase;
beforeAll(async () => {
  s = await startServer({ sandbox: { now: () => new Date('2026-06-15T10:00:00Z') } });
  // the exports answer from the read model once its first sync has completed
  await s.sync.runInitial();
  manager = await s.signedIn('manager');
  staff = await s.signedIn('staff');
  direct = openDatabase({ dataDir: s.config.dataDir, databaseUrl: s.config.databaseUrl });
});
afterAll(async () => {
  await direct.close();
  await s.close();
});

const trail = async (query: string, c: Client = manager): Promise<AuditPage> => {
  const res = await c.call<AuditPage>('GET', `/api/audit?${query}`);
  expect(res.status).toBe(200);
  return AuditPageSchema.parse(res.body);
};
const line = (r: AuditRecord) => [r.operation, r.actorName, r.actorRole, r.result, r.details];

describe('the audit trail records', () => {
  it('every step of a claim journey with the person who made it and what identifies the change, never a body', async () => {
    if (!s.sandbox) throw new Error('no sandbox');
    const project = await projectAt(s.sandbox, 7);
    const opened = await staff.call<{ id: string }>('POST', `/api/v1/projects/${project.id}/claims`, claimBody('2026-03-05'));
    expect(opened.status).toBe(201);
    const claimId = opened.body.id;
    const up = await staff.call(
      'POST',
      `/api/v1/claims/${claimId}/documents`,
      uploadForm({ documentType: '1' }, PDF_BYTES, 'bail signé.pdf'),
    );
    expect(up.status).toBe(201);
    const month = await manager.call('POST', `/api/v1/claims/${claimId}/rentaldebts`, { rentAmount: 812.5, rentDueDate: '2026-04-05' });
    expect(month.status).toBe(201);
    const paid = await staff.call<{ id: string }>('POST', `/api/v1/claims/${claimId}/payments`, { amount: 120, applyDate: '2026-06-01' });
    expect(paid.status).toBe(201);
    expect((await staff.call('DELETE', `/api/v1/claims/${claimId}/payments/${paid.body.id}`)).status).toBe(200);
    // refused by the partner: recorded with its code
    const twice = await manager.call<ErrorEnvelope>('POST', `/api/v1/claims/${claimId}/rentaldebts`, {
      rentAmount: 800,
      rentDueDate: '2026-04-05',
    });
    expect(twice.status).toBeGreaterThanOrEqual(400);
    expect((await manager.call('GET', `/api/claims/${claimId}/statement.csv?lang=fr`)).status).toBe(200);

    const page = await trail(`claimId=${claimId}`);
    expect(page.items.map(line).reverse()).toEqual([
      ['createClaim', 'Samuel Staff', 'staff', 'success', { month: '2026-03', rentAmount: 800 }],
      ['addClaimDocument', 'Samuel Staff', 'staff', 'success', { documentType: '1', fileName: 'bail signé.pdf' }],
      ['addRentalDebt', 'Marion Manager', 'manager', 'success', expect.objectContaining({ month: '2026-04', rentAmount: 812.5 })],
      ['addPayment', 'Samuel Staff', 'staff', 'success', { amount: 120, applyDate: '2026-06-01', paymentId: paid.body.id }],
      ['deletePayment', 'Samuel Staff', 'staff', 'success', { paymentId: paid.body.id, amount: 120, applyDate: '2026-06-01' }],
      ['addRentalDebt', 'Marion Manager', 'manager', twice.body.code, { month: '2026-04', rentAmount: 800 }],
      ['downloadStatementCsv', 'Marion Manager', 'manager', 'success', {}],
    ]);
    expect(page.items.every((r) => r.actorId && r.requestId && r.address === '127.0.0.1')).toBe(true);
    // the claim's opening is on the project's history too, with the new claim's id
    const history = await staff.call<AuditPage>('GET', `/api/audit/history?projectId=${project.id}`);
    expect(history.status).toBe(200);
    expect(history.body.items.map((r) => [r.operation, r.claimId])).toEqual([['createClaim', claimId]]);
    // never a whole body: nothing of the declarant, the owner or the tenant
    const all = JSON.stringify((await trail('pageSize=100')).items);
    for (const secret of ['Lambert', 'sophie@agence.fr', 'owner@exemple.fr', 'REF-1']) expect(all).not.toContain(secret);
  });

  it('a tenant payment changed or deleted: which one it was (its amount and date as they were), and what it became', async () => {
    if (!s.sandbox) throw new Error('no sandbox');
    const project = await projectAt(s.sandbox, 7);
    const opened = await staff.call<{ id: string }>('POST', `/api/v1/projects/${project.id}/claims`, claimBody('2026-05-05'));
    const claimId = opened.body.id;
    const paid = await staff.call<{ id: string }>('POST', `/api/v1/claims/${claimId}/payments`, { amount: 190, applyDate: '2026-06-05' });
    expect(paid.status).toBe(201);
    const path = `/api/v1/claims/${claimId}/payments/${paid.body.id}`;
    expect((await staff.call('PUT', path, { amount: 200, applyDate: '2026-06-06' })).status).toBe(200);
    expect((await staff.call('DELETE', path)).status).toBe(200);
    const page = await trail(`claimId=${claimId}&operation=updatePayment`);
    expect(page.items.map(line)).toEqual([
      [
        'updatePayment',
        'Samuel Staff',
        'staff',
        'success',
        { paymentId: paid.body.id, amount: 200, applyDate: '2026-06-06', previousAmount: 190, previousApplyDate: '2026-06-05' },
      ],
    ]);
    expect((await trail(`claimId=${claimId}&operation=deletePayment`)).items.map(line)).toEqual([
      ['deletePayment', 'Samuel Staff', 'staff', 'success', { paymentId: paid.body.id, amount: 200, applyDate: '2026-06-06' }],
    ]);
  });

  it('a partner write before it is sent, then its outcome: one line once answered; an attempt without an outcome reads as sent, outcome unknown', async () => {
    if (!s.sandbox) throw new Error('no sandbox');
    const project = await projectAt(s.sandbox, 7);
    const opened = await staff.call<{ id: string }>('POST', `/api/v1/projects/${project.id}/claims`, claimBody('2026-03-05'), {
      'x-request-id': 'attempt-then-outcome',
    });
    expect(opened.status).toBe(201);
    const claimId = opened.body.id;
    // stored: the attempt (no claim yet, result pending) and the outcome naming it
    const { rows } = await sql<{ seq: number; result: string; status: number; claim_id: string | null; outcome_of: number | null }>`
      SELECT seq, result, status, claim_id, outcome_of FROM audit_log WHERE request_id = 'attempt-then-outcome' ORDER BY seq`.execute(
      direct.db,
    );
    expect(rows.map((r) => [r.result, Number(r.status), r.claim_id])).toEqual([
      [AUDIT_PENDING, 0, null],
      ['success', 201, claimId],
    ]);
    expect(Number(rows[1]?.outcome_of)).toBe(Number(rows[0]?.seq));
    // read: one line, the outcome
    expect((await trail('pageSize=100')).items.filter((r) => r.requestId === 'attempt-then-outcome').map((r) => r.result)).toEqual([
      'success',
    ]);

    // a write sent whose outcome could not be recorded (the disk full, the database gone, the server killed)
    await s.stores.audit.append({
      actorId: 'staff@demo-agency.fr',
      actorName: 'Samuel Staff',
      actorRole: 'staff',
      operation: 'addPayment',
      projectId: null,
      claimId,
      details: { amount: 300, applyDate: '2026-06-01' },
      result: AUDIT_PENDING,
      status: 0,
      requestId: 'sent-no-outcome',
      address: '127.0.0.1',
    });
    const page = await trail(`claimId=${claimId}`);
    expect(page.items.map((r) => [r.operation, r.result])).toEqual([
      ['addPayment', AUDIT_PENDING],
      ['createClaim', 'success'],
    ]);
    expect(page.total).toBe(2);
    const history = await staff.call<AuditPage>('GET', `/api/audit/history?claimId=${claimId}`);
    expect(history.body.items.map((r) => r.result)).toEqual([AUDIT_PENDING, 'success']);
    const csv = (await manager.call('GET', `/api/exports/audit.csv?claimId=${claimId}&lang=fr`)).text;
    expect(csv.split('\r\n').find((l) => l.includes('sent-no-outcome'))).toContain(AUDIT_PENDING_LABEL.fr);
    expect(AuditVerifySchema.parse((await manager.call('GET', '/api/audit/verify')).body).intact).toBe(true);
  });

  it('names the tenant of each file as the read model knows them, filters by that name, and keeps what was received at declaration', async () => {
    if (!s.sandbox) throw new Error('no sandbox');
    const profile = { ...projectBody().profile, firstName: 'Łukasz', lastName: 'Nguyễn', email: 'lukasz.nguyen@exemple.fr' };
    const project = await projectAt(s.sandbox, 7, projectBody({ profile }));
    const opened = await staff.call<{ id: string }>('POST', `/api/v1/projects/${project.id}/claims`, claimBody('2026-03-05'));
    expect(opened.status).toBe(201);
    const claimId = opened.body.id;
    const month = await staff.call('POST', `/api/v1/claims/${claimId}/rentaldebts`, {
      rentAmount: 780,
      rentAmountReceived: 100,
      rentAmountReceivedDate: '2026-04-10',
      rentDueDate: '2026-04-05',
    });
    expect(month.status).toBe(201);
    await s.sync.syncProject(project.id);
    await s.sync.syncClaim(claimId);
    const tenant = `${project.profile.firstName} ${project.profile.lastName}`;

    // the tenant's name is read with the trail, from the files: on the claim's records and the project's
    const byName = await trail(`tenant=${encodeURIComponent('NGUYEN')}&pageSize=100`);
    expect(byName.items.map((r) => [r.operation, r.tenant])).toEqual([
      ['addRentalDebt', tenant],
      ['createClaim', tenant],
    ]);
    expect(byName.items[0]?.details).toEqual(
      expect.objectContaining({ month: '2026-04', rentAmount: 780, rentAmountReceived: 100, rentAmountReceivedDate: '2026-04-10' }),
    );
    // nothing was received of the opening month: nothing of it is recorded
    expect(byName.items[1]?.details).toEqual({ month: '2026-03', rentAmount: 800 });
    // a name no file has finds nothing; the records of no file name nobody
    expect((await trail('tenant=zzzz-nobody')).total).toBe(0);
    expect((await trail('operation=signIn')).items.every((r) => r.tenant === null)).toBe(true);
    // the CSV names the tenant too
    const csv = await manager.call('GET', `/api/exports/audit.csv?claimId=${claimId}&lang=fr`);
    const [header, ...rows] = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const column = header?.split(';').indexOf('Locataire') ?? -1;
    expect(column).toBeGreaterThan(0);
    expect(rows.map((r) => r.split(';')[column])).toEqual([tenant, tenant]);
  });

  it('exports each record in the words the audit page shows, in the reader’s language: no raw value, no machine id', async () => {
    if (!s.sandbox) throw new Error('no sandbox');
    const project = await projectAt(s.sandbox, 7);
    const opened = await staff.call<{ id: string }>('POST', `/api/v1/projects/${project.id}/claims`, claimBody('2026-03-05'));
    const claimId = opened.body.id;
    const declared = { rentAmount: 800.75, rentAmountReceived: 100, rentAmountReceivedDate: '2026-04-10', rentDueDate: '2026-04-05' };
    expect((await manager.call('POST', `/api/v1/claims/${claimId}/rentaldebts`, declared)).status).toBe(201);
    expect((await manager.call('POST', `/api/v1/claims/${claimId}/rentaldebts`, declared)).status).toBeGreaterThanOrEqual(400);
    const plain = (t: string) => t.replace(/[\u00a0\u202f]/g, ' ');
    const sheet = async (lang: 'fr' | 'en') => {
      const res = await manager.call('GET', `/api/exports/audit.csv?claimId=${claimId}&operation=addRentalDebt&lang=${lang}`);
      const [header = [], ...rows] = parse(plain(res.text), { delimiter: lang === 'fr' ? ';' : ',', bom: true }) as string[][];
      return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
    };
    const [refused, done] = await sheet('fr');
    expect(done).toMatchObject({
      Opération: 'Mois d’avril 2026 déclaré (800,75 €)',
      Détails: 'Mois : avril 2026 · Loyer : 800,75 € · Déjà reçu du locataire : 100,00 € · Reçu le : 10/04/2026',
      Résultat: 'Réussi',
      Personne: 'Marion Manager',
      Rôle: 'Responsable',
    });
    expect(refused?.Résultat).toMatch(/^Refusé : [A-ZÀ-Ý].+\.$/);
    expect(Object.values(done ?? {}).join(' ')).not.toMatch(/rentalDebtId|rentAmount=|month=|success/);
    const [, doneEn] = await sheet('en');
    expect(doneEn).toMatchObject({
      Operation: 'Month of April 2026 declared (€800.75)',
      Details: 'Month: April 2026 · Rent: €800.75 · Already received from the tenant: €100.00 · Received on: 10/04/2026',
      Result: 'Done',
      Role: 'Manager',
    });
    // the time is the record's own, in Paris, and said so
    expect(Object.keys(done ?? {})[1]).toBe('Date (heure réelle de Paris, hors horloge du bac à sable)');
    expect(done?.['Date (heure réelle de Paris, hors horloge du bac à sable)']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  });

  it('sign-ins (success and failure, never the password), sign-outs, refusals and exports', async () => {
    const c = s.client();
    expect(await c.login('staff@demo-agency.fr', 'not-the-password-42')).toBe(401);
    expect(await c.login('nobody@demo-agency.fr', 'whatever-it-is')).toBe(401);
    expect(await c.login('staff@demo-agency.fr')).toBe(200);
    expect((await c.call('POST', '/api/v3/projects', projectBody())).status).toBe(201);
    const intermediary = await s.signedIn('intermediary');
    expect((await intermediary.call('POST', '/api/v3/projects', projectBody())).status).toBe(403);
    expect((await c.call('GET', '/api/exports/claims.csv?status=10&status=20&lang=en')).status).toBe(200);
    expect((await c.call('POST', '/api/logout')).status).toBe(200);

    const signIns = await trail('operation=signIn&pageSize=100');
    const [ok, unknown, wrong] = signIns.items.filter((r) => r.actorId !== 'intermediary@demo-agency.fr');
    expect([ok, unknown, wrong].map((r) => r && [r.actorId, r.actorName, r.result, r.status])).toEqual([
      ['staff@demo-agency.fr', 'Samuel Staff', 'success', 200],
      ['nobody@demo-agency.fr', null, 'INVALID_CREDENTIALS', 401],
      ['staff@demo-agency.fr', 'Samuel Staff', 'INVALID_CREDENTIALS', 401],
    ]);
    const recent = (await trail('pageSize=6')).items.slice(0, 5).map((r) => [r.operation, r.actorName, r.result, r.details]);
    expect(recent).toEqual([
      ['signOut', 'Samuel Staff', 'success', {}],
      ['exportClaims', 'Samuel Staff', 'success', { status: '10,20' }],
      ['createProject', 'Inès Intermédiaire', 'FORBIDDEN_ROLE', {}],
      ['signIn', 'Inès Intermédiaire', 'success', {}],
      ['createProject', 'Samuel Staff', 'success', {}],
    ]);
    const created = (await trail('operation=createProject')).items.find((r) => r.result === 'success');
    expect(created?.projectId).toMatch(/^[0-9a-f-]{36}$/);
    const everything = JSON.stringify((await trail('pageSize=100')).items);
    expect(everything).not.toContain('not-the-password-42');
    expect(everything).not.toContain('sandbox-demo');
  });

  it('is read by managers only, filtered and paged by the server; the CSV has exactly the rows of the filters', async () => {
    for (const role of ['staff', 'intermediary'] as const) {
      const c = await s.signedIn(role);
      for (const path of ['/api/audit', '/api/audit/verify', '/api/audit/actors', '/api/exports/audit.csv']) {
        const res = await c.call<ErrorEnvelope>('GET', path);
        expect([path, res.status, res.body.code]).toEqual([path, 403, 'FORBIDDEN_ROLE']);
      }
    }
    const bad = await manager.call<ErrorEnvelope>('GET', '/api/audit?operation=dropTable&from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_REQUEST');

    const filter = 'actor=staff@demo-agency.fr&operation=signIn';
    const first = await trail(`${filter}&pageSize=1&page=1`);
    const second = await trail(`${filter}&pageSize=1&page=2`);
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(first.items[0]?.seq).toBeGreaterThan(second.items[0]?.seq ?? Infinity);
    const today = new Date().toISOString().slice(0, 10);
    expect((await trail(`${filter}&from=${today}&to=${today}`)).total).toBe(first.total);
    expect((await trail(`${filter}&to=2020-01-01`)).total).toBe(0);

    const csv = await manager.call('GET', `/api/exports/audit.csv?${filter}&lang=fr`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toContain('Personne;Identifiant;Rôle;Opération');
    const all = await trail(`${filter}&pageSize=100`);
    expect(rows.slice(1).map((r) => Number(r.split(';')[0]))).toEqual(all.items.map((r) => r.seq));
    expect(rows.slice(1).every((r) => r.includes(';Connexion;'))).toBe(true);
    // the export itself is in the trail, with the filters it was given
    const exported = (await trail('operation=exportAudit')).items[0];
    expect(exported?.details).toEqual({ actor: 'staff@demo-agency.fr', operation: 'signIn' });
    const actors = await manager.call<{ items: { id: string; name: string }[] }>('GET', '/api/audit/actors');
    expect(actors.body.items).toContainEqual({ id: 'staff@demo-agency.fr', name: 'Samuel Staff' });
  });

  it('settings changes and back-office steps', async () => {
    if (!s.sandbox) throw new Error('no sandbox');
    const legalInfo = {
      firstName: 'Ana',
      lastName: 'Lys',
      email: 'ana@agence.fr',
      phone: { phoneContryCode: 'FR', phoneFormated: '+33612345678' },
    };
    expect((await manager.call('PUT', '/api/settings/declarant', { legalInfo })).status).toBe(200);
    expect((await staff.call('PUT', '/api/settings/declarant', { legalInfo })).status).toBe(403);
    const project = await projectAt(s.sandbox, 1);
    expect((await staff.call('POST', `/api/sandbox/projects/${project.id}/documents/validate`)).status).toBe(200);
    const settings = (await trail('operation=updateDeclarant')).items.map((r) => [r.actorName, r.result]);
    expect(settings).toEqual([
      ['Samuel Staff', 'FORBIDDEN_ROLE'],
      ['Marion Manager', 'success'],
    ]);
    const step = (await trail(`projectId=${project.id}`)).items[0];
    expect(step && [step.operation, step.actorName, step.details]).toEqual([
      'backOffice',
      'Samuel Staff',
      { step: '/sandbox/projects/:projectId/documents/validate' },
    ]);
  });
});

describe('the audit trail is append-only and its chain is verifiable', () => {
  const verify = async (): Promise<AuditVerify> => AuditVerifySchema.parse((await manager.call('GET', '/api/audit/verify')).body);

  it('the database refuses to change or delete a record (triggers), and the API has no way to', async () => {
    const before = await verify();
    expect(before).toMatchObject({ intact: true, breakAt: null });
    expect(before.checked).toBeGreaterThan(5);
    await expect(sql`UPDATE audit_log SET actor_name = 'Someone else'`.execute(direct.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(direct.db)).rejects.toThrow(/append-only/);
    if (TEST_DIALECT === 'postgres') await expect(sql`TRUNCATE audit_log`.execute(direct.db)).rejects.toThrow(/append-only/);
    for (const method of ['PUT', 'PATCH', 'DELETE'])
      expect([404, 405]).toContain((await manager.call(method, `/api/audit?seq=${before.firstSeq ?? 1}`)).status);
    const after = await verify();
    expect(after.checked).toBeGreaterThanOrEqual(before.checked);
    expect(after.intact).toBe(true);
  });

  it('the verification finds where the chain breaks when someone bypasses the triggers', async () => {
    const lines: string[] = [];
    const env = { DATA_DIR: s.config.dataDir, ...(s.config.databaseUrl ? { DATABASE_URL: s.config.databaseUrl } : {}) };
    expect(await auditVerify(env, (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toMatch(/^Audit trail intact: \d+ records checked, from record \d+/);

    const { rows } = await sql<{ seq: number }>`SELECT seq FROM audit_log ORDER BY seq LIMIT 3`.execute(direct.db);
    const target = Number(rows[2]?.seq);
    // someone with the database owner's rights removes the trigger and rewrites one record
    if (TEST_DIALECT === 'postgres') await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`.execute(direct.db);
    else await sql`DROP TRIGGER audit_log_no_update`.execute(direct.db);
    await sql`UPDATE audit_log SET actor_name = 'Someone else' WHERE seq = ${target}`.execute(direct.db);
    expect(await verify()).toMatchObject({ intact: false, breakAt: { seq: target, reason: 'hash' } });
    lines.length = 0;
    expect(await auditVerify(env, (l) => lines.push(l))).toBe(1);
    expect(lines.join('\n')).toContain(`Audit trail BROKEN at record ${target}`);
  });
});
