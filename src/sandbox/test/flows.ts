import { expect } from 'vitest';
import type { Project } from '../../contract/projects.js';
import type { Claim } from '../../contract/claims.js';
import { addMonths } from '../../contract/dates.js';
import { PDF_BYTES, claimBody, projectBody, rentBody, type TestSandbox } from './harness.js';

/** How long ago the leases of the projects made here started: a claim starts at most 36 months back. */
export const LEASE_MONTHS_BACK = 36;

/** Walks a new project through the API and the back office to a given status (0 to 7). */
export async function projectAt(sb: TestSandbox, status: number, body: Record<string, unknown> = projectBody()): Promise<Project> {
  const created = await sb.call<Project>('POST', '/v3/projects', body);
  expect(created.status).toBe(201);
  const id = created.body.id;
  if (status >= 1) {
    const required = await sb.call<{ documentType: number }[]>('GET', `/v3/projects/${id}/required`);
    for (const d of required.body) {
      const up = await sb.upload(`/v3/projects/${id}/documents`, {
        documentType: String(d.documentType),
        file: { name: 'doc.pdf', bytes: PDF_BYTES },
      });
      expect(up.status).toBe(201);
    }
    expect((await sb.call('POST', `/v3/projects/${id}/apply`)).status).toBe(200);
  }
  if (status >= 2) expect((await sb.call('POST', `/sandbox/projects/${id}/documents/validate`)).status).toBe(200);
  if (status >= 3) {
    // the lease started LEASE_MONTHS_BACK months ago (a lease cannot start in the past, so the
    // rental information is given then): a claim may start in any month since, as on the service
    const today = (await sb.call<{ today: string }>('GET', '/sandbox/clock')).body.today;
    const start = addMonths(today, -LEASE_MONTHS_BACK);
    expect((await sb.call('POST', '/sandbox/clock', { today: start })).status).toBe(200);
    const rent = await sb.call('POST', `/v3/projects/${id}/rent`, rentBody(start));
    expect((await sb.call('POST', '/sandbox/clock', { today })).status).toBe(200);
    expect(rent.status).toBe(200);
  }
  const steps = ['rent/validate', 'payment/complete', 'signatures/tenant', 'signatures/owner'];
  for (let s = 4; s <= status; s++) expect((await sb.call('POST', `/sandbox/projects/${id}/${steps[s - 4]}`)).status).toBe(200);
  return (await sb.call<Project>('GET', `/v3/projects/${id}`)).body;
}

export async function today(sb: TestSandbox): Promise<string> {
  return (await sb.call<{ today: string }>('GET', '/sandbox/clock')).body.today;
}

/** An active project with a claim whose first unpaid month is `firstDue`. */
export async function claimOn(
  sb: TestSandbox,
  firstDue: string,
  overrides: Record<string, unknown> = {},
): Promise<{ project: Project; claim: Claim }> {
  const project = await projectAt(sb, 7);
  const res = await sb.call<Claim>('POST', `/v1/projects/${project.id}/claims`, claimBody(firstDue, overrides));
  expect(res.status).toBe(201);
  return { project, claim: res.body };
}

export async function uploadClaimDocuments(sb: TestSandbox, claimId: string, types = [1, 2, 3]): Promise<void> {
  for (const t of types) {
    const up = await sb.upload(`/v1/claims/${claimId}/documents`, {
      documentType: String(t),
      file: { name: `c${t}.pdf`, bytes: PDF_BYTES },
    });
    expect(up.status).toBe(201);
  }
}

/** A validated claim (documents, apply, back-office validation). */
export async function validatedClaim(sb: TestSandbox, firstDue: string, overrides: Record<string, unknown> = {}) {
  const r = await claimOn(sb, firstDue, overrides);
  await uploadClaimDocuments(sb, r.claim.id);
  expect((await sb.call('POST', `/v1/claims/${r.claim.id}/apply`)).status).toBe(200);
  expect((await sb.call('POST', `/sandbox/claims/${r.claim.id}/validate`)).status).toBe(200);
  return r;
}
