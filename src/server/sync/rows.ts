import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Claim, RentalDebt } from '../../contract/claims.js';
import type { Address } from '../../contract/common.js';
import type { Project, RequiredDocument } from '../../contract/projects.js';
import { declarableFrom } from '../../contract/months.js';
import { foldForSearch } from '../../contract/search.js';
import type { Tables } from '../db/db.js';
import { INBOX_VERSION, inboxOfClaim, inboxOfProject, sortName, tenantFolded, type InboxParts } from '../inbox/rules.js';

/**
 * What one read of a project at the partner gave: the project and (while it takes documents) its
 * required documents; or gone. `readAt`: when its first call left (server clock, ms): a snapshot
 * never replaces one whose read started later (see ReadModelStore.applyProject).
 */
export type ProjectSnapshot = { id: string; readAt: number } & (
  { project: Project; required: RequiredDocument[] | null } | { project: null }
);

/** What one read of a claim gave: the claim, its months, its required documents before apply; or gone (`readAt`: as above). */
export type ClaimSnapshot = { id: string; readAt: number } & (
  { claim: Claim; debts: RentalDebt[]; required: RequiredDocument[] | null } | { claim: null }
);

const addressText = (a: Address | null | undefined) =>
  a ? [a.address, a.additionalAddress, a.zipCode, a.city].filter((x) => x !== undefined && x !== '').join(' ') : '';

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

/**
 * The searched fields, apart: the tenant's name both ways round ("dupont jean" and "jean dupont"),
 * the e-mail, the property's address, the reference, the ids. Each field is folded whole (see
 * foldForSearch), so a query matches within one field, never across two.
 */
function searchFields(fields: (string | null | undefined)[]): { search_text: string; search_folded: string } {
  const kept = fields.filter((f): f is string => typeof f === 'string' && f !== '').map((f) => f.replaceAll('|', ' '));
  return { search_text: kept.join('|'), search_folded: kept.map(foldForSearch).join(' ') };
}

/** The work queue's columns of a row (see inbox/rules.ts): what its line is, whatever the day. */
export function inboxColumns(parts: InboxParts | null, tenant: { firstName: string; lastName: string }) {
  return {
    inbox_version: INBOX_VERSION,
    inbox_kind: parts?.kind ?? null,
    inbox_since: parts?.since ?? null,
    inbox_line: parts ? JSON.stringify(parts.fixed) : null,
    inbox_tenant: tenantFolded(parts?.fixed.tenant ?? tenant),
    inbox_name: sortName(parts?.fixed.tenant ?? tenant),
  };
}

export function projectRow(s: ProjectSnapshot & { project: Project }): Insertable<Tables['rm_projects']> {
  const { project: p, required } = s;
  const address = addressText(p.rent?.addressInformation);
  const reference = p.metadata.externalLeadId ?? null;
  return {
    id: p.id.toLowerCase(),
    status: p.status,
    tenant_first_name: p.profile.firstName,
    tenant_last_name: p.profile.lastName,
    tenant_email: p.profile.email,
    address,
    reference,
    rent_amount: p.rent?.rentAmount ?? null,
    created_at: p.createDate,
    updated_at: p.updatedAt,
    required: required ? JSON.stringify(required) : null,
    data: JSON.stringify(p),
    ...searchFields([
      `${p.profile.firstName} ${p.profile.lastName}`,
      `${p.profile.lastName} ${p.profile.firstName}`,
      p.profile.email,
      address,
      reference,
      p.id,
    ]),
    fingerprint: hash([p, required]),
    synced_at: s.readAt,
    ...inboxColumns(inboxOfProject(p, required), p.profile),
  };
}

export function claimRow(s: ClaimSnapshot & { claim: Claim }): Insertable<Tables['rm_claims']> {
  const { claim: c, required, debts } = s;
  const address = addressText(c.property);
  const reference = c.metadata.externalReference ?? null;
  return {
    id: c.id.toLowerCase(),
    project_id: c.projectId.toLowerCase(),
    status: c.status,
    tenant_first_name: c.tenant.firstName,
    tenant_last_name: c.tenant.lastName,
    tenant_email: c.tenant.email,
    address,
    reference,
    rent_due_date: c.rentDueDate,
    rent_amount: c.rentAmount,
    amount_outstanding: c.amountOutstanding,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    required: required ? JSON.stringify(required) : null,
    data: JSON.stringify(c),
    ...searchFields([
      `${c.tenant.firstName} ${c.tenant.lastName}`,
      `${c.tenant.lastName} ${c.tenant.firstName}`,
      c.tenant.email,
      address,
      reference,
      c.id,
      c.projectId,
    ]),
    fingerprint: hash([c, required, debts]),
    synced_at: s.readAt,
    ...claimInboxColumns(c, debts, required),
  };
}

/** A claim's work-queue columns, from its months (see inboxOfClaim). */
export function claimInboxColumns(c: Claim, debts: Parameters<typeof inboxOfClaim>[1], required: RequiredDocument[] | null) {
  const parts = inboxOfClaim(c, debts, required);
  return { ...inboxColumns(parts, c.tenant), inbox_months_from: parts?.monthsFrom ?? null };
}

/** A claim's months as kept, each with the day it is to declare from (declarableFrom), so queries read the contract's rule. */
export function debtRows(claim: Pick<Claim, 'id' | 'rentDueDate'>, debts: readonly RentalDebt[]): Insertable<Tables['rm_debts']>[] {
  return debts.map((d) => ({
    claim_id: claim.id.toLowerCase(),
    rent_due_date: d.rentDueDate,
    id: d.id,
    status: d.status,
    rent_amount: d.rentAmount,
    amount_due: d.amountDue,
    tenant_paid_amount: d.tenantPaidAmount,
    guarantor_paid_amount: d.guarantorPaidAmount,
    receipt_status: d.receiptStatus,
    data: JSON.stringify(d),
    declarable_from: declarableFrom(claim.rentDueDate, d),
  }));
}
