import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Claim } from '../../../contract/claims.js';
import type { Project } from '../../../contract/projects.js';
import { rent } from '../../../contract/test-bodies.js';
import { claimFixture, declarant, PROJECT_ID, projectFixture } from '../../test/fixtures.js';
import { typeDate } from '../../test/form-helpers.js';
import { renderApp } from '../../test/render.js';
import { server } from '../../test/server.js';
import ClaimNewRoute from './claim-new.js';

const session = {
  user: { email: 'staff@demo-agency.fr', name: 'Samuel Staff', role: 'staff' },
  mode: 'live',
  today: '2026-06-15',
  csrfToken: 't',
};
const page = (claims: Claim[]) => ({ items: claims, page: 1, pageSize: 100, total: claims.length });

describe('opening a claim', () => {
  it('once opened, the form stays as sent until the claim’s page is there: its own claim is never "another active claim"', async () => {
    let claims: Claim[] = [];
    server.use(
      http.get('/api/session', () => HttpResponse.json(session)),
      http.get(`/api/v3/projects/${PROJECT_ID}`, () =>
        HttpResponse.json(projectFixture({ status: 7, rent: { ...rent, rentAmount: 800, startLease: '2026-01-01' } } as Partial<Project>)),
      ),
      http.get('/api/settings/declarant', () => HttpResponse.json({ legalInfo: declarant, updatedAt: null, updatedBy: null })),
      http.get('/api/v1/claims', () => HttpResponse.json(page(claims))),
      http.post(`/api/v1/projects/${PROJECT_ID}/claims`, () => {
        claims = [claimFixture()];
        return HttpResponse.json(claimFixture(), { status: 201 });
      }),
    );
    // the claim's page takes its time to come (its code, its reads): the navigation is pending meanwhile
    let arrive: (v: null) => void = () => undefined;
    let asked = false;
    const user = userEvent.setup({ delay: null });
    await renderApp(<ClaimNewRoute />, {
      path: `/projects/${PROJECT_ID}/claims/new`,
      routes: [
        { path: '/projects/:id/claims/new', element: <ClaimNewRoute /> },
        {
          path: '/claims/:id',
          loader: () => {
            asked = true;
            return new Promise<null>((r) => (arrive = r));
          },
          element: <p>Page du sinistre</p>,
        },
      ],
    });
    await typeDate(user, 'Premier loyer impayé', '05052026');
    await user.click(screen.getByRole('button', { name: 'Déclarer le sinistre' }));
    await waitFor(() => expect(asked).toBe(true));
    // the project's claims, read again, hold the new claim: the page says nothing of "another" one
    expect(screen.queryByText(/un seul sinistre actif par projet/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Déclaration…' })).toBeDisabled();
    arrive(null);
    expect(await screen.findByText('Page du sinistre')).toBeInTheDocument();
  });
});
