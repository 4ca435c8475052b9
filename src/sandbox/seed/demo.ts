import type { ClaimCreateBody } from '../../contract/claims.js';
import { addDays, addMonths, monthOf } from '../../contract/dates.js';
import { ClaimStatus, type ClaimStatus as ClaimStatusCode, type ProjectStatus as ProjectStatusCode } from '../../contract/enums.js';
import type { Finance, ProjectCreateBody, RentalInfoBody } from '../../contract/projects.js';
import { one, run, tx, type Db } from '../db/database.js';
import type { Organization, SandboxContext } from '../context.js';
import { createClaim, debtsOf, loadClaim, setClaimStatus } from '../domain/claims.js';
import { insertDocument } from '../domain/documents.js';
import { addPayment } from '../domain/payments.js';
import { createProject, requiredDocumentTypes } from '../domain/projects.js';
import { addRentalDebt, guarantorPays, signReceipt } from '../domain/rental-debts.js';
import { setProjectRent } from '../db/projects.js';
import { DEMO_ORGANIZATIONS } from './organizations.js';

/** A small deterministic PRNG, so every fresh start shows the same demo. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The demo tenants' first and last names (data shown as typed, not copy: the e2e language walk skips them). */
export const DEMO_FIRST_NAMES = [
  'Camille',
  'Léa',
  'Manon',
  'Chloé',
  'Inès',
  'Sarah',
  'Julie',
  'Emma',
  'Lucas',
  'Hugo',
  'Thomas',
  'Nicolas',
  'Mathieu',
  'Antoine',
  'Julien',
  'Karim',
  'Yasmine',
  'Élodie',
  'Amandine',
  'Sébastien',
];
export const DEMO_LAST_NAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'Fournier',
  'Girard',
  'Bonnet',
  'Mercier',
  'Benali',
];
const CITIES = [
  { city: 'Paris', zipCode: '75011', street: 'rue Oberkampf' },
  { city: 'Lyon', zipCode: '69003', street: 'cours Lafayette' },
  { city: 'Bordeaux', zipCode: '33000', street: 'rue Sainte-Catherine' },
  { city: 'Nantes', zipCode: '44000', street: 'rue Crébillon' },
  { city: 'Lille', zipCode: '59000', street: 'rue Solférino' },
  { city: 'Toulouse', zipCode: '31000', street: 'rue d’Alsace-Lorraine' },
  { city: 'Marseille', zipCode: '13006', street: 'rue de Rome' },
  { city: 'Rennes', zipCode: '35000', street: 'rue de Saint-Malo' },
];
/** Status of each of the 40 demo projects: every project status is represented. */
const STATUS_PLAN: ProjectStatusCode[] = [
  0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 9, 9, 12, 12, 13, 14,
];
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase();

function financeFor(rand: () => number, i: number): Pick<ProjectCreateBody, 'finance' | 'referent' | 'referentFinance'> {
  const kind = i % 8;
  const income = 1800 + Math.round(rand() * 32) * 100;
  if (kind === 3) {
    return {
      finance: { status: 12, monthlyIncome: 450 },
      referent: {
        gender: 1,
        firstName: 'Pierre',
        lastName: 'Garnier',
        email: `referent${i}@exemple.fr`,
        dateOfBirth: '1968-04-12',
        phone: { phoneContryCode: 'FR', phoneOrigin: '06 12 34 56 78', phoneFormated: '+33612345678' },
      },
      referentFinance: { status: 4, monthlyIncome: 4200 },
    };
  }
  if (kind === 5) return { finance: { status: 14, retirementPensionAmount: income } };
  if (kind === 6) return { finance: { status: 5, contractPrecarious: 0, monthlyIncome: income } };
  const statuses: Finance['status'][] = [4, 1, 0, 3, 10, 4, 8, 4];
  return { finance: { status: statuses[kind] ?? 4, monthlyIncome: income, bonusesAmount: kind === 0 ? 150 : undefined } };
}

