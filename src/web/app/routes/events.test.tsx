import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { PROJECT_ID, projectFixture } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';
import { server } from '../../test/server.js';
import EventsRoute from './events.js';

const session = {
  user: { email: 'manager@demo-agency.fr', name: 'Marie Manager', role: 'manager' },
  mode: 'live',
  today: '2026-06-15',
  csrfToken: 't',
};

test('an event about a project the latest hundred do not hold still names its tenant (the project is read by its id)', async () => {
  // the partner lists by creation date: a project dated before a hundred others is not on the first page
  const others = Array.from({ length: 100 }, (_, i) =>
    projectFixture({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, createDate: '2027-01-28T09:00:00.000Z' }),
  );
  server.use(
    http.get('/api/session', () => HttpResponse.json(session)),
    http.get('/api/events/recent', () =>
      HttpResponse.json([
        {
          seq: 1,
          id: 'evt-1',
          type: 'project.created',
          createdAt: '2026-06-15T08:13:00.000Z',
          receivedAt: '2026-06-15T08:13:01.000Z',
          data: { projectId: PROJECT_ID, status: 0 },
          own: false,
          write: null,
        },
      ]),
    ),
    http.get('/api/v3/projects', () => HttpResponse.json({ items: others, total: 140, page: 1, pageSize: 100 })),
    http.get(`/api/v3/projects/${PROJECT_ID}`, () =>
      HttpResponse.json(projectFixture({ profile: { ...projectFixture().profile, firstName: 'Łukasz', lastName: 'Nguyễn' } })),
    ),
    http.get('/api/v1/claims', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 100 })),
  );
  await renderApp(<EventsRoute />);
  expect(await screen.findByRole('link', { name: 'Projet de Łukasz Nguyễn' }, { timeout: 10_000 })).toHaveAttribute(
    'href',
    `/projects/${PROJECT_ID}`,
  );
});
