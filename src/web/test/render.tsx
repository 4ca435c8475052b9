import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Localized } from '../app/provider.js';
import { i18n } from '../lib/i18n.js';
import { createQueryClient } from '../lib/query-client.js';

/**
 * Renders a piece of the app as the app does (language, MUI theme and date pickers in that
 * language, the query client, a router), in French unless told otherwise: tests read the French
 * copy a user reads.
 */
export async function renderApp(
  ui: ReactNode,
  { lang = 'fr', client = createQueryClient(), path = '/' }: { lang?: 'fr' | 'en'; client?: QueryClient; path?: string } = {},
): Promise<RenderResult & { client: QueryClient }> {
  await i18n.changeLanguage(lang);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <Localized>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </Localized>
    </I18nextProvider>,
  );
  return { ...result, client };
}
