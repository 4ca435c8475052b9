import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ApiError } from '../lib/api-error.js';
import { currentLang } from '../lib/i18n.js';
import { loadFeatureCopy } from './i18n/load.js';
import { prefetchers, type Prefetchers } from './prefetch.js';
import { RouteError } from './route-error.js';

/**
 * A page, loaded through the route's `lazy`: its code and the features' copy in the UI language,
 * downloaded side by side. Code that fails to download is a network failure (the route's error
 * view says so and offers a retry), not an unexpected error.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => {
  try {
    const [module] = await Promise.all([load(), loadFeatureCopy(currentLang())]);
    return { Component: module.default };
  } catch {
    throw new ApiError(0, 'NETWORK', null);
  }
};

/** What index.html shows before the app runs (its inline styles): drawn again while the first page loads. */
function Starting() {
  return (
    <>
      <div className="boot-bar" />
      <div className="boot-spin" />
    </>
  );
}

/**
 * The app's routes, each page a chunk of its own (react-router's route `lazy`). A page's loader
 * starts its first reads while its code downloads and does not wait for them (TanStack Query's
 * prefetchQuery: the page shows its own loading states and finds the answers in the cache). Each
 * page's read loads its own query code (prefetch.ts), so the sign-in page does not carry it.
 */
export function createRouter(queryClient: QueryClient) {
  const read =
    (name: keyof Prefetchers) =>
    ({ request, params }: LoaderFunctionArgs) => {
      // (a failed download is no error here: the page makes its reads itself once drawn)
      prefetchers[name](queryClient, new URL(request.url), params.id ?? '').catch(() => undefined);
      return null;
    };
  const pages: RouteObject[] = [
    {
      path: '/sign-in',
      // the mode decides whether the page shows the sandbox's notice: known before the page is drawn,
      // so the notice does not push the form down once it is on screen
      loader: async () => {
        const { getModeQueryOptions } = await import('../features/auth/api/get-mode.js');
        await queryClient.ensureQueryData(getModeQueryOptions()).catch(() => undefined);
        return null;
      },
      lazy: page(() => import('./routes/sign-in.js')),
      errorElement: <RouteError />,
    },
    { path: '/sign-out', lazy: page(() => import('./routes/sign-out.js')), errorElement: <RouteError /> },
    // an invitation's or a password reset's link (its token in the fragment): outside the session
    { path: '/set-password', lazy: page(() => import('./routes/set-password.js')), errorElement: <RouteError /> },
    {
      // the signed-in shell (menu, live events): a chunk of its own, the sign-in page does not load it
      lazy: async () => {
        try {
          return { Component: (await import('./require-session.js')).RequireSession };
        } catch {
          throw new ApiError(0, 'NETWORK', null);
        }
      },
      loader: () => {
        void import('../features/auth/api/get-session.js').then(({ sessionQueryOptions }) =>
          queryClient.prefetchQuery(sessionQueryOptions()),
        );
        return null;
      },
      errorElement: <RouteError />,
      // a page that fails (its code did not download) shows its error inside the menu's frame
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, loader: read('inbox'), lazy: page(() => import('./routes/inbox.js')) },
            { path: '/projects', loader: read('projects'), lazy: page(() => import('./routes/projects.js')) },
            { path: '/projects/new', lazy: page(() => import('./routes/project-new.js')) },
            { path: '/projects/:id', loader: read('projectDetail'), lazy: page(() => import('./routes/project-detail.js')) },
            { path: '/projects/:id/claims/new', lazy: page(() => import('./routes/claim-new.js')) },
            { path: '/claims', loader: read('claims'), lazy: page(() => import('./routes/claims.js')) },
            { path: '/claims/:id', loader: read('claimWorkspace'), lazy: page(() => import('./routes/claim-workspace.js')) },
            { path: '/round', loader: read('round'), lazy: page(() => import('./routes/round.js')) },
            { path: '/stats', lazy: page(() => import('./routes/stats.js')) },
            { path: '/events', lazy: page(() => import('./routes/events.js')) },
            { path: '/audit', lazy: page(() => import('./routes/audit.js')) },
            { path: '/settings', lazy: page(() => import('./routes/settings.js')) },
            { path: '/team', lazy: page(() => import('./routes/team.js')) },
            { path: '/account', lazy: page(() => import('./routes/account.js')) },
          ],
        },
      ],
    },
    { path: '*', lazy: page(() => import('./routes/not-found.js')), errorElement: <RouteError /> },
  ];
  // until the first page's code is there, index.html's header bar and spinner (the same elements)
  return createBrowserRouter([{ hydrateFallbackElement: <Starting />, children: pages }]);
}

export type AppRouter = ReturnType<typeof createRouter>;
