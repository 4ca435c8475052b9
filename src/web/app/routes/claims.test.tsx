import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { LIST_PATHS } from '../../../contract/lists.js';
import type { Session } from '../../../contract/session.js';
import { sessionQueryOptions } from '../../features/auth/api/get-session.js';
import { createQueryClient } from '../../lib/query-client.js';
import { claimFixture } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';
import { requests, server } from '../../test/server.js';
import ClaimsRoute from './claims.js';

const session = (role: 'intermediary' | 'staff'): Session => ({
  user: { email: `${role}@demo-agency.fr`, name: role === 'staff' ? 'Samuel Staff' : 'Inès Intermédiaire', role },
  mode: 'live',
  today: '2026-06-15',
  csrfToken: 't',
});
const mine = claimFixture({ tenant: { firstName: 'Léa', lastName: 'Mienne', email: 'lea@exemple.fr' } });
const agency = claimFixture({
  id: '0c6d5e4f-3a2b-4c1d-8e9f-a0b1c2d3e4f5',
  tenant: { firstName: 'Hugo', lastName: 'Agence', email: 'hugo@exemple.fr' },
});

function answering(role: 'intermediary' | 'staff') {
  server.use(
    http.get('/api/session', () => HttpResponse.json(session(role))),
    http.get('/api/colleagues', () => HttpResponse.json({ colleagues: [], me: 'u-staff' })),
    http.get(LIST_PATHS.claims, ({ request }) => {
      const items = new URL(request.url).searchParams.get('view') === 'mine' ? [mine] : [mine, agency];
      return HttpResponse.json({
        items: items.map((c) => ({ ...c, assignee: null })),
        page: 1,
        pageSize: 20,
        total: items.length,
        asOf: Date.parse('2026-06-15T10:00:00Z'),
      });
    }),
  );
}
/** Signed in, as the app's shell makes sure before any page is drawn (require-session.tsx). */
function signedIn(role: 'intermediary' | 'staff') {
  const client = createQueryClient();
  client.setQueryData(sessionQueryOptions().queryKey, session(role));
  return client;
}
const listReads = () => requests.filter((r) => r.startsWith(`GET ${LIST_PATHS.claims}`));

test('an intermediary’s claims open on hers (opened or looked after); the agency’s are one tap away, and the address says so', async () => {
  answering('intermediary');
  const view = await renderApp(<ClaimsRoute />, { path: '/claims', client: signedIn('intermediary') });
  const switcher = await screen.findByRole('group', { name: 'Sinistres affichés' });
  expect(await screen.findByRole('link', { name: 'Léa Mienne' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Mes sinistres' })).toHaveAttribute('aria-pressed', 'true');
  expect(switcher).toHaveAccessibleDescription('Ceux que vous avez ouverts ou que vous suivez.');
  expect(screen.queryByRole('link', { name: 'Hugo Agence' })).toBeNull();
  expect(listReads().every((r) => r.includes('view=mine'))).toBe(true);
  await userEvent.click(screen.getByRole('button', { name: 'Tous ceux de l’agence' }));
  expect(await screen.findByRole('link', { name: 'Hugo Agence' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(listReads().at(-1)).not.toContain('view=');
  expect(view.location()).toBe('/claims?view=all');
  // the export follows the view shown
  await userEvent.click(screen.getByRole('button', { name: 'Mes sinistres' }));
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Hugo Agence' })).toBeNull(), { timeout: 10_000 });
  expect(screen.getByRole('link', { name: 'Exporter (CSV)' }).getAttribute('href')).toContain('view=mine');
});

test('staff keep every claim of the agency, with no such switch', async () => {
  answering('staff');
  await renderApp(<ClaimsRoute />, { path: '/claims', client: signedIn('staff') });
  expect(await screen.findByRole('link', { name: 'Hugo Agence' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Sinistres affichés' })).toBeNull();
  expect(listReads().some((r) => r.includes('view='))).toBe(false);
});
