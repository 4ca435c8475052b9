import CssBaseline from '@mui/material/CssBaseline';
import { frFR as coreFr, enUS as coreEn } from '@mui/material/locale';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickersEn, frFR as pickersFr } from '@mui/x-date-pickers/locales';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { newSessionEpoch, onUnauthenticated } from '../lib/api-client.js';
import { dayjsLocale } from '../lib/format.js';
import { i18n } from '../lib/i18n.js';
import { createQueryClient } from '../lib/query-client.js';
import { createRouter } from './router.js';
import { theme } from './theme.js';

/**
 * What MUI writes in the UI language: core components (Autocomplete's "Open", pagination) and the
 * date pickers (texts, and the dayjs locale: dates typed day first in French and British English).
 * The grids and charts take theirs where they are used (components/grid-locale, charts-localized).
 */
export function Localized({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const en = current.language === 'en';
  const localized = useMemo(() => (en ? createTheme(theme, coreEn, pickersEn) : createTheme(theme, coreFr, pickersFr)), [en]);
  return (
    <ThemeProvider theme={localized}>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={dayjsLocale(current.language)}>
        {children}
      </LocalizationProvider>
    </ThemeProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createRouter(queryClient));
  useEffect(
    () =>
      onUnauthenticated(() => {
        const { pathname, search } = router.state.location;
        if (pathname === '/sign-in' || pathname === '/sign-out') return;
        // leave the signed-in pages first, so nothing re-reads what is cleared (each read would answer 401)
        void router.navigate(`/sign-in?next=${encodeURIComponent(pathname + search)}`, { replace: true }).then(() => {
          newSessionEpoch();
          queryClient.clear();
        });
      }),
    [queryClient, router],
  );
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
