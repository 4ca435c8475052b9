import { createBrowserRouter, Navigate } from 'react-router';
import { RequireSession } from './require-session.js';
import { RouteError } from './route-error.js';

/** Routes are split by page: sign-in and the project list load without the other pages' code. */
export function createRouter() {
  return createBrowserRouter([
    { path: '/sign-in', lazy: async () => ({ Component: (await import('./routes/sign-in.js')).default }), errorElement: <RouteError /> },
    {
      element: <RequireSession />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <Navigate to="/projects" replace /> },
        { path: '/projects', lazy: async () => ({ Component: (await import('./routes/projects.js')).default }) },
        { path: '/projects/new', lazy: async () => ({ Component: (await import('./routes/project-new.js')).default }) },
        { path: '/projects/:id', lazy: async () => ({ Component: (await import('./routes/project-detail.js')).default }) },
        { path: '/projects/:id/claims/new', lazy: async () => ({ Component: (await import('./routes/claim-new.js')).default }) },
        { path: '/claims', lazy: async () => ({ Component: (await import('./routes/claims.js')).default }) },
        { path: '/claims/:id', lazy: async () => ({ Component: (await import('./routes/claim-workspace.js')).default }) },
        { path: '/stats', lazy: async () => ({ Component: (await import('./routes/stats.js')).default }) },
        { path: '/events', lazy: async () => ({ Component: (await import('./routes/events.js')).default }) },
      ],
    },
    { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found.js')).default }) },
  ]);
}