function rentFor(i: number, rentAmount: number, startLease: string): RentalInfoBody {
  const c = CITIES[i % CITIES.length] ?? CITIES[0];
  const agency = i % 3 === 0;
  return {
    owner: {
      firstName: 'Bernadette',
      lastName: DEMO_LAST_NAMES[(i + 7) % DEMO_LAST_NAMES.length] ?? 'Roux',
      email: `proprietaire${i}@exemple.fr`,
      phone: { phoneContryCode: 'FR', phoneOrigin: '01 42 00 00 00', phoneFormated: '+33142000000' },
    },
    ownerType: agency ? 1 : 0,
    ...(agency ? { ownerOrganizationName: 'Immobilière du Centre' } : {}),
    ownerAddress: { country: 'France', address: '8 boulevard Haussmann', zipCode: '75009', city: 'Paris' },
    addressInformation: {
      country: 'France',
      address: `${(i % 40) + 2} ${c?.street ?? 'rue de la Paix'}`,
      zipCode: c?.zipCode ?? '75002',
      city: c?.city ?? 'Paris',
      additionalAddress: `Appartement ${(i % 5) + 1}`,
    },
    rentAmount,
    rentAlone: 0,
    securityDeposit: rentAmount,
    startLease,
    bailType: i % 4 === 0 ? 1 : 0,
  };
}

function legalInfo(i: number): ClaimCreateBody['legalInfo'] {
  return {
    gender: 2,
    firstName: 'Sophie',
    lastName: 'Lambert',
    email: 'sophie.lambert@demo-agency.fr',
    phone: { phoneContryCode: 'FR', phoneOrigin: '01 45 67 89 10', phoneFormated: '+33145678910' },
    companyName: 'Demo Agency',
    companyType: 'SAS',
    shareCapital: '50000',
    siren: '812345678',
    rCSCity: 'Paris',
    rCSNumber: `RCS Paris 812 345 67${i}`,
    address: { country: 'France', address: '12 rue de la République', zipCode: '69002', city: 'Lyon' },
  };
}

function setStatusRaw(db: Db, id: string, status: number, updatedAt: string, paidAt: string | null): void {
  run(db, 'UPDATE projects SET status = ?, updated_at = ?, paid_at = ? WHERE id = ?', status, updatedAt, paidAt, id);
}

/** Projects (or claims) per transaction while seeding: a large seed never sits in one transaction. */
const SEED_BATCH = 500;

/** Runs `each(i)` for i in [0, count), in transactions of SEED_BATCH. */
function inBatches(ctx: SandboxContext, count: number, each: (i: number) => void): void {
  for (let start = 0; start < count; start += SEED_BATCH) {
    tx(ctx.db, () => {
      for (let i = start; i < Math.min(start + SEED_BATCH, count); i++) each(i);
    });
  }
}

function seedOrganization(ctx: SandboxContext, org: Organization, projectCount: number, seed: number, offset = 0): string[] {
  const rand = mulberry32(seed);
  const today = ctx.clock.today();
  const active: { id: string; rent: number }[] = [];
  inBatches(ctx, projectCount, (i) => {
    const status = STATUS_PLAN[(i + offset) % STATUS_PLAN.length] ?? 0;
    const first = DEMO_FIRST_NAMES[Math.floor(rand() * DEMO_FIRST_NAMES.length)] ?? 'Camille';
    const last = DEMO_LAST_NAMES[Math.floor(rand() * DEMO_LAST_NAMES.length)] ?? 'Martin';
    const created = addDays(today, -Math.floor(5 + rand() * 200));
    const fin = financeFor(rand, i);
    const body: ProjectCreateBody = {
      profile: {
        gender: rand() > 0.5 ? 2 : 1,
        firstName: first,
        lastName: last,
        email: `${normalize(first)}.${normalize(last)}${i}@exemple.fr`,
        dateOfBirth: `${1965 + Math.floor(rand() * 38)}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`,
        phone: { phoneContryCode: 'FR', phoneOrigin: `06 ${10 + i} 45 67 89`, phoneFormated: `+336${10 + i}456789` },
      },
      ...fin,
      metadata: { source: 'demo', externalLeadId: `LEAD-${1000 + i}` },
    };
    const project = createProject(ctx, org, body, `${created}T09:${String(10 + (i % 50)).padStart(2, '0')}:00.000Z`);
    const docTypes = requiredDocumentTypes(body);
    const docsToAdd = status === 0 ? docTypes.slice(0, i % docTypes.length) : docTypes;
    for (const t of docsToAdd) {
      insertDocument(
        ctx.db,
        'project',
        project.id,
        { documentType: t, contentType: 'application/pdf', file: { fileName: `document-${t}.pdf`, content: TINY_PDF, truncated: false } },
        undefined,
        `${created}T10:00:00.000Z`,
      );
    }
    if (status >= 3 && status !== 9 && status !== 14) {
      const rent = Math.max(300, Math.min(project.score - 20, 450 + Math.round(rand() * 10) * 50));
      const start = status >= 7 ? addMonths(created, 1) : addDays(today, 20);
      setProjectRent(ctx.db, project.id, JSON.stringify(rentFor(i, rent, start)));
      if (status === 7) active.push({ id: project.id, rent });
    }
    const updated = addDays(created, Math.min(3 + i, 60));
    setStatusRaw(
      ctx.db,
      project.id,
      status,
      `${updated > today ? today : updated}T11:00:00.000Z`,
      status >= 5 && status !== 9 && status !== 14 ? `${created}T12:00:00.000Z` : null,
    );
    if (status === 0 && i === 2) {
      run(
        ctx.db,
        "UPDATE projects SET rejection_reason = 'Avis d’imposition illisible : merci de le renvoyer en PDF.' WHERE id = ?",
        project.id,
      );
      // the manager refused the tax notice (type 2): it lists as refused until replaced
      run(ctx.db, "UPDATE documents SET refused = 1 WHERE owner_kind = 'project' AND owner_id = ? AND document_type = 2", project.id);
    }
    if (status === 14)
      run(
        ctx.db,
        "UPDATE projects SET rejection_reason = 'Revenus non justifiés : les bulletins de salaire ne correspondent pas aux revenus déclarés.' WHERE id = ?",
        project.id,
      );
  });
  return active.map((a) => a.id);
}

