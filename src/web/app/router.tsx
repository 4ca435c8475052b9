import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { sessionQueryOptions } from '../features/auth/api/get-session.js';
import { currentLang } from '../lib/i18n.js';
import { loadFeatureCopy } from './i18n/load.js';
import type { Prefetchers } from './prefetch.js';
import { RouteError } from './route-error.js';

/** A page: its code and the features' copy in the UI language, downloaded side by side. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const [module] = await Promise.all([load(), loadFeatureCopy(currentLang())]);
  return { Component: module.default };
};

/**
 * Routes are split by page: sign-in and the project list load without the other pages' code (nor
 * the features' copy, which comes with the first page).
 * Loaders start a page's reads while its code loads (they do not wait for them: the page shows
 * its own loading states), so the network is not idle until the chunk has run.
 */
export function createRouter(queryClient: QueryClient) {
  const prefetch = (start: () => void) => {
    start();
    return null;
  };
  /** Starts a page's first reads (their code is a small chunk of its own); never waits for them. */
  const read = (name: keyof Prefetchers, request: Request, id = '') =>
    prefetch(() => void import('./prefetch.js').then(({ prefetchers }) => prefetchers[name](queryClient, new URL(request.url), id)));
  return createBrowserRouter([
    {
      path: '/sign-in',
      loader: ({ request }) => read('signIn', request),
      lazy: page(() => import('./routes/sign-in.js')),
      errorElement: <RouteError />,
    },
    { path: '/sign-out', lazy: page(() => import('./routes/sign-out.js')), errorElement: <RouteError /> },
    {
      // the signed-in shell (menu, live events) is a chunk of its own: the sign-in page does not load it
      lazy: async () => ({ Component: (await import('./require-session.js')).RequireSession }),
      errorElement: <RouteError />,
      loader: () => prefetch(() => void queryClient.prefetchQuery(sessionQueryOptions())),
      children: [
        { index: true, loader: ({ request }) => read('inbox', request), lazy: page(() => import('./routes/inbox.js')) },
        { path: '/projects', loader: ({ request }) => read('projects', request), lazy: page(() => import('./routes/projects.js')) },
        { path: '/projects/new', lazy: page(() => import('./routes/project-new.js')) },
        {
          path: '/projects/:id',
          loader: ({ params, request }) => read('projectDetail', request, params.id ?? ''),
          lazy: page(() => import('./routes/project-detail.js')),
        },
        { path: '/projects/:id/claims/new', lazy: page(() => import('./routes/claim-new.js')) },
        { path: '/claims', loader: ({ request }) => read('claims', request), lazy: page(() => import('./routes/claims.js')) },
        {
          path: '/claims/:id',
          loader: ({ params, request }) => read('claimWorkspace', request, params.id ?? ''),
          lazy: page(() => import('./routes/claim-workspace.js')),
        },
        { path: '/stats', lazy: page(() => import('./routes/stats.js')) },
        { path: '/events', lazy: page(() => import('./routes/events.js')) },
        { path: '/settings', lazy: page(() => import('./routes/settings.js')) },
      ],
    },
    { path: '*', lazy: page(() => import('./routes/not-found.js')) },
  ]);
}
