import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createDataRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type RouteObject,
} from 'react-router';
import { sessionQueryOptions } from '../features/auth/api/get-session.js';
import { contractSteps, readSchemaSteps } from '../lib/contract-steps.js';
import { currentLang } from '../lib/i18n.js';
import { nextTask } from '../lib/next-task.js';
import { loadFeatureCopy } from './i18n/load.js';
import type { Prefetchers } from './prefetch.js';
import { RouteError } from './route-error.js';

type Reads = { prefetchers: Prefetchers };
let reads: Promise<Reads> | undefined;
/**
 * The pages' first reads (prefetch.ts: the features' reads and the contract's schemas they check
 * answers with), after zod and the contract's shared schemas, the schemas then the reads each a task
 * of their own (issue 14).
 */
function readsModule(): Promise<Reads> {
  reads ??= contractSteps()
    .then(readSchemaSteps)
    .then(() => import('./prefetch.js'))
    .then(async (module) => {
      await nextTask();
      return module;
    })
    .catch((err: unknown) => {
      reads = undefined;
      throw err;
    });
  return reads;
}

/**
 * A page: its code and the features' copy in the UI language, downloaded side by side (the page's
 * HTML preloads its code). Evaluated in steps: zod, the contract, the reads, the copy, then the
 * page's code, rather than as one module graph in one long task; none of it in the router's
 * creation (createBrowserRouter calls `lazy` in its own call), and the page's code not in the task
 * where the router completes the navigation and the app is drawn (one task of 60-80 ms at 4x CPU).
 */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => {
  await nextTask();
  const copy = loadFeatureCopy(currentLang());
  copy.catch(() => undefined); // awaited below: a failed download fails the page then, not unhandled
  await contractSteps().catch(() => undefined);
  // the reads' module, when the route's loader started it (its HTML preloads it then)
  await reads?.catch(() => undefined);
  await copy;
  await nextTask();
  const module = await load();
  await nextTask();
  return { Component: module.default };
};

/**
 * Routes are split by page: sign-in and the project list load without the other pages' code (nor
 * the features' copy, which comes with the first page).
 * Loaders start a page's reads while its code loads (they do not wait for them: the page shows
 * its own loading states), so the network is not idle until the chunk has run.
 */
export function buildRouter(queryClient: QueryClient) {
  /**
   * Starts reads in a task of their own, not in the router's creation (createBrowserRouter runs the
   * first loaders in its own call: with the reads' start, one task of 60-150 ms at 4x CPU). The
   * page's HTML has usually asked for them already (server/first-reads.ts).
   */
  const prefetch = (start: () => void) => {
    void nextTask().then(start);
    return null;
  };
  /** Starts a page's first reads (their code is a small chunk of its own); never waits for them. */
  const read = (name: keyof Prefetchers, request: Request, id = '') =>
    prefetch(() => void readsModule().then(({ prefetchers }) => prefetchers[name](queryClient, new URL(request.url), id)));
  const routes: RouteObject[] = [
    {
      path: '/sign-in',
      // the mode's read only (usually in the page already: get-mode.ts), not the reads' module: the
      // other pages' reads and schemas were ~120 ms of evaluation at 4x CPU the sign-in page never used
      loader: () =>
        prefetch(
          () =>
            void contractSteps()
              .then(() => import('../features/auth/api/get-mode.js'))
              .then(({ getModeQueryOptions }) => queryClient.prefetchQuery(getModeQueryOptions()))
              .catch(() => undefined),
        ),
      lazy: page(() => import('./routes/sign-in.js')),
      errorElement: <RouteError />,
    },
    { path: '/sign-out', lazy: page(() => import('./routes/sign-out.js')), errorElement: <RouteError /> },
    {
      // the signed-in shell (menu, live events) is a chunk of its own: the sign-in page does not load it
      lazy: async () => {
        await nextTask();
        await contractSteps();
        // the work queue's schemas first (the menu's badges read it), then the language switch (MUI's
        // Select and menu), then the rest: the shell's evaluation was one 70-100 ms task at 4x CPU
        await import('../../contract/inbox.js');
        await nextTask();
        await import('./language-switch.js');
        await nextTask();
        const { RequireSession } = await import('./require-session.js');
        await nextTask();
        return { Component: RequireSession };
      },
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
        { path: '/audit', lazy: page(() => import('./routes/audit.js')) },
        { path: '/settings', lazy: page(() => import('./routes/settings.js')) },
      ],
    },
    { path: '*', lazy: page(() => import('./routes/not-found.js')) },
  ];
  // createBrowserRouter(routes) without its last step (initialize: the first navigation)
  return createDataRouter({ history: createBrowserHistory(), routes, mapRouteProperties, hydrationRouteProperties });
}

/**
 * The app's router, at its first navigation (the page's code and first reads on their way).
 * provider.tsx's own (tests, an app drawn without main.tsx).
 */
export const createRouter = (queryClient: QueryClient): AppRouter => buildRouter(queryClient).initialize();

export type AppRouter = ReturnType<typeof buildRouter>;