interface ClaimPlan {
  monthsAgo: number;
  status: ClaimStatusCode;
  declared: number;
  paid: number;
  signed: number;
  payment?: number;
  received?: number;
}
const CLAIM_PLAN: ClaimPlan[] = [
  { monthsAgo: 1, status: ClaimStatus.AwaitingDocuments, declared: 1, paid: 0, signed: 0, received: 200 },
  { monthsAgo: 2, status: ClaimStatus.ClaimToBeValidated, declared: 2, paid: 0, signed: 0 },
  { monthsAgo: 4, status: ClaimStatus.Validated, declared: 3, paid: 2, signed: 1, payment: 150 },
  { monthsAgo: 6, status: ClaimStatus.Validated, declared: 5, paid: 3, signed: 3, payment: 300 },
  { monthsAgo: 8, status: 90, declared: 6, paid: 4, signed: 4 },
  { monthsAgo: 10, status: ClaimStatus.Closed, declared: 3, paid: 3, signed: 3 },
];

function seedClaims(ctx: SandboxContext, org: Organization, activeProjects: string[], start = 0): void {
  const today = ctx.clock.today();
  CLAIM_PLAN.forEach((plan, n) => {
    const i = start + n;
    const projectId = activeProjects[n];
    if (!projectId) return;
    const rentRow = one<{ rent: string }>(ctx.db, 'SELECT rent FROM projects WHERE id = ?', projectId);
    const rent = rentRow ? (JSON.parse(rentRow.rent) as RentalInfoBody) : null;
    const rentAmount = rent?.rentAmount ?? 700;
    const firstDue = addDays(addMonths(today, -plan.monthsAgo), 4);
    // a claim's first unpaid month is never before its lease: a lease that would start later
    // started three months before the claim (the project was made and paid a month earlier)
    if (rent && monthOf(rent.startLease) > monthOf(firstDue)) {
      const start = `${monthOf(addMonths(firstDue, -3))}-01`;
      setProjectRent(ctx.db, projectId, JSON.stringify({ ...rent, startLease: start }));
      run(
        ctx.db,
        'UPDATE projects SET create_date = ?, paid_at = ? WHERE id = ?',
        `${addDays(start, -30)}T09:00:00.000Z`,
        `${addDays(start, -20)}T12:00:00.000Z`,
        projectId,
      );
    }
    const claim = createClaim(ctx, org, projectId, {
      rentAmount,
      rentAmountReceived: plan.received ?? 0,
      rentAmountReceivedDate: plan.received ? addDays(firstDue, 3) : null,
      rentDueDate: firstDue,
      legalInfo: legalInfo(i),
      mainOwnerEmail: `proprietaire${i}@exemple.fr`,
      ownerEmailsBcc: ['gestion@demo-agency.fr'],
      metadata: { externalReference: `SIN-2026-${String(101 + i)}`, source: 'demo' },
    });
    // a claim is declared shortly after its first unpaid month
    const declaredAt = `${addDays(firstDue, 12) > today ? today : addDays(firstDue, 12)}T09:30:00.000Z`;
    run(ctx.db, 'UPDATE claims SET created_at = ?, updated_at = ? WHERE id = ?', declaredAt, declaredAt, claim.id);
    for (let m = 1; m < plan.declared; m++) {
      const rentDueDate = addDays(addMonths(firstDue, m), 4);
      // declared in time, a few days after it was due (the demo's months are not blocked for lateness)
      const declaredOn = addDays(rentDueDate, 5) > today ? today : addDays(rentDueDate, 5);
      addRentalDebt(ctx, org, claim.id, { rentAmount, rentAmountReceived: 0, rentAmountReceivedDate: null, rentDueDate }, declaredOn);
    }
    const docs = plan.status === ClaimStatus.AwaitingDocuments ? [1] : [1, 2, 3];
    for (const t of docs)
      insertDocument(
        ctx.db,
        'claim',
        claim.id,
        { documentType: t, contentType: 'application/pdf', file: { fileName: `sinistre-${t}.pdf`, content: TINY_PDF, truncated: false } },
        undefined,
        claim.createdAt,
      );
    if (plan.status !== ClaimStatus.AwaitingDocuments)
      setClaimStatus(
        ctx,
        loadClaim(ctx, org, claim.id),
        plan.status === ClaimStatus.ClaimToBeValidated ? plan.status : ClaimStatus.Validated,
      );
    for (let m = 0; m < plan.paid; m++) {
      const debt = debtsOf(ctx, claim.id)[m];
      if (!debt) break;
      guarantorPays(ctx, org, claim.id, debt.id);
      if (m < plan.signed) signReceipt(ctx, org, claim.id, debt.id);
    }
    if (plan.payment) addPayment(ctx, org, claim.id, { amount: plan.payment, applyDate: addDays(today, -3) });
    if (
      plan.status !== ClaimStatus.Validated &&
      plan.status !== ClaimStatus.ClaimToBeValidated &&
      plan.status !== ClaimStatus.AwaitingDocuments
    ) {
      setClaimStatus(ctx, loadClaim(ctx, org, claim.id), plan.status);
    }
  });
}

