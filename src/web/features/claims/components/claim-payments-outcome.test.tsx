import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CLAIM_ID } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { server } from '../../../test/server.js';
import { ClaimPayments } from './claim-payments.js';
// the parts the page loads when they are shown, loaded with this file: their first import here
// takes longer than a query waits, and a test would find them only after an earlier file loaded them
import './payment-form.js';

const P1 = '0a5e2c1d-7b3f-4e8a-9d6c-1f2e3a4b5c61';

describe('a payment whose answer was lost (the partner cut the connection after it was sent)', () => {
  it('is not called failed: the list is read again first, and the words say it may have been recorded', async () => {
    let recorded = false;
    server.use(
      http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () =>
        HttpResponse.json(
          recorded
            ? [
                {
                  id: P1,
                  claimId: CLAIM_ID,
                  amount: 120,
                  applyDate: '2026-03-15',
                  createdAt: '2026-03-15T09:00:00Z',
                  allocations: [{ rentDueDate: '2026-02-01', amount: 120 }],
                },
              ]
            : [],
        ),
      ),
      http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () => HttpResponse.json([])),
      http.get(`/api/claims/${CLAIM_ID}/payment-moves`, () => HttpResponse.json([])),
      http.post(`/api/v1/claims/${CLAIM_ID}/payments`, () => {
        recorded = true; // the partner stored it; its answer never came
        return HttpResponse.json({ code: 'UPSTREAM_OUTCOME_UNKNOWN', message: 'cut', requestId: 'r1' }, { status: 502 });
      }),
    );
    await renderApp(<ClaimPayments claimId={CLAIM_ID} today="2026-03-15" canEdit />);
    await screen.findByText('Aucun paiement enregistré.');
    const form = screen.getByRole('form', { name: 'Enregistrer un paiement' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Montant/ }), { target: { value: '120' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer un paiement' }));
    const alert = await screen.findByText(/elle a peut-être été enregistrée/);
    // by the time the words show, the list already holds what the partner recorded
    const list = screen.getByRole('list', { name: 'Paiements du locataire' });
    expect(within(list).getByText(/^120,00\s€ ·/)).toBeInTheDocument();
    expect(alert.textContent).not.toMatch(/indisponible/);
    expect(screen.queryByRole('button', { name: /Réessayer/ })).toBeNull();
  });
});
