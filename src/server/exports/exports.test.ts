import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, RentalDebt } from '../../contract/claims.js';
import type { ClaimStats } from '../../contract/stats.js';
import { pdfText } from '../../sandbox/test/pdf-text.js';
import { claimBody, projectBody, type TestSandbox } from '../../sandbox/test/harness.js';
import { statementCsv, statementOf } from './statement.js';
import { statementPdf } from './statement-pdf.js';
import { projectAt, validatedClaim } from '../../sandbox/test/flows.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';

let s: TestServer;
let sb: TestSandbox;
let staff: Client;
beforeAll(async () => {
  // 250 projects: the exports span three pages of the partner's list
  // (the exports read the read model: synced here, a pass after each change made at the partner)
  s = await startServer({
    sandbox: { seed: true, seedScale: { projects: 250, claims: 12 }, now: () => new Date('2026-06-15T10:00:00Z') },
    env: { SYNC_CALLS_PER_MINUTE: '100000' },
  });
  if (!s.sandbox) throw new Error('no sandbox');
  sb = s.sandbox;
  await s.sync.runInitial();
  staff = await s.signedIn('staff');
});
afterAll(() => s.close());

const rowsOf = (text: string, delimiter: string) => parse(text, { delimiter, bom: true, relax_column_count: true }) as string[][];
const total = async (path: string) => (await staff.call<{ total: number }>('GET', path)).body.total;
const fr = (n: number) => n.toFixed(2).replace('.', ',');

describe('CSV exports of the lists', () => {
  it('exports every project matching the filters (not one page), streamed, with French headers and ";"', async () => {
    const res = await staff.call('GET', '/api/exports/projects.csv?status=0&status=2&status=7&lang=fr');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="projets-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('content-length')).toBeNull(); // streamed
    expect(res.text.startsWith('Identifiant;Créé le;Prénom;Nom;')).toBe(true); // fetch's text() drops the BOM...
    const raw = await fetch(`${s.url}/api/exports/projects.csv?lang=fr`, { headers: { cookie: staff.cookie } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // ...which is there
    const [header, ...rows] = rowsOf(res.text, ';');
    const expected = await total('/api/v3/projects?status=0&status=2&status=7&pageSize=1');
    expect(expected).toBeGreaterThan(100);
    expect(rows).toHaveLength(expected);
    const status = header?.indexOf('Statut') ?? -1;
    expect(new Set(rows.map((r) => r[status]))).toEqual(new Set(['0', '2', '7']));
    expect(rows.every((r) => /^\d{2}\/\d{2}\/\d{4}$/.test(r[1] ?? ''))).toBe(true);
  });

  it('escapes separators and quotes in names, and follows the search filter', async () => {
    const body = projectBody();
    const odd = {
      ...body,
      profile: { ...body.profile, firstName: 'Jean; "Le Grand"', lastName: 'Dupont, Fils', email: 'odd.name@exemple.fr' },
    };
    const created = await sb.call<{ id: string }>('POST', '/v3/projects', odd);
    expect(created.status).toBe(201);
    await s.sync.syncProject(created.body.id); // made at the partner: read as a webhook or the next pass would
    for (const [lang, sep] of [
      ['fr', ';'],
      ['en', ','],
    ] as const) {
      const res = await staff.call('GET', `/api/exports/projects.csv?search=odd.name&lang=${lang}`);
      const [header, ...rows] = rowsOf(res.text, sep);
      expect(header?.[2]).toBe(lang === 'fr' ? 'Prénom' : 'First name');
      expect(rows).toHaveLength(1);
      expect(rows[0]?.slice(2, 5)).toEqual(['Jean; "Le Grand"', 'Dupont, Fils', 'odd.name@exemple.fr']);
    }
  });

  it('exports the agency’s internal reference typed at creation', async () => {
    const body = { ...projectBody(), metadata: { externalLeadId: 'DOSSIER-7781' } };
    const made = { ...body, profile: { ...body.profile, email: 'reference.csv@exemple.fr' } };
    const created = await sb.call<{ id: string }>('POST', '/v3/projects', made);
    expect(created.status).toBe(201);
    await s.sync.syncProject(created.body.id);
    for (const [lang, sep, column] of [
      ['fr', ';', 'Référence interne'],
      ['en', ',', 'Internal reference'],
    ] as const) {
      const [header, ...rows] = rowsOf((await staff.call('GET', `/api/exports/projects.csv?search=reference.csv&lang=${lang}`)).text, sep);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.[header?.indexOf(column) ?? -1]).toBe('DOSSIER-7781');
    }
  });

  it('exports the claims matching the status filter, with amounts for a spreadsheet', async () => {
    const res = await staff.call('GET', '/api/exports/claims.csv?status=30&lang=en');
    expect(res.status).toBe(200);
    const [header, ...rows] = rowsOf(res.text, ',');
    expect(header?.slice(0, 4)).toEqual(['Id', 'Project', 'Opened on', 'Tenant']);
    const list = (await staff.call<{ items: { id: string; amountOutstanding: number }[] }>('GET', '/api/v1/claims?status=30&pageSize=100'))
      .body;
    expect(rows.map((r) => r[0]).sort()).toEqual(list.items.map((c) => c.id).sort());
    const outstanding = header?.indexOf('Outstanding') ?? -1;
    expect(rows.map((r) => r[outstanding]).sort()).toEqual(list.items.map((c) => c.amountOutstanding.toFixed(2)).sort());
  });

  it('refuses bad filters with a clear 400 and anonymous users with 401', async () => {
    const bad = await staff.call<{ code: string; details: { path: string }[] }>('GET', '/api/exports/claims.csv?status=999&lang=de');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_REQUEST');
    expect(bad.body.details.map((d) => d.path).sort()).toEqual(['lang', 'status.0']);
    expect((await s.client().call('GET', '/api/exports/projects.csv')).status).toBe(401);
  });

  it('an intermediary exports only what they may read: the active contracts and the projects of claims', async () => {
    const intermediary = await s.signedIn('intermediary');
    const res = await intermediary.call('GET', '/api/exports/projects.csv?lang=en');
    const [, ...rows] = rowsOf(res.text, ',');
    const claims = (await staff.call<{ items: { projectId: string }[] }>('GET', '/api/v1/claims?pageSize=100')).body.items;
    const active = (await staff.call<{ items: { id: string }[] }>('GET', '/api/v3/projects?status=7&pageSize=100')).body.items;
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set([...claims.map((c) => c.projectId), ...active.map((p) => p.id)]));
  });
});

