import { randomUUID } from 'node:crypto';
import { ProjectStatus, TenantStatus, type ProjectStatus as ProjectStatusCode, PROJECT_DOCUMENT_TYPES } from '../../contract/enums.js';
import {
  coveredRent,
  type Project,
  type ProjectCreateBody,
  type ProjectListQuerySchema,
  type ProjectPayment,
  type RentalInfoBody,
  type RequiredDocument,
} from '../../contract/projects.js';
import type { z } from 'zod';
import { roundEuros } from '../../contract/money.js';
import { tx } from '../db/database.js';
import { documentTypesOf } from '../db/documents.js';
import {
  clearRejectionReason,
  countProjects,
  findProject,
  insertProject,
  pageOfProjects,
  setProjectRent,
  updateProjectStatus,
  type ProjectRow,
} from '../db/projects.js';
import type { Organization, SandboxContext } from '../context.js';
import { AppError } from '../errors.js';
import { isEligible, scoreProject } from './scoring.js';

export type { ProjectRow };

export function toProject(row: ProjectRow, publicBaseUrl: string): Project {
  const body = JSON.parse(row.body) as ProjectCreateBody;
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status as ProjectStatusCode,
    createDate: row.create_date,
    updatedAt: row.updated_at,
    score: row.score,
    publicUrl: `${publicBaseUrl}/public/projects/${row.id}`,
    profile: body.profile,
    finance: body.finance,
    referent: body.referent ?? null,
    referentFinance: body.referentFinance ?? null,
    metadata: body.metadata ?? {},
    rent: row.rent ? (JSON.parse(row.rent) as RentalInfoBody) : null,
    rejectionReason: row.rejection_reason,
  };
}

/** A project of the caller's organization: 404 E0040 when unknown, 403 E0015 when another's. */
export function loadProject(ctx: SandboxContext, org: Organization, id: string): ProjectRow {
  const row = findProject(ctx.db, id);
  if (!row) throw new AppError('E0040');
  if (row.org_id !== org.id) throw new AppError('E0015');
  return row;
}

export function setProjectStatus(
  ctx: SandboxContext,
  row: ProjectRow,
  status: ProjectStatusCode,
  extra: { rejectionReason?: string | null; paidAt?: string } = {},
): void {
  updateProjectStatus(ctx.db, row.id, {
    status,
    updatedAt: ctx.clock.timestamp(),
    rejectionReason: extra.rejectionReason ?? null,
    paidAt: extra.paidAt ?? null,
  });
  ctx.outbox.emit(row.org_id, 'project.updated', { projectId: row.id, status, previousStatus: row.status });
}

export function requireProjectStatus(row: ProjectRow, ...allowed: ProjectStatusCode[]): void {
  if (!allowed.includes(row.status as ProjectStatusCode)) {
    throw new AppError('PROJECT_STATUS', `The project is in status ${row.status}; this action needs status ${allowed.join(' or ')}.`);
  }
}

export function createProject(ctx: SandboxContext, org: Organization, body: ProjectCreateBody, createdAt?: string): Project {
  const score = scoreProject(body);
  if (!isEligible(score)) {
    throw new AppError('NOT_ELIGIBLE', `Not eligible: the maximum guaranteed rent is ${score}, below 250.`);
  }
  const id = randomUUID();
  const now = createdAt ?? ctx.clock.timestamp();
  const p = body.profile;
  tx(ctx.db, () => {
    insertProject(ctx.db, {
      id,
      org_id: org.id,
      user_id: randomUUID(),
      status: ProjectStatus.DocumentsPending,
      score,
      create_date: now,
      updated_at: now,
      tenant_search: `${p.firstName} ${p.lastName} ${p.lastName} ${p.firstName} ${p.email}`.toLowerCase(),
      tenant_email: p.email.toLowerCase(),
      body: JSON.stringify(body),
    });
    ctx.outbox.emit(org.id, 'project.created', { projectId: id, status: ProjectStatus.DocumentsPending });
  });
  return getProject(ctx, org, id);
}

export function getProject(ctx: SandboxContext, org: Organization, id: string): Project {
  return toProject(loadProject(ctx, org, id), ctx.publicBaseUrl);
}