export interface SeedScale {
  /** Projects of Demo Agency (default 40: every status). */
  projects?: number;
  /** Claims of Demo Agency (default 6), on its active projects (about 9 in 40 projects are active). */
  claims?: number;
}

/**
 * Demo data: about 40 projects over every status and several claims for Demo Agency; a few for
 * Other Agency. Written in transactions of SEED_BATCH (not all or nothing: a reset clears first). A scale multiplies Demo Agency's data (the inbox's budget is 500 projects, 100 claims).
 */
export function seedDemoData(ctx: SandboxContext, scale: SeedScale = {}): void {
  const wasEnabled = ctx.outbox.enabled;
  ctx.outbox.enabled = false;
  try {
    const [demo, other] = DEMO_ORGANIZATIONS;
    const active = seedOrganization(ctx, demo, scale.projects ?? STATUS_PLAN.length, 20261121);
    const claims = Math.min(scale.claims ?? CLAIM_PLAN.length, active.length);
    // steps of CLAIM_PLAN.length claims, SEED_BATCH steps per transaction
    inBatches(ctx, Math.ceil(claims / CLAIM_PLAN.length), (step) => {
      const start = step * CLAIM_PLAN.length;
      seedClaims(ctx, demo, active.slice(start, Math.min(start + CLAIM_PLAN.length, claims)), start);
    });
    const otherActive = seedOrganization(ctx, other, 8, 424242, 20);
    tx(ctx.db, () => seedClaims(ctx, other, otherActive.slice(0, 1)));
  } finally {
    ctx.outbox.enabled = wasEnabled;
  }
}

export function clearData(db: Db): void {
  db.exec(
    'DELETE FROM tenant_payments; DELETE FROM rental_debts; DELETE FROM documents; DELETE FROM claims; DELETE FROM projects; DELETE FROM webhook_events;',
  );
}
