import type { QueryClient } from '@tanstack/react-query';

/**
 * The reads each page starts with, started by its route's loader while the page's code downloads
 * (router.tsx). Each page's read loads only its own query code (and the contract's schemas it
 * parses with): the round's read does not wait for the lists' code, and the sign-in page carries
 * none of it.
 */
type Prefetch = (qc: QueryClient, url: URL, id: string) => Promise<void>;

/** The signed-in role: a list of claims opens on the role's own view (an intermediary's: hers). */
async function roleOf(qc: QueryClient) {
  const { sessionQueryOptions } = await import('../features/auth/api/get-session.js');
  return (await qc.ensureQueryData(sessionQueryOptions())).user.role;
}
export type Prefetchers = Record<'inbox' | 'projects' | 'projectDetail' | 'claims' | 'claimWorkspace' | 'round', Prefetch>;

export const prefetchers: Prefetchers = {
  inbox: async (qc, url) => {
    const [{ inboxQueryOptions }, { inboxList }, role] = await Promise.all([
      import('../features/inbox/api/get-inbox.js'),
      import('./list-queries.js'),
      roleOf(qc),
    ]);
    void qc.prefetchQuery(inboxQueryOptions(inboxList(url.searchParams, role).query));
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
    const [{ claimRowsQueryOptions }, { claimList }, role] = await Promise.all([
      import('../features/claims/api/get-claim-rows.js'),
      import('./list-queries.js'),
      roleOf(qc),
    ]);
    void qc.prefetchQuery(claimRowsQueryOptions(claimList(url.searchParams, role).query));
  },
  claimWorkspace: async (qc, _url, id) => (await import('../features/claims/api/claim-reads.js')).prefetchClaimWorkspace(qc, id),
  // every claim's month to declare
  round: async (qc, url) => {
    const [{ roundQueryOptions }, { claimViewParam }, role] = await Promise.all([
      import('../features/round/api/get-round.js'),
      import('./list-queries.js'),
      roleOf(qc),
    ]);
    void qc.prefetchQuery(roundQueryOptions(claimViewParam(url.searchParams, role)));
  },
};
