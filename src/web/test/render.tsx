import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Themed } from '../app/provider.js';
import { LeaveGuardHost } from '../components/leave-guard.js';
import { i18n } from '../lib/i18n.js';
import { createQueryClient } from '../lib/query-client.js';

/** Menus, dialogs and popovers open and close at once (the same components, without animation time). */
const instant = (outer: object) =>
  createTheme(outer, {
    transitions: {
      create: () => 'none',
      duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
    },
  });

/**
 * Renders a piece of the app as the app does (language, MUI theme and date pickers in that
 * language, the query client, a router), in French unless told otherwise: tests read the French
 * copy a user reads.
 */
export async function renderApp(
  ui: ReactNode,
  {
    lang = 'fr',
    client = createQueryClient(),
    path = '/',
    routes = [],
  }: {
    lang?: 'fr' | 'en';
    client?: QueryClient;
    path?: string;
    /** Other addresses of the app, as the router declares them (a page whose loader is slow to answer, say). */
    routes?: RouteObject[];
  } = {},
): Promise<RenderResult & { client: QueryClient; location: () => string }> {
  await i18n.changeLanguage(lang);
  // a data router, as the app's, and the signed-in shell's guard of unsaved work (forms and pages ask before leaving)
  const router = createMemoryRouter([...routes, { path: '*', element: <LeaveGuardHost>{ui}</LeaveGuardHost> }], {
    initialEntries: [path],
  });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <Themed>
        <ThemeProvider theme={instant}>
          <QueryClientProvider client={client}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ThemeProvider>
      </Themed>
    </I18nextProvider>,
  );
  // where the app is now (path and query), as the address bar would say
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...result, client, location };
}
