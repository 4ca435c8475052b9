import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CLAIM_ID } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { countOf, server } from '../../../test/server.js';
import { ClaimPayments } from './claim-payments.js';

const payment = (id: string, amount: number) => ({
  id,
  claimId: CLAIM_ID,
  amount,
  applyDate: '2026-03-10',
  createdAt: '2026-03-10T09:00:00Z',
  allocations: [{ rentDueDate: '2026-02-01', amount }],
});
const P1 = '0a5e2c1d-7b3f-4e8a-9d6c-1f2e3a4b5c61';
const P2 = '0a5e2c1d-7b3f-4e8a-9d6c-1f2e3a4b5c62';

describe('deleting a tenant payment', () => {
  it('asks once, sends one DELETE, and keeps every delete button disabled while it is on its way', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    server.use(
      http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json([payment(P1, 300), payment(P2, 450)])),
      http.delete(`/api/v1/claims/${CLAIM_ID}/payments/${P1}`, async () => {
        await held;
        return HttpResponse.json({ success: true });
      }),
    );
    await renderApp(<ClaimPayments claimId={CLAIM_ID} today="2026-03-15" canEdit />);
    const list = await screen.findByRole('list', { name: 'Paiements du locataire' });
    const deletes = await within(list).findAllByRole('button', { name: /^Supprimer le paiement/ });
    expect(deletes).toHaveLength(2);
    fireEvent.click(within(list).getByRole('button', { name: /^Supprimer le paiement de 300/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce paiement ?' });
    expect(dialog).toHaveAccessibleDescription(/.+/);
    const confirm = within(dialog).getByRole('button', { name: 'Supprimer' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(countOf('DELETE', `/api/v1/claims/${CLAIM_ID}/payments/${P1}`)).toBe(1));
    // the same payment (or another) cannot be asked for again before the partner has answered
    for (const b of within(list).getAllByRole('button', { name: /^Supprimer le paiement/ })) expect(b).toBeDisabled();
    release();
    await waitFor(() => {
      for (const b of within(list).getAllByRole('button', { name: /^Supprimer le paiement/ })) expect(b).toBeEnabled();
    });
    expect(countOf('DELETE', `/api/v1/claims/${CLAIM_ID}/payments/${P1}`)).toBe(1);
  });
});

describe('the payment form', () => {
  async function paymentForm() {
    server.use(http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json([])));
    await renderApp(<ClaimPayments claimId={CLAIM_ID} today="2026-03-15" canEdit />);
    const form = await screen.findByRole('form', { name: 'Enregistrer un paiement' });
    expect(within(form).getByRole('textbox', { name: /^Montant/ })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Enregistrer un paiement' })).toBeInTheDocument();
    return form;
  }

  it('shows the date of today in its date field and sends it with the amount', async () => {
    const form = await paymentForm();
    expect(await within(form).findByRole('group', { name: /^Date d’imputation/ })).toHaveTextContent('15/03/2026');
    let sent: unknown = null;
    server.use(
      http.post(`/api/v1/claims/${CLAIM_ID}/payments`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(payment(P1, 120), { status: 201 });
      }),
    );
    fireEvent.change(within(form).getByRole('textbox', { name: /^Montant/ }), { target: { value: '120' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer un paiement' }));
    await waitFor(() => expect(sent).toEqual({ amount: 120, applyDate: '2026-03-15' }));
  });
});

describe('a payment action confirms itself where it was done', () => {
  it('"Paiement enregistré" beside the form once the partner has it, "Paiement supprimé" once deleted', async () => {
    let stored = [payment(P1, 300)];
    server.use(
      http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json(stored)),
      http.post(`/api/v1/claims/${CLAIM_ID}/payments`, () => {
        stored = [...stored, payment(P2, 120)];
        return HttpResponse.json(payment(P2, 120), { status: 201 });
      }),
      http.delete(`/api/v1/claims/${CLAIM_ID}/payments/${P1}`, () => {
        stored = stored.filter((p) => p.id !== P1);
        return HttpResponse.json({ success: true });
      }),
    );
    await renderApp(<ClaimPayments claimId={CLAIM_ID} today="2026-03-15" canEdit />);
    const form = await screen.findByRole('form', { name: 'Enregistrer un paiement' });
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.change(within(form).getByRole('textbox', { name: /^Montant/ }), { target: { value: '120' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer un paiement' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Paiement enregistré.');
    const list = screen.getByRole('list', { name: 'Paiements du locataire' });
    fireEvent.click(await within(list).findByRole('button', { name: /^Supprimer le paiement de 300/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Paiement supprimé.'));
  });
});
