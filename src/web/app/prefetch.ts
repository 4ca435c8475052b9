import type { QueryClient } from '@tanstack/react-query';

/**
 * The reads each page starts with, started by its route's loader while the page's code downloads
 * (router.tsx). Each page's read loads only its own query code (and the contract's schemas it
 * parses with): the round's read does not wait for the lists' code, and the sign-in page carries
 * none of it.
 */
type Prefetch = (qc: QueryClient, url: URL, id: string) => Promise<void>;
export type Prefetchers = Record<'inbox' | 'projects' | 'projectDetail' | 'claims' | 'claimWorkspace' | 'round', Prefetch>;

export const prefetchers: Prefetchers = {
  inbox: async (qc, url) => {
    const [{ inboxQueryOptions }, { inboxList }] = await Promise.all([
      import('../features/inbox/api/get-inbox.js'),
      import('./list-queries.js'),
    ]);
    void qc.prefetchQuery(inboxQueryOptions(inboxList(url.searchParams).query));
  },
  projects: async (qc, url) => {
    const [{ projectRowsQueryOptions }, { projectList }] = await Promise.all([
      import('../features/projects/api/get-project-rows.js'),
      import('./list-queries.js'),
    ]);
    void qc.prefetchQuery(projectRowsQueryOptions(projectList(url.searchParams).query));
  },
  // the page's head (the tenant's name); its sections read once it is on screen
  projectDetail: async (qc, _url, id) => {
    const { projectQueryOptions } = await import('../features/projects/api/get-project.js');
    void qc.prefetchQuery(projectQueryOptions(id));
  },
  claims: async (qc, url) => {
    const [{ claimRowsQueryOptions }, { claimList }] = await Promise.all([
      import('../features/claims/api/get-claim-rows.js'),
      import('./list-queries.js'),
    ]);
    void qc.prefetchQuery(claimRowsQueryOptions(claimList(url.searchParams).query));
  },
  claimWorkspace: async (qc, _url, id) => (await import('../features/claims/api/claim-reads.js')).prefetchClaimWorkspace(qc, id),
  // every claim's month to declare
  round: async (qc) => {
    const { roundQueryOptions } = await import('../features/round/api/get-round.js');
    void qc.prefetchQuery(roundQueryOptions());
  },
};
