import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { sessionQueryOptions } from '../features/auth/api/get-session.js';
import { prefetchClaimWorkspace } from '../features/claims/api/claim-reads.js';
import { RequireSession } from './require-session.js';
import { RouteError } from './route-error.js';

/**
 * Routes are split by page: sign-in and the project list load without the other pages' code.
 * Loaders start a page's reads while its code loads (they do not wait for them: the page shows
 * its own loading states), so the network is not idle until the chunk has run.
 */
export function createRouter(queryClient: QueryClient) {
  const prefetch = (start: () => void) => {
    start();
    return null;
  };
  return createBrowserRouter([
    { path: '/sign-in', lazy: async () => ({ Component: (await import('./routes/sign-in.js')).default }), errorElement: <RouteError /> },
    { path: '/sign-out', lazy: async () => ({ Component: (await import('./routes/sign-out.js')).default }), errorElement: <RouteError /> },
    {
      element: <RequireSession />,
      errorElement: <RouteError />,
      loader: () => prefetch(() => void queryClient.prefetchQuery(sessionQueryOptions())),
      children: [
        { index: true, lazy: async () => ({ Component: (await import('./routes/inbox.js')).default }) },
        { path: '/projects', lazy: async () => ({ Component: (await import('./routes/projects.js')).default }) },
        { path: '/projects/new', lazy: async () => ({ Component: (await import('./routes/project-new.js')).default }) },
        { path: '/projects/:id', lazy: async () => ({ Component: (await import('./routes/project-detail.js')).default }) },
        { path: '/projects/:id/claims/new', lazy: async () => ({ Component: (await import('./routes/claim-new.js')).default }) },
        { path: '/claims', lazy: async () => ({ Component: (await import('./routes/claims.js')).default }) },
        {
          path: '/claims/:id',
          loader: ({ params }) => prefetch(() => prefetchClaimWorkspace(queryClient, params.id ?? '')),
          lazy: async () => ({ Component: (await import('./routes/claim-workspace.js')).default }),
        },
        { path: '/stats', lazy: async () => ({ Component: (await import('./routes/stats.js')).default }) },
        { path: '/events', lazy: async () => ({ Component: (await import('./routes/events.js')).default }) },
        { path: '/settings', lazy: async () => ({ Component: (await import('./routes/settings.js')).default }) },
      ],
    },
    { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found.js')).default }) },
  ]);
}
