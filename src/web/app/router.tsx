import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ApiError } from '../lib/api-error.js';
import { currentLang } from '../lib/i18n.js';
import { loadFeatureCopy } from './i18n/load.js';
import { prefetchers, type Prefetchers } from './prefetch.js';
import { RouteError } from './route-error.js';
import { TitledPages, type PageHandle } from './use-page-title.js';

/**
 * A page, loaded through the route's `lazy`: its code and the features' copy in the UI language,
 * downloaded side by side. Code that fails to download is a network failure (the route's error
 * view says so and offers a retry), not an unexpected error.
 */
const titled = (title: PageHandle) => ({ handle: title });

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
      ...titled({ title: 'signIn.title' }),
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
    {
      path: '/sign-out',
      ...titled({ title: 'nav.signingOut' }),
      lazy: page(() => import('./routes/sign-out.js')),
      errorElement: <RouteError />,
    },
    // an invitation's or a password reset's link (its token in the fragment): outside the session
    {
      path: '/set-password',
      ...titled({ named: true }),
      lazy: page(() => import('./routes/set-password.js')),
      errorElement: <RouteError />,
    },
    // an e-mail's unsubscribe link: works without signing in (the link's token is its proof)
    {
      path: '/unsubscribe',
      ...titled({ title: 'unsubscribe.title' }),
      lazy: page(() => import('./routes/unsubscribe.js')),
      errorElement: <RouteError />,
    },
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
            { index: true, ...titled({ title: 'inbox.title' }), loader: read('inbox'), lazy: page(() => import('./routes/inbox.js')) },
            {
              path: '/projects',
              ...titled({ title: 'projects.title' }),
              loader: read('projects'),
              lazy: page(() => import('./routes/projects.js')),
            },
            { path: '/projects/new', ...titled({ title: 'project.newTitle' }), lazy: page(() => import('./routes/project-new.js')) },
            {
              path: '/projects/:id',
              ...titled({ named: true }),
              loader: read('projectDetail'),
              lazy: page(() => import('./routes/project-detail.js')),
            },
            {
              path: '/projects/:id/claims/new',
              ...titled({ title: 'claim.openTitle' }),
              lazy: page(() => import('./routes/claim-new.js')),
            },
            {
              path: '/claims',
              ...titled({ title: 'claims.title' }),
              loader: read('claims'),
              lazy: page(() => import('./routes/claims.js')),
            },
            {
              path: '/claims/:id',
              ...titled({ named: true }),
              loader: read('claimWorkspace'),
              lazy: page(() => import('./routes/claim-workspace.js')),
            },
            { path: '/round', ...titled({ title: 'round.title' }), loader: read('round'), lazy: page(() => import('./routes/round.js')) },
            { path: '/stats', ...titled({ title: 'stats.title' }), lazy: page(() => import('./routes/stats.js')) },
            { path: '/events', ...titled({ title: 'events.title' }), lazy: page(() => import('./routes/events.js')) },
            { path: '/audit', ...titled({ title: 'audit.title' }), lazy: page(() => import('./routes/audit.js')) },
            { path: '/settings', ...titled({ title: 'settings.title' }), lazy: page(() => import('./routes/settings.js')) },
            { path: '/team', ...titled({ title: 'team.title' }), lazy: page(() => import('./routes/team.js')) },
            { path: '/account', ...titled({ title: 'account.title' }), lazy: page(() => import('./routes/account.js')) },
          ],
        },
      ],
    },
    {
      path: '*',
      ...titled({ title: 'common.notFound' }),
      lazy: page(() => import('./routes/not-found.js')),
      errorElement: <RouteError />,
    },
  ];
  // until the first page's code is there, index.html's header bar and spinner (the same elements)
  return createBrowserRouter([{ Component: TitledPages, hydrateFallbackElement: <Starting />, children: pages }]);
}

export type AppRouter = ReturnType<typeof createRouter>;
