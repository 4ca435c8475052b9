import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setDraftOwner } from '../../../lib/drafts.js';
import { CLAIM_ID } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { server } from '../../../test/server.js';
import { ClaimPayments } from './claim-payments.js';
// the parts the page loads when they are shown, loaded with this file: their first import here
// takes longer than a query waits, and a test would find them only after an earlier file loaded them
import './payment-form.js';

const MARION = 'marion@demo-agency.fr';

beforeEach(() => {
  server.use(
    http.get(`/api/claims/${CLAIM_ID}/payment-moves`, () => HttpResponse.json([])),
    http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json([])),
    http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () => HttpResponse.json([])),
  );
});

/** The payment form as drawn in the claim's page (again: a reload, a sign-in after the session ended). */
async function paymentForm() {
  const page = await renderApp(<ClaimPayments claimId={CLAIM_ID} today="2026-03-15" canEdit />);
  const form = await screen.findByRole('form', { name: 'Enregistrer un paiement' });
  return { form, amount: within(form).getByRole('textbox', { name: /^Montant/ }), unmount: page.unmount };
}

describe('what is typed in a payment', () => {
  it('comes back when the form is drawn again for the same user, never for another one signing in in the tab', async () => {
    setDraftOwner(MARION);
    const user = userEvent.setup();
    const first = await paymentForm();
    await user.type(first.amount, '123,45');
    first.unmount();

    const back = await paymentForm();
    expect(back.amount).toHaveValue('123,45');
    back.unmount();

    // someone else signs in in this tab: the draft is erased before any form could show it
    setDraftOwner('ines@demo-agency.fr');
    const other = await paymentForm();
    expect(other.amount).toHaveValue('');
    other.unmount();
    setDraftOwner(MARION);
    expect((await paymentForm()).amount).toHaveValue('');
  });

  it('is not kept once recorded: the next form starts empty (no payment typed twice)', async () => {
    setDraftOwner(MARION);
    server.use(
      http.post(`/api/v1/claims/${CLAIM_ID}/payments`, () =>
        HttpResponse.json(
          {
            id: '0a5e2c1d-7b3f-4e8a-9d6c-1f2e3a4b5c61',
            claimId: CLAIM_ID,
            amount: 80,
            applyDate: '2026-03-15',
            createdAt: '2026-03-15T09:00:00Z',
            allocations: [],
          },
          { status: 201 },
        ),
      ),
    );
    const user = userEvent.setup();
    const first = await paymentForm();
    await user.type(first.amount, '80');
    await user.click(within(first.form).getByRole('button', { name: 'Enregistrer un paiement' }));
    await waitFor(() => expect(screen.getByTestId('payment-outcome')).toHaveTextContent(/Paiement enregistré/));
    await waitFor(() => expect(first.amount).toHaveValue(''));
    first.unmount();
    expect((await paymentForm()).amount).toHaveValue('');
  });
});
