import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

test('an export asked before the first sync says it has not completed and the partner’s last answer, instead of a failed download', async () => {
  beforeFirstSync();
  const answer = 'The partner service answered an HTML page (text/html)';
  server.use(
    http.get('/api/exports/projects.csv', () =>
      HttpResponse.json(
        {
          code: 'FIRST_SYNC_PENDING',
          message: `The first synchronisation with the partner service has not completed: ${answer}.`,
          requestId: 'req-1',
          details: [{ path: 'partner', message: answer }],
        },
        { status: 503, headers: { 'retry-after': '60' } },
      ),
    ),
  );
  await renderApp(<ProjectsRoute />);
  await within(await screen.findByRole('table', { name: 'Projets de garantie' })).findByText(
    'Première synchronisation en cours…',
    {},
    { timeout: 10_000 },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Exporter (CSV)' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('La première synchronisation avec le service partenaire n’est pas terminée');
  expect(dialog).toHaveTextContent(`Dernière réponse du service partenaire : ${answer}`);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

test('once synced, the export is a plain link the browser downloads itself', async () => {
  beforeFirstSync();
  server.use(
    http.get(LIST_PATHS.projects, () =>
      HttpResponse.json({ items: [], page: 1, pageSize: 20, total: 0, asOf: Date.parse('2026-06-15T07:58:00Z') }),
    ),
  );
  await renderApp(<ProjectsRoute />);
  expect(await screen.findByText('Aucun projet pour le moment : créez le premier.', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Exporter (CSV)' })).toHaveAttribute('href', '/api/exports/projects.csv?lang=fr');
});
