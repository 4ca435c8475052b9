import type { QueryClient } from '@tanstack/react-query';
import { prefetchClaimWorkspace } from '../features/claims/api/claim-reads.js';
import { claimRowsQueryOptions } from '../features/claims/api/get-claim-rows.js';
import { inboxQueryOptions } from '../features/inbox/api/get-inbox.js';
import { projectQueryOptions } from '../features/projects/api/get-project.js';
import { projectRowsQueryOptions } from '../features/projects/api/get-project-rows.js';
import { roundQueryOptions } from '../features/round/api/get-round.js';
import { claimList, inboxList, projectList } from './list-queries.js';

/**
 * The reads each page starts with, started by its route's loader while the page's code downloads
 * (router.tsx; a chunk of its own: the sign-in page does not carry the other pages' reads).
 */
type Prefetch = (qc: QueryClient, url: URL, id: string) => void;
export type Prefetchers = Record<'inbox' | 'projects' | 'projectDetail' | 'claims' | 'claimWorkspace' | 'round', Prefetch>;

export const prefetchers: Prefetchers = {
  inbox: (qc, url) => void qc.prefetchQuery(inboxQueryOptions(inboxList(url.searchParams).query)),
  projects: (qc, url) => void qc.prefetchQuery(projectRowsQueryOptions(projectList(url.searchParams).query)),
  // the page's head (the tenant's name); its sections read once it is on screen
  projectDetail: (qc, _url, id) => void qc.prefetchQuery(projectQueryOptions(id)),
  claims: (qc, url) => void qc.prefetchQuery(claimRowsQueryOptions(claimList(url.searchParams).query)),
  claimWorkspace: (qc, _url, id) => prefetchClaimWorkspace(qc, id),
  // every claim's month to declare: beside the session's read, not after the page is drawn (issue 28's 1 s)
  round: (qc) => void qc.prefetchQuery(roundQueryOptions()),
};
