import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { server } from '../../test/server.js';
import ProjectNewRoute from './project-new.js';

const signedInAs = (role: 'staff' | 'intermediary') =>
  server.use(
    http.get('/api/session', () =>
      HttpResponse.json({
        user: { email: `${role}@demo-agency.fr`, name: 'Someone', role },
        mode: 'live',
        today: '2026-06-15',
        csrfToken: 't',
      }),
    ),
  );

describe('/projects/new typed by hand', () => {
  it('an intermediary is refused at once, with the page of other reserved pages, and no form to fill', async () => {
    signedInAs('intermediary');
    await renderApp(<ProjectNewRoute />, { path: '/projects/new' });
    expect(await screen.findByText('Cette page est réservée aux responsables et aux collaborateurs de l’agence.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Nouveau projet de garantie' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /pré-score|créer/i })).toBeNull();
  });

  it('in English too', async () => {
    signedInAs('intermediary');
    await renderApp(<ProjectNewRoute />, { path: '/projects/new', lang: 'en' });
    expect(await screen.findByText('This page is for the agency’s managers and staff.')).toBeInTheDocument();
  });

  it('staff get the form', async () => {
    signedInAs('staff');
    await renderApp(<ProjectNewRoute />, { path: '/projects/new' });
    expect(await screen.findByLabelText(/^Prénom/, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByText(/réservée/)).toBeNull();
  });
});