export function listProjects(ctx: SandboxContext, org: Organization, q: z.output<typeof ProjectListQuerySchema>) {
  const filter = { orgId: org.id, statuses: q.status, search: q.search?.toLowerCase() };
  const total = countProjects(ctx.db, filter);
  const rows = pageOfProjects(ctx.db, filter, {
    order: q.sort === 'createDate' ? 'ASC' : 'DESC',
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return { items: rows.map((r) => toProject(r, ctx.publicBaseUrl)), page: q.page, pageSize: q.pageSize, total };
}

/**
 * Required documents per tenant status (the real list is the service's; the sandbox's is documented):
 * identity, tax notice and proof of address always; payslips for employees; employment contract
 * for contracts; business statement for the self-employed; pension statement for the retired;
 * student card and the referent's identity and income for a student.
 */
export function requiredDocumentTypes(body: ProjectCreateBody): number[] {
  const s = body.finance.status;
  const types = [1, 2, 5];
  if ([0, 1, 2, 3, 4, 5, 6, 7].includes(s)) types.push(3);
  if ([1, 2, 4, 5, 6].includes(s)) types.push(4);
  if ([8, 9, 10, 11].includes(s)) types.push(10);
  if (s === TenantStatus.Retired) types.push(9);
  if (s === TenantStatus.Student) types.push(6, 7, 8);
  return types.sort((a, b) => a - b);
}

export function requiredDocuments(ctx: SandboxContext, org: Organization, id: string): RequiredDocument[] {
  const row = loadProject(ctx, org, id);
  const provided = documentTypesOf(ctx.db, 'project', id);
  const refused = documentTypesOf(ctx.db, 'project', id, true);
  // a refused type counts as missing until a new file of it is added
  return requiredDocumentTypes(JSON.parse(row.body) as ProjectCreateBody).map((t) => ({
    documentType: t,
    name: PROJECT_DOCUMENT_TYPES.find((d) => d.code === t)?.en ?? String(t),
    provided: provided.has(t),
    refused: !provided.has(t) && refused.has(t),
  }));
}

/** Documents may be of a required type or "Other" (11). */
export function allowedProjectDocumentTypes(row: ProjectRow): number[] {
  return [...requiredDocumentTypes(JSON.parse(row.body) as ProjectCreateBody), 11];
}

export function applyProject(ctx: SandboxContext, org: Organization, id: string): void {
  tx(ctx.db, () => {
    const row = loadProject(ctx, org, id);
    requireProjectStatus(row, ProjectStatus.DocumentsPending);
    const missing = requiredDocuments(ctx, org, id).filter((d) => !d.provided);
    if (missing.length > 0) {
      throw new AppError(
        'DOCUMENTS_MISSING',
        `Missing documents: ${missing.map((d) => d.name).join(', ')}.`,
        missing.map((d) => ({ path: `documentType.${d.documentType}`, message: d.name })),
      );
    }
    setProjectStatus(ctx, row, ProjectStatus.DocumentsInValidation, { rejectionReason: null });
    clearRejectionReason(ctx.db, id);
  });
}

export function addRentalInformation(ctx: SandboxContext, org: Organization, id: string, body: RentalInfoBody): void {
  tx(ctx.db, () => {
    const row = loadProject(ctx, org, id);
    requireProjectStatus(row, ProjectStatus.AwaitingRentalInformation);
    const needed = coveredRent(body);
    if (row.score < needed) {
      throw new AppError('SCORE_TOO_LOW', `The maximum guaranteed rent (${row.score}) does not cover ${needed}.`, [
        {
          path: body.rentAlone === 0 ? 'rentAmount' : 'personalRentAmount',
          message: `exceeds the maximum guaranteed rent of ${row.score}`,
        },
      ]);
    }
    setProjectRent(ctx.db, id, JSON.stringify(body));
    setProjectStatus(ctx, row, ProjectStatus.RentalInValidation);
  });
}

/** Guarantee fee: 3.5% of a year of the covered rent. */
export const FEE_RATE = 0.035;

export function projectPayment(ctx: SandboxContext, org: Organization, id: string): ProjectPayment {
  const row = loadProject(ctx, org, id);
  const rent = row.rent ? (JSON.parse(row.rent) as RentalInfoBody) : null;
  const amount = rent ? roundEuros(coveredRent(rent) * 12 * FEE_RATE) : null;
  const paidStatuses: number[] = [5, 6, 7, 12, 13];
  const state = paidStatuses.includes(row.status) ? 'paid' : row.status === ProjectStatus.AwaitingPayment ? 'pending' : 'not_due';
  return { projectId: id, state, amount, currency: 'EUR', paidAt: state === 'paid' ? row.paid_at : null };
}
