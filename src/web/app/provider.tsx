import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { addCatalogues, i18n } from '../lib/i18n.js';
import { createQueryClient } from '../lib/query-client.js';
import { appEn } from './i18n/en.js';
import { appFr } from './i18n/fr.js';
import { createRouter } from './router.js';
import { followRoleChanges, followSessionLoss } from './session-loss.js';
import { useSessionAcrossTabs } from './session-tabs.js';
import { theme } from './theme.js';

/** The app's theme (the same in both languages: MUI's own words are given where drawn, lib/mui-texts.ts). */
export function Themed({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
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
      <Themed>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Themed>
    </I18nextProvider>
  );
}
