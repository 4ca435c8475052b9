import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { LIST_PATHS } from '../../../contract/lists.js';
import { renderApp } from '../../test/render.js';
import { server } from '../../test/server.js';
import ProjectsRoute from './projects.js';

const session = {
  user: { email: 'staff@demo-agency.fr', name: 'Samuel Staff', role: 'staff' },
  mode: 'live',
  today: '2026-06-15',
  csrfToken: 't',
};

/** A server whose read model has not finished its first sync: no row yet, `asOf` null. */
function beforeFirstSync() {
  server.use(
    http.get('/api/session', () => HttpResponse.json(session)),
    http.get('/api/colleagues', () => HttpResponse.json({ colleagues: [], me: 'u-staff' })),
    http.get(LIST_PATHS.projects, () => HttpResponse.json({ items: [], page: 1, pageSize: 20, total: 0, asOf: null })),
  );
}

test('before the first sync, the list says the first synchronisation is in progress, not that the organization has no project', async () => {
  beforeFirstSync();
  await renderApp(<ProjectsRoute />);
  const table = await screen.findByRole('table', { name: 'Projets de garantie' });
  expect(await within(table).findByText('Première synchronisation en cours…', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(within(table).queryByText(/aucun projet/i)).toBeNull();
});

test('in English too', async () => {
  beforeFirstSync();
  await renderApp(<ProjectsRoute />, { lang: 'en' });
  expect(
    await within(await screen.findByRole('table', { name: 'Guarantee projects' })).findByText(
      'First synchronisation in progress…',
      {},
      { timeout: 10_000 },
    ),
  ).toBeInTheDocument();
});
