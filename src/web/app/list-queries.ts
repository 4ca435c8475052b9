import { ClaimViewSchema, defaultClaimView, type ClaimView } from '../../contract/assignments.js';
import { GuidSchema, readPage } from '../../contract/common.js';
import { ClaimStatusSchema, ProjectStatusSchema, type ClaimStatus, type ProjectStatus } from '../../contract/enums.js';
import { AssigneeFilterSchema } from '../../contract/assignees.js';
import { CLAIM_ROW_SORTS, type ClaimRowSort, type ClaimRowsQuery, type ProjectRowsQuery } from '../../contract/list-queries.js';
import { InboxKindSchema, InboxSortSchema, type InboxKind, type InboxQuery, type InboxSort } from '../../contract/inbox.js';
import type { Role } from '../../contract/session.js';

/**
 * Which claims a list shows, from its URL: `view=mine|all`, else the role's own (an intermediary
 * opens on hers: `mine`). Sent only when it is `mine` (the server's default is every claim), so
 * the default view of every other role shares its cache with the menu's badges.
 */
export function claimViewParam(params: URLSearchParams, role: Role | undefined): ClaimView {
  const asked = ClaimViewSchema.safeParse(params.get('view'));
  return asked.success ? asked.data : role ? defaultClaimView(role) : 'all';
}

/** The URL's value for a view chosen: none when it is the role's own. */
export const claimViewUpdate = (view: ClaimView, role: Role | undefined): string | null =>
  role && view === defaultClaimView(role) ? null : view;

/**
 * What each list reads, from its URL: the page draws it and the route's loader starts reading it
 * while the page's code downloads (one function, so both ask for the same cache entry).
 */
export function projectList(params: URLSearchParams) {
  const statuses = params
    .getAll('status')
    .map(Number)
    .filter((s): s is ProjectStatus => ProjectStatusSchema.safeParse(s).success);
  const search = params.get('search') ?? '';
  const sort = params.get('sort') === 'createDate' ? ('createDate' as const) : ('-createDate' as const);
  const { page, pageSize } = readPage(params);
  const assignee = assigneeParam(params);
  const query: ProjectRowsQuery = {
    page,
    pageSize,
    status: statuses,
    search: search || undefined,
    sort,
    ...(assignee ? { assignee } : {}),
  };
  return { statuses, search, sort, assignee, page, pageSize, query };
}

export function claimList(params: URLSearchParams, role: Role | undefined) {
  const statuses = params
    .getAll('status')
    .map(Number)
    .filter((s): s is ClaimStatus => ClaimStatusSchema.safeParse(s).success);
  const projectParam = params.get('projectId');
  const projectId = projectParam && GuidSchema.safeParse(projectParam).success ? projectParam : undefined;
  const { page, pageSize } = readPage(params);
  const search = params.get('search') ?? '';
  const sortParam = params.get('sort');
  const sort: ClaimRowSort = (CLAIM_ROW_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as ClaimRowSort) : '-opened';
  const assignee = assigneeParam(params);
  const view = claimViewParam(params, role);
  const query: ClaimRowsQuery = {
    page,
    pageSize,
    status: statuses,
    projectId,
    sort,
    ...(search ? { search } : {}),
    ...(assignee ? { assignee } : {}),
    ...(view === 'mine' ? { view } : {}),
  };
  return { statuses, projectId, search, sort, assignee, view, page, pageSize, query };
}

/** "Looked after by" from the URL: '' (everyone), 'me' or a colleague's id. */
export function assigneeParam(params: URLSearchParams): string {
  const v = params.get('assignee') ?? '';
  return AssigneeFilterSchema.safeParse(v).success ? v : '';
}

export function inboxList(params: URLSearchParams, role: Role | undefined) {
  const kinds = params.getAll('kind').filter((k): k is InboxKind => InboxKindSchema.safeParse(k).success);
  const tenant = params.get('tenant') ?? '';
  const sortParam = InboxSortSchema.safeParse(params.get('sort'));
  const sort: InboxSort = sortParam.success ? sortParam.data : 'urgency';
  const { page } = readPage(params);
  const assignee = assigneeParam(params);
  const view = claimViewParam(params, role);
  // only what is set, so the default view shares its cache with the navigation's badges
  const query: InboxQuery = {
    ...(view === 'mine' ? { view } : {}),
    ...(assignee ? { assignee } : {}),
    ...(kinds.length ? { kind: kinds } : {}),
    ...(tenant ? { tenant } : {}),
    ...(sort !== 'urgency' ? { sort } : {}),
    ...(page > 1 ? { page } : {}),
  };
  return { kinds, tenant, sort, assignee, view, page, query };
}
