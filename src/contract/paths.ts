import { GUID_PATTERN } from './guid.js';

/**
 * The 27 operations of spec section 4: the only paths the dashboard server forwards.
 * Path parameters are written `:name` and are always GUIDs.
 */
export interface Operation {
  readonly id: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly area: 'claims' | 'projects';
  /** Creating POSTs: the server honours an Idempotency-Key on them. */
  readonly creates?: boolean;
  /** multipart/form-data upload. */
  readonly upload?: boolean;
}

export const OPERATIONS = [
  { id: 'createClaim', method: 'POST', path: '/v1/projects/:projectId/claims', area: 'claims', creates: true },
  { id: 'listClaims', method: 'GET', path: '/v1/claims', area: 'claims' },
  { id: 'getClaimRequiredDocuments', method: 'GET', path: '/v1/claims/:claimId/documents/required', area: 'claims' },
  { id: 'addClaimDocument', method: 'POST', path: '/v1/claims/:claimId/documents', area: 'claims', upload: true },
  { id: 'applyClaim', method: 'POST', path: '/v1/claims/:claimId/apply', area: 'claims' },
  { id: 'listRentalDebts', method: 'GET', path: '/v1/claims/:claimId/rentaldebts', area: 'claims' },
  { id: 'listRentalDebtsPendingSignature', method: 'GET', path: '/v1/claims/:claimId/rentaldebts/pending-signature', area: 'claims' },
  { id: 'addRentalDebt', method: 'POST', path: '/v1/claims/:claimId/rentaldebts', area: 'claims', creates: true },
  { id: 'updateRentalDebt', method: 'PUT', path: '/v1/claims/:claimId/rentaldebts/:rentalDebtId', area: 'claims' },
  { id: 'listPayments', method: 'GET', path: '/v1/claims/:claimId/payments', area: 'claims' },
  { id: 'addPayment', method: 'POST', path: '/v1/claims/:claimId/payments', area: 'claims', creates: true },
  { id: 'updatePayment', method: 'PUT', path: '/v1/claims/:claimId/payments/:paymentId', area: 'claims' },
  { id: 'deletePayment', method: 'DELETE', path: '/v1/claims/:claimId/payments/:paymentId', area: 'claims' },
  { id: 'getClaimStats', method: 'GET', path: '/v1/claims/:claimId/stats', area: 'claims' },
  { id: 'getScore', method: 'POST', path: '/v3/score', area: 'projects' },
  { id: 'createProject', method: 'POST', path: '/v3/projects', area: 'projects', creates: true },
  { id: 'listProjects', method: 'GET', path: '/v3/projects', area: 'projects' },
  { id: 'getProject', method: 'GET', path: '/v3/projects/:id', area: 'projects' },
  { id: 'getProjectRequiredDocuments', method: 'GET', path: '/v3/projects/:projectId/required', area: 'projects' },
  { id: 'addProjectDocument', method: 'POST', path: '/v3/projects/:id/documents', area: 'projects', upload: true },
  { id: 'listProjectDocuments', method: 'GET', path: '/v3/projects/:id/documents', area: 'projects' },
  { id: 'deleteProjectDocument', method: 'DELETE', path: '/v3/projects/:id/documents/:documentId', area: 'projects' },
  { id: 'applyProject', method: 'POST', path: '/v3/projects/:id/apply', area: 'projects' },
  { id: 'getCertificate', method: 'GET', path: '/v3/projects/:id/documents/certificate', area: 'projects' },
  { id: 'addRentalInformation', method: 'POST', path: '/v3/projects/:id/rent', area: 'projects' },
  { id: 'getProjectPayment', method: 'GET', path: '/v3/projects/:id/payment', area: 'projects' },
  { id: 'getOrganizationStats', method: 'GET', path: '/v3/projects/stats', area: 'projects' },
] as const satisfies readonly Operation[];

export type OperationId = (typeof OPERATIONS)[number]['id'];

/** The exact paths a pattern names, each `:param` a GUID captured in order: pathRegExp('/v3/projects/:id'). */
export function pathRegExp(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[a-zA-Z]+/g, `(${GUID_PATTERN})`)}$`);
}

const MATCHERS = OPERATIONS.map((op) => ({ op, re: pathRegExp(op.path) }));

/**
 * The operation a method and a path (no query string) name, or null. Static segments win over
 * parameters (`/v3/projects/stats` is the stats, not a project id), which GUID-only params ensure.
 */
export function matchOperation(method: string, path: string): { op: Operation; params: string[] } | null {
  for (const { op, re } of MATCHERS) {
    if (op.method !== method) continue;
    const m = re.exec(path);
    if (m) return { op, params: m.slice(1) };
  }
  return null;
}

/** Fill a path pattern: buildPath('/v3/projects/:id', { id }). */
export function buildPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([a-zA-Z]+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
}
