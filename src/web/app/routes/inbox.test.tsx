import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test, vi } from 'vitest';
import { INBOX_KINDS, type InboxLine } from '../../../contract/inbox.js';
import { renderApp } from '../../test/render.js';
import { server } from '../../test/server.js';
import InboxRoute from './inbox.js';

const session = {
  user: { email: 'staff@demo-agency.fr', name: 'Samuel Staff', role: 'staff' },
  mode: 'live',
  today: '2026-06-15',
  csrfToken: 't',
};

const guid = (i: number) => `5d1e2f3a-4b5c-4d6e-8f70-${String(i).padStart(12, '0')}`;
const lines: InboxLine[] = Array.from({ length: 30 }, (_, i) => ({
  area: 'claim',
  kind: 'claim.receipts',
  claimId: guid(i),
  projectId: guid(100 + i),
  tenant: { firstName: 'Locataire', lastName: `N${i + 1}` },
  since: '2026-05-01',
  days: 45,
  months: null,
  receipts: { count: 1, oldest: '2026-04-01' },
  documents: null,
  assignee: null,
}));

afterEach(() => vi.restoreAllMocks());

/** The session, and a work queue whose first page holds `page` of `total` receipt lines. */
function answers(page: InboxLine[], total: number, asOf: () => number | null = () => null) {
  server.use(
    http.get('/api/session', () => HttpResponse.json(session)),
    http.get('/api/colleagues', () => HttpResponse.json({ colleagues: [{ id: 'u-staff', name: 'Samuel Staff' }], me: 'u-staff' })),
    http.get('/api/inbox', () =>
      HttpResponse.json({
        generatedAt: '2026-06-15T08:00:00.000Z',
        asOf: asOf(),
        today: '2026-06-15',
        lines: page,
        page: 1,
        pageSize: 30,
        total,
        counts: Object.fromEntries(INBOX_KINDS.map((k) => [k, k === 'claim.receipts' ? total : 0])),
        areas: { claims: total, projects: 0 },
      }),
    ),
  );
}

test('the work queue shows every line of the page in order, each once, and the pages below them', async () => {
  answers(lines, 60);
  await renderApp(<InboxRoute />);
  await screen.findByRole('list', { name: /\(60\)$/ }, { timeout: 10_000 });
  // in order, each once
  const group = within(screen.getByRole('list', { name: /\(60\)$/ }));
  expect(group.getAllByText(/^Locataire N\d+$/).map((t) => t.textContent)).toEqual(
    lines.map((l) => `${l.tenant.firstName} ${l.tenant.lastName}`),
  );
  expect(screen.getByRole('navigation', { name: 'Pages de la liste' })).toBeInTheDocument();
});

test('a tenant with nothing due is one click from their file: the empty answer links to the projects searched by that name', async () => {
  answers([], 0, () => Date.parse('2026-06-15T07:58:00Z'));
  await renderApp(<InboxRoute />, { path: '/?tenant=%C5%81ukasz%20Nguy%E1%BB%85n' });
  expect(await screen.findByText(/Rien à faire pour « Łukasz Nguyễn » en ce moment\./, {}, { timeout: 10_000 })).toBeInTheDocument();
  const link = screen.getByRole('link', { name: 'Chercher « Łukasz Nguyễn » dans les projets' });
  expect(new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('search')).toBe('Łukasz Nguyễn');
});

test('before the first sync, an empty work queue says the first synchronisation is in progress, not that nothing awaits', async () => {
  answers([], 0);
  await renderApp(<InboxRoute />);
  expect(await screen.findByText('Première synchronisation en cours…', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.queryByText('Rien ne vous attend pour le moment.')).toBeNull();
});

test('while the server’s first sync runs, the work queue says it is filling in, and fills in by itself', async () => {
  let synced = false;
  answers(lines.slice(0, 2), 2, () => (synced ? Date.parse('2026-06-15T07:58:00Z') : null));
  await renderApp(<InboxRoute />);
  expect(await screen.findByText('Première synchronisation en cours : la liste se complète.', {}, { timeout: 10_000 })).toBeInTheDocument();
  synced = true;
  // no click, no reload: the list is read again while the first sync runs
  expect(await screen.findByText(/^Données au 15\/06\/2026/, {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.queryByText('Première synchronisation en cours : la liste se complète.')).not.toBeInTheDocument();
});

test('a line about months says how long its rent has been due, explained under its group, and never calls it late', async () => {
  const monthsLine = (i: number, oldest: string, daysLate: number): InboxLine => ({
    area: 'claim',
    kind: 'claim.months',
    claimId: guid(200 + i),
    projectId: guid(300 + i),
    tenant: { firstName: 'Locataire', lastName: `M${i}` },
    since: oldest,
    days: daysLate,
    months: { count: 1, oldest, daysLate },
    receipts: null,
    documents: null,
    assignee: null,
  });
  const page = [monthsLine(1, '2026-05-05', 41), monthsLine(2, '2026-06-15', 0)];
  server.use(
    http.get('/api/session', () => HttpResponse.json(session)),
    http.get('/api/colleagues', () => HttpResponse.json({ colleagues: [], me: 'u-staff' })),
    http.get('/api/inbox', () =>
      HttpResponse.json({
        generatedAt: '2026-06-15T08:00:00.000Z',
        asOf: null,
        today: '2026-06-15',
        lines: page,
        page: 1,
        pageSize: 30,
        total: 2,
        counts: Object.fromEntries(INBOX_KINDS.map((k) => [k, k === 'claim.months' ? 2 : 0])),
        areas: { claims: 2, projects: 0 },
      }),
    ),
  );
  await renderApp(<InboxRoute />);
  const group = await screen.findByRole('region', { name: 'Sinistres : mois à déclarer (2)' }, { timeout: 10_000 });
  const items = within(group).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent('1 mois à déclarer : mai 2026, loyer dû depuis 41 jours');
  expect(items[1]).toHaveTextContent('1 mois à déclarer : juin 2026, loyer dû aujourd’hui');
  expect(group).toHaveTextContent('« Loyer dû depuis N jours » : les jours écoulés depuis l’échéance du loyer');
  expect(group).not.toHaveTextContent(/retard/);
});
