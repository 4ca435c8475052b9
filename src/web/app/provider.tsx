import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, frFR } from '@mui/x-date-pickers/locales';
import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { onUnauthenticated } from '../lib/api-client.js';
import { i18n } from '../lib/i18n.js';
import { createQueryClient } from '../lib/query-client.js';
import { createRouter } from './router.js';
import { theme } from './theme.js';

/** MUI X date pickers in the user's language (dayjs locale follows i18n). */
function DatePickers({ children }: { children: React.ReactNode }) {
  const { i18n: current } = useTranslation();
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={current.language === 'en' ? 'en-gb' : 'fr'}
      localeText={(current.language === 'en' ? enUS : frFR).components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createRouter(queryClient));
  useEffect(
    () =>
      onUnauthenticated(() => {
        if (router.state.location.pathname === '/sign-in') return;
        queryClient.clear();
        const here = router.state.location.pathname + router.state.location.search;
        void router.navigate(`/sign-in?next=${encodeURIComponent(here)}`, { replace: true });
      }),
    [queryClient, router],
  );
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <DatePickers>
            <RouterProvider router={router} />
          </DatePickers>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
