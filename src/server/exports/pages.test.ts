import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaimSchema, type Claim } from '../../contract/claims.js';
import { ProjectSchema, type Project } from '../../contract/projects.js';
import { EXPORT_PAGE } from '../lists/read-model-lists.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';

/**
 * The CSV exports over more rows than the read model gives at once (EXPORT_PAGE), on the run's
 * dialect: every row once, in the export's order (newest first, then by id), and a file being sent
 * while the sync writes stays whole (no row twice, none lost).
 */
const ROWS = EXPORT_PAGE * 2 + 37;
const NOW = 1_780_000_000_000;
let s: TestServer;
let staff: Client;
let n = 0;
const guid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const phone = { phoneContryCode: 'FR', phoneFormated: '+33145678910' };

/** A project as the partner answers it, created at `createDate`. */
const project = (createDate: string, lastName: string): Project =>
  ProjectSchema.parse({
    id: guid(),
    userId: guid(),
    status: 2,
    createDate,
    updatedAt: createDate,
    score: 812.6,
    publicUrl: 'https://partner.example/r/abc',
    profile: { gender: 2, firstName: 'Léa', lastName, email: `${lastName.toLowerCase()}@exemple.fr`, dateOfBirth: '1991-03-04', phone },
    finance: { status: 4, monthlyIncome: 3200 },
    referent: null,
    referentFinance: null,
    metadata: { externalLeadId: `=HYPERLINK("x") ${lastName}` },
    rent: {
      owner: { firstName: 'Paul', lastName: 'Durand', email: 'paul@exemple.fr', phone },
      ownerType: 0,
      ownerAddress: { country: 'FR', address: '3 place du Marché', zipCode: '69001', city: 'Lyon' },
      addressInformation: { country: 'FR', address: '12 rue de la Paix; bât. "B"', zipCode: '75002', city: 'Paris' },
      rentAmount: 1234.5,
      rentAlone: 0,
      startLease: '2026-07-01',
      bailType: 0,
    },
    rejectionReason: null,
  });

const claim = (createdAt: string, lastName: string): Claim =>
  ClaimSchema.parse({
    id: guid(),
    projectId: guid(),
    status: 30,
    createdAt,
    updatedAt: createdAt,
    rentDueDate: '2026-05-05',
    rentAmount: 800,
    rentAmountReceived: 0,
    rentAmountReceivedDate: null,
    legalInfo: { firstName: 'Sophie', lastName: 'Lambert', email: 'sophie@agence.fr', phone },
    mainOwnerEmail: 'paul@exemple.fr',
    ownerEmailsBcc: [],
    metadata: {},
    tenant: { firstName: 'Léa', lastName, email: `${lastName.toLowerCase()}@exemple.fr` },
    property: null,
    amountOutstanding: 1000.25,
  });

/** Row i's creation time: ten rows share each second (the order's ties are broken by id). */
const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 10) * 1000).toISOString();
/** The export's order: newest first, then by (lower-cased) id. */
const exportOrder = <T extends { id: string }>(rows: T[], created: (r: T) => string) =>
  [...rows].sort((a, b) => created(b).localeCompare(created(a)) || a.id.localeCompare(b.id)).map((r) => r.id);

let projects: Project[] = [];
let claims: Claim[] = [];
beforeAll(async () => {
  s = await startServer();
  staff = await s.signedIn('staff');
  const store = s.stores.readModel;
  projects = Array.from({ length: ROWS }, (_, i) => project(at(i), `Nom${i}`));
  claims = Array.from({ length: ROWS }, (_, i) => claim(at(i), `Nom${i}`));
  await store.transaction(async (trx) => {
    for (const p of projects) await store.applyProject({ id: p.id, readAt: NOW, project: p, required: null }, trx);
    for (const c of claims) await store.applyClaim({ id: c.id, readAt: NOW, claim: c, debts: [], required: null }, trx);
  });
  // written as the first sync writes them: it has completed, so the exports answer from them
  await store.saveInitial({ ...(await store.initial()), phase: 'done', finishedAt: NOW }, NOW);
}, 120_000);
afterAll(() => s.close());

const rowsOf = (text: string, delimiter: string) => parse(text, { delimiter, bom: true }) as string[][];

describe('CSV exports longer than one page of the read model', () => {
  it('hold every project once, newest first, with the rows formatted as before', async () => {
    const res = await staff.call('GET', '/api/exports/projects.csv?lang=fr');
    expect(res.status).toBe(200);
    const [header, ...rows] = rowsOf(res.text, ';');
    expect(header?.slice(0, 3)).toEqual(['Identifiant', 'Créé le', 'Prénom']);
    const order = exportOrder(projects, (p) => p.createDate);
    expect(rows.map((r) => r[0])).toEqual(order);
    const newest = projects.find((p) => p.id === order[0])?.profile.lastName ?? '';
    expect(rows[0]).toEqual([
      order[0],
      '01/01/2026',
      'Léa',
      newest,
      `${newest.toLowerCase()}@exemple.fr`,
      '2',
      'En attente des informations de location',
      '813',
      '1234,50',
      '01/07/2026',
      '12 rue de la Paix; bât. "B"',
      '75002',
      'Paris',
      `'=HYPERLINK("x") ${newest}`,
    ]);
  });

  it('hold every claim once, newest first, in English', async () => {
    const res = await staff.call('GET', '/api/exports/claims.csv?lang=en');
    const [header, ...rows] = rowsOf(res.text, ',');
    expect(header?.[9]).toBe('Outstanding');
    const order = exportOrder(claims, (c) => c.createdAt);
    expect(rows.map((r) => r[0])).toEqual(order);
    const newest = claims.find((c) => c.id === order[0])?.tenant.lastName;
    expect(rows[0]?.slice(2, 4)).toEqual(['2026-01-01', `Léa ${newest}`]);
    expect(rows[0]?.[9]).toBe('1000.25');
  });

  it('stay whole while the sync writes between two pages: a row changed is there once, a row created meanwhile is not', async () => {
    const store = s.stores.readModel;
    const pages = s.stores.lists.projectPages({}, { id: '', email: '', role: 'staff' });
    const first = await pages.next();
    const seen = first.done ? [] : first.value;
    expect(seen).toHaveLength(EXPORT_PAGE);
    // between two pages: a project created (the newest of all), one of the next page changed, one of it gone
    const created = project(new Date(Date.UTC(2026, 5, 1)).toISOString(), 'Nouveau');
    await store.applyProject({ id: created.id, readAt: NOW, project: created, required: null });
    const order = exportOrder(projects, (p) => p.createDate);
    const changedId = order[EXPORT_PAGE + 3];
    const goneId = order[EXPORT_PAGE + 4];
    const changed = projects.find((p) => p.id === changedId);
    if (!changed || !goneId) throw new Error('no such row');
    await store.applyProject({ id: changed.id, readAt: NOW, project: { ...changed, status: 3 }, required: null });
    await store.applyProject({ id: goneId, readAt: NOW, project: null });
    try {
      for await (const page of pages) seen.push(...page);
      expect(seen.map((p) => p.id)).toEqual(order.filter((id) => id !== goneId));
      expect(seen.find((p) => p.id === changedId)?.status).toBe(3);
    } finally {
      await store.applyProject({ id: created.id, readAt: NOW, project: null });
      await store.applyProject({ id: changed.id, readAt: NOW, project: changed, required: null });
      const gone = projects.find((p) => p.id === goneId);
      if (gone) await store.applyProject({ id: gone.id, readAt: NOW, project: gone, required: null });
    }
  });
});