describe('the debt statement of a claim', () => {
  async function claimWithHistory() {
    const { claim } = await validatedClaim(sb, '2026-02-05', { metadata: { externalReference: 'SIN-42' } });
    for (const due of ['2026-03-05', '2026-04-05']) {
      await sb.call('POST', `/v1/claims/${claim.id}/rentaldebts`, {
        rentAmount: 812.5,
        rentAmountReceived: 100,
        rentAmountReceivedDate: due,
        rentDueDate: due,
      });
    }
    const [first] = (await sb.call<RentalDebt[]>('GET', `/v1/claims/${claim.id}/rentaldebts`)).body;
    await sb.call('POST', `/sandbox/claims/${claim.id}/rentaldebts/${first?.id}/pay`);
    await sb.call('POST', `/v1/claims/${claim.id}/payments`, { amount: 150.25, applyDate: '2026-06-10' });
    const stats = (await sb.call<ClaimStats>('GET', `/v1/claims/${claim.id}/stats`)).body;
    return { claim, stats };
  }

  it('as CSV: references, every month, and totals equal to the statistics endpoint', async () => {
    const { claim, stats } = await claimWithHistory();
    const res = await staff.call('GET', `/api/claims/${claim.id}/statement.csv?lang=fr`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/filename="decompte-SIN-42-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = rowsOf(res.text, ';');
    expect(rows[0]).toEqual(['Décompte du sinistre']);
    expect(rows).toContainEqual(['Sinistre', claim.id]);
    expect(rows).toContainEqual(['Référence externe', 'SIN-42']);
    // the owner by name, from the lease
    expect(rows).toContainEqual(['Propriétaire', 'Paul Proprio']);
    expect(rows.find((r) => r[0] === 'Généré le (heure de Paris)')?.[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    const months = rows.filter((r) => /^\d{4}-\d{2}$/.test(r[0] ?? ''));
    expect(months.map((r) => r[0])).toEqual(['2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    expect(months.filter((r) => r[1] === 'À déclarer')).toHaveLength(2);
    expect(months[0]?.[7]).toBe('En attente de signature');
    const totals = rows.find((r) => r[0] === 'Totaux');
    expect(totals?.slice(2, 7)).toEqual([
      fr(stats.totalRent),
      fr(stats.totalReceivedAtDeclaration),
      fr(stats.totalTenantPayments),
      fr(stats.totalPaidByGuarantor),
      fr(stats.totalOutstanding),
    ]);
    // the claim page's "Payé par le locataire", by its name: both of the tenant's amounts
    expect(rows).toContainEqual(['Payé par le locataire', fr(stats.totalReceivedAtDeclaration + stats.totalTenantPayments)]);
  });

  it('as a PDF that a reader opens, whose text holds the references and the totals', async () => {
    const { claim, stats } = await claimWithHistory();
    const res = await fetch(`${s.url}/api/claims/${claim.id}/statement.pdf?lang=en`, { headers: { cookie: staff.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
    const eur = (n: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(n);
    expect(text).toContain('Claim debt statement');
    expect(text).toContain('SIN-42');
    expect(text).toContain('Totals');
    for (const n of [stats.totalRent, stats.totalPaidByGuarantor, stats.totalOutstanding, stats.totalTenantPayments])
      expect(text).toContain(eur(n));
  });

  it('runs over several A4 pages for a long claim, and answers E0177 for an unknown claim', async () => {
    const { claim } = await validatedClaim(sb, '2023-06-05'); // 36 months back, the most a claim may start
    await sb.call('POST', '/sandbox/clock', { today: '2028-12-15' }); // 30 months later: 67 months
    try {
      const res = await fetch(`${s.url}/api/claims/${claim.id}/statement.pdf`, { headers: { cookie: staff.cookie } });
      const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
      expect(text).toContain('1 / 2');
      expect(text).toContain('décembre 2028');
    } finally {
      await sb.call('POST', '/sandbox/clock', { today: '2026-06-15' });
    }
    const missing = await staff.call<{ code: string }>('GET', '/api/claims/00000000-0000-4000-8000-000000000000/statement.csv');
    expect([missing.status, missing.body.code]).toEqual([404, 'E0177']);
    expect((await staff.call('GET', '/api/claims/not-a-guid/statement.csv')).status).toBe(400);
  });

  it('is refused to anonymous users', async () => {
    const p = await projectAt(sb, 0);
    expect((await s.client().call('GET', `/api/claims/${p.id}/statement.pdf`)).status).toBe(401);
  });
});

describe('the debt statement prints any tenant name and stays bounded', () => {
  it.each([
    ['Łukasz', 'Nguyễn-Ødegaard'],
    ['Zoë', 'Dœuf'],
    ['小明', '王'],
    ['Zoé', '😀'],
  ])('%s %s', async (firstName, lastName) => {
    const body = projectBody();
    const project = await projectAt(sb, 7, { ...body, profile: { ...body.profile, firstName, lastName } });
    const claim = (await sb.call<{ id: string }>('POST', `/v1/projects/${project.id}/claims`, claimBody('2026-04-05'))).body;
    const res = await fetch(`${s.url}/api/claims/${claim.id}/statement.pdf?lang=fr`, { headers: { cookie: staff.cookie } });
    expect(res.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).normalize('NFC');
    expect(text).toContain(lastName === '😀' ? 'Zoé [U+1F600]' : `${firstName} ${lastName}`);
    expect(text).toContain('Décompte du sinistre');
  });

  it('lists at most 240 months and says how many more; the totals cover them all', async () => {
    const months = Array.from({ length: 300 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      claimId: '00000000-0000-4000-8000-000000000000',
      status: 20 as const,
      rentDueDate: `${2000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-05`,
      rentAmount: 100,
      rentAmountReceived: 0,
      rentAmountReceivedDate: null,
      tenantPaidAmount: 0,
      guarantorPaidAmount: 0,
      amountDue: 100,
      receiptStatus: null,
      receiptSignedAt: null,
      createdAt: null,
    }));
    const { claim } = await validatedClaim(sb, '2026-04-05');
    const full = (await staff.call<{ items: Claim[] }>('GET', `/api/v1/claims?pageSize=100`)).body;
    const c = full.items.find((x) => x.id === claim.id);
    if (!c) throw new Error('claim not listed');
    const st = statementOf(c, months, '2026-06-15T10:00:00Z');
    expect([st.months.length, st.omitted, st.totals.rent]).toEqual([240, 60, 30_000]);
    const csv = statementCsv(st, 'en');
    expect(csv).toContain('60 earlier months are not listed; the totals include them.');
    expect(csv.split('\r\n').filter((l) => /^\d{4}-\d{2},/.test(l))).toHaveLength(240);
    const t0 = performance.now();
    const pdf = await statementPdf(st, 'fr');
    const ms = performance.now() - t0;
    const text = await pdfText(pdf);
    expect(text).toContain('60 mois plus anciens ne sont pas listés');
    expect(ms).toBeLessThan(5000);
  });
});
