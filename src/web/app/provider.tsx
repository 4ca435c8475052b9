import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { addCatalogues, i18n, toLang } from '../lib/i18n.js';
import { createQueryClient } from '../lib/query-client.js';
import { appEn } from './i18n/en.js';
import { appFr } from './i18n/fr.js';
import { muiComponentTexts } from './mui-locales.js';
import { createRouter } from './router.js';
import { followRoleChanges, followSessionLoss } from './session-loss.js';
import { useSessionAcrossTabs } from './session-tabs.js';
import { localizedTheme } from './theme.js';

/** The theme in the UI language (what MUI's components write: mui-locales.ts). */
export function Localized({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const lang = toLang(current.language);
  const localized = localizedTheme(muiComponentTexts(lang));
  return <ThemeProvider theme={localized}>{children}</ThemeProvider>;
}

// the shell's copy comes with the app; the features' with the first page (router.tsx)
addCatalogues({ fr: appFr, en: appEn });

/**
 * The app's query client and router. Built before React's first render (main.tsx): the router
 * starts the first page's code and reads as it is built, not once React has drawn the app.
 */
export function createApp() {
  const queryClient = createQueryClient();
  return { queryClient, router: createRouter(queryClient) };
}

/** The app: its query client and router (built once), the session's loss followed from the start. */
export function App(props: { app?: ReturnType<typeof createApp> }) {
  const [{ queryClient, router }] = useState(() => props.app ?? createApp());
  useEffect(() => followSessionLoss(queryClient, router), [queryClient, router]);
  useEffect(() => followRoleChanges(queryClient), [queryClient]);
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
