import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../../contract/projects.js';
import { rent } from '../../../contract/test-bodies.js';
import { PROJECT_ID, projectFixture } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';
import { server } from '../../test/server.js';
import { quietFollows } from '../../test/follows.js';
import ProjectDetailRoute from './project-detail.js';
// the parts the page loads when they are shown, loaded with this file: their first import here
// takes longer than a query waits, and a test would find them only after an earlier file loaded them
import '../../features/projects/components/documents-section.js';
import '../../features/projects/components/rent-form.js';
import '../../features/sandbox/components/project-backoffice.js';

// the page's follow button and the bell, beside what these tests are about
beforeEach(() => server.use(...quietFollows()));

const session = {
  user: { email: 'staff@demo-agency.fr', name: 'Samuel Staff', role: 'staff' },
  mode: 'live',
  today: '2026-06-15',
  csrfToken: 't',
};

const FILE = {
  id: '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  documentType: 1,
  fileName: 'identite.pdf',
  contentType: 'application/pdf',
  size: 12_595,
  createdAt: '2026-06-02T10:00:00.000Z',
};

function answer(project: Project) {
  server.use(
    http.get('/api/session', () => HttpResponse.json(session)),
    http.get(`/api/v3/projects/${PROJECT_ID}`, () => HttpResponse.json(project)),
    http.get(`/api/v3/projects/${PROJECT_ID}/required`, () =>
      HttpResponse.json([{ documentType: 1, name: 'Pièce d’identité', provided: true }]),
    ),
    http.get(`/api/v3/projects/${PROJECT_ID}/documents`, () => HttpResponse.json([FILE])),
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

describe('the project page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows its head and every section, top down, with the project’s claims', async () => {
    answer(projectFixture({ status: 6 }));
    await page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Martin' })).toBeInTheDocument();
    await waitFor(() =>
      expect(sections()).toEqual([
        'Coordonnées du locataire',
        'Avancement',
        'Documents',
        'Informations de location',
        'Paiement de la garantie',
        'Sinistres du projet',
        'Historique',
      ]),
    );
    expect(await screen.findByText('Aucun sinistre sur ce projet.')).toBeInTheDocument();
  });

  it('its documents: the required list and the files sent, with their type, size and date', async () => {
    answer(projectFixture({ status: 6 }));
    await page();
    // the documents' section is a part of the page loaded when shown: it comes after the page's head
    const required = await screen.findByRole('list', { name: 'Documents demandés' }, { timeout: 10_000 });
    expect(required).toHaveTextContent("Pièce d'identitéFourni");
    const files = await screen.findByRole('list', { name: 'Fichiers envoyés' });
    expect(files).toHaveTextContent('identite.pdf');
    expect(files.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain("Pièce d'identité · 12,3 ko · 02/06/2026");
  });

  it('a project waiting for its rental information: the form is drawn in its section (its code comes with it)', async () => {
    answer(projectFixture({ status: 2 }));
    await page();
    expect(await screen.findByRole('form', { name: 'Informations de location' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Loyer mensuel charges comprises/)).toBeInTheDocument();
  });

  it('shows what the agency sent about the tenant: e-mail, phone, birth date and its internal reference', async () => {
    answer(projectFixture({ status: 7, metadata: { source: 'dashboard', externalLeadId: 'DOSSIER-4521' } }));
    await page();
    const contact = await screen.findByRole('region', { name: 'Coordonnées du locataire' });
    expect(contact).toHaveTextContent('E-mail : lea@exemple.fr');
    expect(within(contact).getByRole('link', { name: 'lea@exemple.fr' })).toHaveAttribute('href', 'mailto:lea@exemple.fr');
    expect(contact).toHaveTextContent('Téléphone : +33145678910');
    expect(contact).toHaveTextContent('Date de naissance : 04/03/1991');
    expect(contact).toHaveTextContent('Référence interne : DOSSIER-4521');
  });

  it('offers to open a claim once the lease has started, not before', async () => {
    answer(projectFixture({ status: 7, rent: { ...rent, startLease: '2026-06-16' } } as Partial<Project>));
    const view = await page();
    await waitFor(() => expect(sections()).toContain('Sinistres du projet'));
    expect(await screen.findByText('Un sinistre pourra être ouvert à partir du 16/06/2026, début du bail.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ouvrir un sinistre' })).toBeNull();
    view.unmount();
    answer(projectFixture({ status: 7, rent: { ...rent, startLease: '2026-06-15' } } as Partial<Project>));
    await page();
    await waitFor(() => expect(sections()).toContain('Sinistres du projet'));
    expect(await screen.findByRole('link', { name: 'Ouvrir un sinistre' })).toBeInTheDocument();
  });

  it('a link outside an intermediary’s scope says why (no claim, not active), with the ways back, in her language', async () => {
    const refused = (message: string) => HttpResponse.json({ code: 'OUT_OF_SCOPE', message, requestId: 'r-scope' }, { status: 403 });
    server.use(
      http.get('/api/session', () => HttpResponse.json({ ...session, user: { ...session.user, role: 'intermediary' } })),
      http.get(`/api/v3/projects/${PROJECT_ID}`, () => refused('This project is outside your scope')),
    );
    const view = await page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ce projet n’est pas dans votre périmètre' })).toBeInTheDocument();
    expect(screen.getByText(/il n’a pas de sinistre et n’est pas un contrat actif/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mes sinistres' })).toHaveAttribute('href', '/claims');
    expect(screen.getByRole('link', { name: 'Les contrats actifs' })).toHaveAttribute('href', '/projects?status=7');
    // not the bare refusal of a role
    expect(screen.queryByText(/Votre rôle ne permet pas/)).toBeNull();
    view.unmount();
    await renderApp(
      <Routes>
        <Route path="/projects/:id" element={<ProjectDetailRoute />} />
      </Routes>,
      { path: `/projects/${PROJECT_ID}`, lang: 'en' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'This project is outside your scope' })).toBeInTheDocument();
    expect(screen.getByText(/it has no claim and is not an active contract/)).toBeInTheDocument();
  });
});
