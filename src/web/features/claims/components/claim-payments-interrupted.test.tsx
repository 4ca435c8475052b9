import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TenantPayment } from '../../../../contract/claims.js';
import { CLAIM_ID } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { server } from '../../../test/server.js';
import { ClaimPayments } from './claim-payments.js';
// the payment form is a part the page loads when shown, loaded with this file: its first import
// here can take longer than a query waits (as in claim-payments.test.tsx)
import './payment-form.js';

const P1 = '0a5e2c1d-7b3f-4e8a-9d6c-1f2e3a4b5c61';
const P2 = '1b6f3d2e-8c4a-4f9b-8e7d-2a3b4c5d6e72';
const paid = (id: string): TenantPayment => ({
  id,
  claimId: CLAIM_ID,
  amount: 120.5,
  applyDate: '2026-03-15',
  createdAt: '2026-03-15T09:00:00Z',
  allocations: [{ rentDueDate: '2026-02-01', amount: 120.5 }],
});
const interrupted = () =>
  HttpResponse.json({ code: 'IDEMPOTENCY_KEY_INTERRUPTED', message: 'interrupted', requestId: 'r2' }, { status: 409 });

/** What the partner holds, what the page sent (each payment's key), and what it asked after an interruption. */
let atPartner: TenantPayment[];
let sent: string[];
let checks: unknown[];

beforeEach(() => {
  atPartner = [];
  sent = [];
  checks = [];
  localStorage.clear();
  server.use(
    http.get(`/api/claims/${CLAIM_ID}/payment-moves`, () => HttpResponse.json([])),
    http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json(atPartner)),
    http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () => HttpResponse.json([])),
  );
});

async function recordPayment() {
  const user = userEvent.setup();
  await renderApp(<ClaimPayments claimId={CLAIM_ID} today="2026-03-15" canEdit />);
  const form = await screen.findByRole('form', { name: 'Enregistrer un paiement' });
  await user.type(within(form).getByRole('textbox', { name: /^Montant/ }), '120,50');
  const submit = within(form).getByRole('button', { name: 'Enregistrer un paiement' });
  await user.click(submit);
  return { user, form, submit };
}

describe('a payment whose sending was interrupted (its server stopped between the partner’s answer and its note of it)', () => {
  it('retried after the lost answer with the same key, is looked up at the partner: arrived, it is said so and not offered again', async () => {
    let post = 0;
    server.use(
      http.post(`/api/v1/claims/${CLAIM_ID}/payments`, ({ request }) => {
        sent.push(request.headers.get('idempotency-key') ?? '');
        // the first reaches the partner and its server dies (the browser hears nothing); the retry is told it was interrupted
        if (post++ === 0) {
          atPartner = [paid(P1)];
          return HttpResponse.error();
        }
        return interrupted();
      }),
      http.post(`/api/claims/${CLAIM_ID}/payment-check`, async ({ request }) => {
        checks.push(await request.json());
        return HttpResponse.json({ arrived: true, since: '2026-03-15T08:59:59Z', found: atPartner });
      }),
    );
    const { user, submit } = await recordPayment();
    await screen.findByRole('alert');
    await user.click(submit);

    const status = await screen.findByText(/est bien arrivé chez le partenaire/);
    expect(status.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Le paiement de 120,50 € du 15/03/2026 est bien arrivé chez le partenaire, malgré l’interruption de son envoi : il n’a pas été envoyé une seconde fois.',
    );
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    expect(checks).toEqual([{ idempotencyKey: sent[0], payment: { amount: 120.5, applyDate: '2026-03-15' } }]);
    expect(screen.queryByRole('button', { name: 'Envoyer à nouveau' })).toBeNull();
    // the list shows the payment the partner has, once
    const list = await screen.findByRole('list', { name: 'Paiements du locataire' });
    expect(await within(list).findAllByText(/^120,50\s€ ·/)).toHaveLength(1);
    expect(
      within(await screen.findByRole('form', { name: 'Enregistrer un paiement' })).getByRole('textbox', { name: /^Montant/ }),
    ).toHaveValue('');
  });

  it('not arrived: it is said so and offered again, and sending it again records it with a new key', async () => {
    server.use(
      http.post(`/api/v1/claims/${CLAIM_ID}/payments`, ({ request }) => {
        sent.push(request.headers.get('idempotency-key') ?? '');
        if (sent.length === 1) return interrupted();
        atPartner = [paid(P2)];
        return HttpResponse.json(paid(P2), { status: 201 });
      }),
      http.post(`/api/claims/${CLAIM_ID}/payment-check`, async ({ request }) => {
        checks.push(await request.json());
        return HttpResponse.json({ arrived: false, since: '2026-03-15T08:59:59Z', found: [] });
      }),
    );
    const { user } = await recordPayment();
    const status = await screen.findByText(/n’est pas arrivé chez le partenaire/);
    expect(status.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Le paiement de 120,50 € du 15/03/2026 n’est pas arrivé chez le partenaire : son envoi a été interrompu avant. Vous pouvez l’envoyer à nouveau.',
    );
    expect(checks).toEqual([{ idempotencyKey: sent[0], payment: { amount: 120.5, applyDate: '2026-03-15' } }]);
    await user.click(screen.getByRole('button', { name: 'Envoyer à nouveau' }));
    await screen.findByText(/^Paiement enregistré : 120,50\s€ au/);
    expect(sent).toHaveLength(2);
    expect(sent[1]).not.toBe(sent[0]);
    expect(screen.queryByRole('button', { name: 'Envoyer à nouveau' })).toBeNull();
  });

  it('the partner out of reach: nothing is offered but asking again', async () => {
    server.use(
      http.post(`/api/v1/claims/${CLAIM_ID}/payments`, ({ request }) => {
        sent.push(request.headers.get('idempotency-key') ?? '');
        return interrupted();
      }),
      http.post(`/api/claims/${CLAIM_ID}/payment-check`, () =>
        HttpResponse.json({ code: 'UPSTREAM_UNAVAILABLE', message: 'down', requestId: 'r3' }, { status: 503 }),
      ),
    );
    await recordPayment();
    await screen.findByText(/n’a pas pu être interrogé/);
    expect(screen.getByRole('button', { name: 'Vérifier à nouveau' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Envoyer à nouveau' })).toBeNull();
  });
});
