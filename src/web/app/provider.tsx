import CssBaseline from '@mui/material/CssBaseline';
import { frFR as coreFr, enUS as coreEn } from '@mui/material/locale';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { newSessionEpoch, onUnauthenticated } from '../lib/api-client.js';
import { addCatalogues, currentLang, i18n, toLang } from '../lib/i18n.js';
import { createQueryClient } from '../lib/query-client.js';
import type { Lang } from '../../contract/enums.js';
import { appEn } from './i18n/en.js';
import { appFr } from './i18n/fr.js';
import { loadFeatureCopy } from './i18n/load.js';
import { createRouter } from './router.js';
import { useSessionAcrossTabs } from './session-tabs.js';
import { theme } from './theme.js';

/**
 * What MUI writes in the UI language: core components (Autocomplete's "Open", the lists'
 * pagination). The date pickers take theirs where they are drawn (components/form/date-input), the
 * charts too (charts-localized): neither is loaded before a page shows one.
 */
const MUI_LOCALES = { fr: coreFr, en: coreEn } as const satisfies Record<Lang, object>;

export function Localized({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const lang = toLang(current.language);
  const localized = useMemo(() => createTheme(theme, MUI_LOCALES[lang]), [lang]);
  return <ThemeProvider theme={localized}>{children}</ThemeProvider>;
}

// the shell's copy comes with it; the features' starts downloading now, beside the first page's code
addCatalogues({ fr: appFr, en: appEn });
void loadFeatureCopy(currentLang()).catch(() => undefined);

type AppRouter = ReturnType<typeof createRouter>;

/**
 * A call answered "not signed in" sends the visitor to sign-in (and back here after). Listened to
 * from the router's creation: its loaders' first reads can answer before the app's first render.
 */
export function followSessionLoss(queryClient: QueryClient, router: AppRouter): () => void {
  return onUnauthenticated(() => {
    const { pathname, search } = router.state.location;
    if (pathname === '/sign-in' || pathname === '/sign-out') return;
    // leave the signed-in pages first, so nothing re-reads what is cleared (each read would answer 401)
    void router.navigate(`/sign-in?next=${encodeURIComponent(pathname + search)}`, { replace: true }).then(() => {
      newSessionEpoch();
      queryClient.clear();
    });
  });
}

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
