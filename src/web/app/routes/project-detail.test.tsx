import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../../contract/projects.js';
import { PROJECT_ID, projectFixture } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';
import { countOf, server } from '../../test/server.js';
import ProjectDetailRoute from './project-detail.js';

const session = {
  user: { email: 'staff@demo-agency.fr', name: 'Samuel Staff', role: 'staff' },
  mode: 'live',
  today: '2026-06-15',
  csrfToken: 't',
};

function answer(project: Project) {
  server.use(
    http.get('/api/session', () => HttpResponse.json(session)),
    http.get(`/api/v3/projects/${PROJECT_ID}`, () => HttpResponse.json(project)),
    http.get(`/api/v3/projects/${PROJECT_ID}/required`, () =>
      HttpResponse.json([{ documentType: 1, name: 'Pièce d’identité', provided: true }]),
    ),
    http.get(`/api/v3/projects/${PROJECT_ID}/documents`, () => HttpResponse.json([])),
    http.get(`/api/v3/projects/${PROJECT_ID}/payment`, () =>
      HttpResponse.json({ projectId: PROJECT_ID, state: 'not_due', amount: null, currency: 'EUR', paidAt: null }),
    ),
    http.get('/api/v1/claims', () => HttpResponse.json({ items: [], page: 1, pageSize: 20, total: 0 })),
  );
}

const page = () =>
  renderApp(
    <Routes>
      <Route path="/projects/:id" element={<ProjectDetailRoute />} />
    </Routes>,
    { path: `/projects/${PROJECT_ID}` },
  );

const sections = () => screen.queryAllByRole('region').map((r) => r.getAttribute('aria-label'));

describe('the project page on a phone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws its head, then its sections one per painted frame, top down, each starting its reads when it is drawn', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    answer(projectFixture({ status: 6 }));
    await page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Martin' })).toBeInTheDocument();
    const order = ['Avancement', 'Documents', 'Informations de location', 'Paiement de la garantie', 'Sinistres du projet'];
    for (let n = 1; n <= order.length; n++) {
      // nothing more until the browser paints the frame with what is there
      await new Promise((r) => setTimeout(r, 20));
      expect(sections()).toEqual(order.slice(0, n - 1));
      if (n <= 2) expect(countOf('GET', `/api/v3/projects/${PROJECT_ID}/documents`)).toBe(0);
      if (n <= 4) expect(countOf('GET', `/api/v3/projects/${PROJECT_ID}/payment`)).toBe(0);
      frames.shift()?.(performance.now());
      await waitFor(() => expect(sections()).toEqual(order.slice(0, n)));
    }
    await waitFor(() => expect(countOf('GET', '/api/v1/claims')).toBe(1));
    expect(countOf('GET', `/api/v3/projects/${PROJECT_ID}/documents`)).toBe(1);
    expect(await screen.findByText('Aucun sinistre sur ce projet.')).toBeInTheDocument();
  });

  it('a project waiting for its rental information: the form is drawn in its section (its code comes with it)', async () => {
    answer(projectFixture({ status: 2 }));
    await page();
    expect(await screen.findByRole('form', { name: 'Informations de location' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Loyer mensuel charges comprises/)).toBeInTheDocument();
  });
});
