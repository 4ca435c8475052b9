import CssBaseline from '@mui/material/CssBaseline';
import ThemeProvider from '@mui/system/ThemeProvider';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { addCatalogues, currentLang, i18n, toLang } from '../lib/i18n.js';
import { createQueryClient } from '../lib/query-client.js';
import { appEn } from './i18n/en.js';
import { appFr } from './i18n/fr.js';
import { loadFeatureCopy } from './i18n/load.js';
import { MUI_LOCALES } from './mui-locales.js';
import { createRouter } from './router.js';
import { followSessionLoss } from './session-loss.js';
import { useSessionAcrossTabs } from './session-tabs.js';
import { localizedTheme } from './theme.js';

/**
 * The theme in the UI language. MUI's ThemeProvider (@mui/material/styles) chooses at run time
 * between this provider and its CSS-variables one, so it brings both (~6 KB gzip at first load);
 * the theme has no colour schemes, for which MUI uses this one: @mui/system's, as MUI's material
 * ThemeProvider calls it (ThemeProviderNoVars), `vars: null` included.
 */
export function Localized({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const lang = toLang(current.language);
  const localized = useMemo(() => localizedTheme(MUI_LOCALES[lang]), [lang]);
  return <ThemeProvider theme={localized}>{children}</ThemeProvider>;
}

// the shell's copy comes with it; the features' starts downloading now, beside the first page's code
addCatalogues({ fr: appFr, en: appEn });
void loadFeatureCopy(currentLang()).catch(() => undefined);

type AppRouter = ReturnType<typeof createRouter>;

/**
 * The app; main.tsx gives it the router it has already started (the page's code loads before the
 * first render) and follows the session's loss from then on; without one, the app does both.
 */
export function App(props: { queryClient?: QueryClient; router?: AppRouter }) {
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  const [router] = useState(() => props.router ?? createRouter(queryClient));
  const ownRouter = props.router === undefined;
  useEffect(() => (ownRouter ? followSessionLoss(queryClient, router) : undefined), [ownRouter, queryClient, router]);
  useSessionAcrossTabs(queryClient, router);
  return (
    <I18nextProvider i18n={i18n}>
      <Localized>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Localized>
    </I18nextProvider>
  );
}

/** The first render (main.tsx), in slices (a transition): a slow phone answers a tap between them. */
export function drawApp(root: Root, queryClient: QueryClient, router: AppRouter): void {
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    ),
  );
}
