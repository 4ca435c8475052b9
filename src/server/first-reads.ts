import { GuidSchema, readPage } from '../contract/common.js';
import { ClaimStatusSchema } from '../contract/enums.js';
import { buildPath, OPERATIONS, type OperationId } from '../contract/paths.js';
import { OPERATION_ANSWERS } from '../contract/responses.js';

/**
 * The reads a signed-in page starts with, by its address: the same URLs, in the same order, as the
 * SPA's route loaders fetch (web/app/router.tsx, prefetch.ts; static.test.ts holds them to it), so
 * the server can name them in the page's HTML and the browser fetches them beside the page's code
 * instead of after running it (issue 14: the lists' rows and the detail pages' titles wait for them).
 * Only the spec's read operations and the session; an address whose parameters are not valid (an
 * id that is not an id) names none, and the app reads and reports as it always did.
 */
export const SESSION_READ = '/api/session';

const path = (id: OperationId, params: Record<string, string> = {}) => {
  const op = OPERATIONS.find((o) => o.id === id && o.method === 'GET');
  if (!op) throw new Error(`not a read operation: ${id}`);
  return `/api${buildPath(op.path, params)}`;
};

/** Query strings as the SPA writes them (web/lib/operations.ts): keys in order, lists repeated. */
const withQuery = (base: string, query: [string, string | number | undefined][]) => {
  const p = new URLSearchParams();
  for (const [k, v] of query) if (v !== undefined && v !== '') p.append(k, String(v));
  const s = p.toString();
  return s ? `${base}?${s}` : base;
};

/** /claims: the list the URL asks for (web/app/list-queries.ts claimList, get-claims.ts). */
function claimList(params: URLSearchParams): string {
  const { page, pageSize } = readPage(params);
  const statuses = params
    .getAll('status')
    .map(Number)
    .filter((s) => ClaimStatusSchema.safeParse(s).success);
  const projectParam = params.get('projectId');
  const projectId = projectParam && GuidSchema.safeParse(projectParam).success ? projectParam : undefined;
  return withQuery(path('listClaims'), [
    ['page', page],
    ['pageSize', pageSize],
    ...statuses.map((s): [string, number] => ['status', s]),
    ['projectId', projectId],
  ]);
}

/** The claim workspace: the claim (found in the list's first page of 100), then each of its reads (claim-reads.ts). */
function claimWorkspace(claimId: string): string[] {
  return [
    withQuery(path('listClaims'), [
      ['page', 1],
      ['pageSize', 100],
    ]),
    path('listRentalDebts', { claimId }),
    path('listPayments', { claimId }),
    path('listRentalDebtsPendingSignature', { claimId }),
    path('getClaimStats', { claimId }),
    path('getClaimRequiredDocuments', { claimId }),
  ];
}

const isId = (s: string | undefined): s is string => s !== undefined && GuidSchema.safeParse(s).success;

/** The reads of a signed-in page address (path and query string as the browser sent them). */
export function firstReads(url: string): string[] {
  const [pathname = '/', search = ''] = url.split('?', 2);
  const params = new URLSearchParams(search);
  const parts = pathname.split('/').slice(1);
  let reads: string[] | null = null;
  if (pathname === '/claims') reads = [claimList(params)];
  else if (parts.length === 2 && parts[0] === 'claims' && isId(parts[1])) reads = claimWorkspace(parts[1]);
  else if (parts.length === 2 && parts[0] === 'projects' && isId(parts[1])) reads = [path('getProject', { id: parts[1] })];
  return reads ? [SESSION_READ, ...reads] : [];
}

/**
 * The read the server answers inside a signed-in page's HTML (static.ts), made as the visitor, so
 * the app shell paints the page's largest content before the app runs and the app takes the
 * answer for its first fetch of that URL: the claims list's page the address asks for (its rows),
 * the claim of a claim's workspace (in the list's first page of 100, as the SPA finds it) and the
 * project of a project's page (their titles). `title` reads a detail page's title from the answer;
 * null when the answer does not hold it (a claim further down the list: the app finds it itself).
 */
export interface AnsweredRead {
  url: string;
  title?: (answer: unknown) => string | null;
}

const person = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

export function answeredRead(url: string): AnsweredRead | null {
  const reads = firstReads(url);
  const [pathname = '/'] = url.split('?', 1);
  const [, area, id] = pathname.split('/');
  const read = reads[1];
  if (!read) return null;
  // the list's page, with the URL's page, size and filters (claimList: the same URL as the SPA's fetch)
  if (pathname === '/claims') return { url: read };
  if (!id) return null;
  if (area === 'claims')
    return {
      url: read,
      title: (answer) => {
        const list = OPERATION_ANSWERS.listClaims.safeParse(answer);
        const claim = list.success ? list.data.items.find((c) => c.id === id) : undefined;
        return claim ? person(claim.tenant) : null;
      },
    };
  if (area === 'projects')
    return {
      url: read,
      title: (answer) => {
        const project = OPERATION_ANSWERS.getProject.safeParse(answer);
        return project.success ? person(project.data.profile) : null;
      },
    };
  return null;
}
