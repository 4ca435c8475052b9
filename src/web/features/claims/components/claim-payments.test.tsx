import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLAIM_ID, monthFixture } from '../../../test/fixtures.js';
import { typeDate } from '../../../test/form-helpers.js';
import { renderApp } from '../../../test/render.js';
import { countOf, server } from '../../../test/server.js';
import { ClaimPayments } from './claim-payments.js';
// the parts the page loads when they are shown, loaded with this file: their first import here
// takes longer than a query waits, and a test would find them only after an earlier file loaded them
import './payment-form.js';

const payment = (id: string, amount: number) => ({
  id,
  claimId: CLAIM_ID,
  amount,
  applyDate: '2026-03-10',
  createdAt: '2026-03-10T09:00:00Z',
  allocations: [{ rentDueDate: '2026-02-01', amount }],
});
const P1 = '0a5e2c1d-7b3f-4e8a-9d6c-1f2e3a4b5c61';
beforeEach(() => {
  server.use(http.get(`/api/claims/${CLAIM_ID}/payment-moves`, () => HttpResponse.json([])));
});
const P2 = '0a5e2c1d-7b3f-4e8a-9d6c-1f2e3a4b5c62';

describe('deleting a tenant payment', () => {
  it('asks once, sends one DELETE, and keeps every delete button disabled while it is on its way', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    server.use(
      http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json([payment(P1, 300), payment(P2, 450)])),
      http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () => HttpResponse.json([])),
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
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le paiement de 300,00\u00a0€ du 10/03/2026 ?' });
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
  it('keeps its question in words while it closes: the dialog is never without a name', async () => {
    server.use(
      http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json([payment(P1, 300)])),
      http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () => HttpResponse.json([])),
    );
    await renderApp(<ClaimPayments claimId={CLAIM_ID} today="2026-03-15" canEdit />);
    const list = await screen.findByRole('list', { name: 'Paiements du locataire' });
    fireEvent.click(await within(list).findByRole('button', { name: /^Supprimer le paiement de 300/ }));
    const name = 'Supprimer le paiement de 300,00\u00a0€ du 10/03/2026 ?';
    const dialog = await screen.findByRole('dialog', { name });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    // fading out: still there, still named and described
    expect(screen.getByRole('dialog', { hidden: true })).toHaveAccessibleName(name);
    expect(screen.getByRole('dialog', { hidden: true })).toHaveAccessibleDescription(/.+/);
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(countOf('DELETE', `/api/v1/claims/${CLAIM_ID}/payments/${P1}`)).toBe(0);
  });
});

describe('the payment form', () => {
  async function paymentForm() {
    server.use(
      http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json([])),
      http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () => HttpResponse.json([])),
    );
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
      http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () => HttpResponse.json([])),
      http.get(`/api/claims/${CLAIM_ID}/payment-moves`, () => HttpResponse.json([])),
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
    // the live region is there, silent, before it has anything to say
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    fireEvent.change(within(form).getByRole('textbox', { name: /^Montant/ }), { target: { value: '120' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer un paiement' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Paiement enregistré'));
    // the focus on the payment saved, not left on the page (the button it was on was disabled meanwhile)
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/^120,00\s€/));
    const list = screen.getByRole('list', { name: 'Paiements du locataire' });
    fireEvent.click(await within(list).findByRole('button', { name: /^Supprimer le paiement de 300/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Paiement de 300,00 € du 10/03/2026 supprimé.'));
  });
});

describe('the payment form says where the amount will go', () => {
  const month = (rentDueDate: string, amountDue: number, id: string | null) =>
    monthFixture({ id, status: id ? 20 : 10, rentDueDate, rentAmount: id ? 800 : null, amountDue });
  const DEBTS = [
    month('2026-08-05', 350, '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e51'),
    month('2026-09-05', 800, '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e52'),
    month('2026-10-05', 0, null),
  ];

  it('previews the spread from the apply date before saving, then says "Paiement enregistré" in place with what the partner answered', async () => {
    let sent: unknown = null;
    server.use(
      http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json([])),
      http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () => HttpResponse.json(DEBTS)),
      http.post(`/api/v1/claims/${CLAIM_ID}/payments`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          {
            ...payment(P1, 500),
            applyDate: '2026-08-10',
            allocations: [
              { rentDueDate: '2026-08-01', amount: 350 },
              { rentDueDate: '2026-09-01', amount: 150 },
            ],
          },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderApp(<ClaimPayments claimId={CLAIM_ID} today="2026-10-22" canEdit />);
    // the rule, in plain words, beside the payments
    expect(screen.getByText('Comment un paiement est-il réparti ?')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Enregistrer un paiement' });
    await user.type(within(form).getByRole('textbox', { name: /^Montant/ }), '500');
    // October, the apply month, is not declared: the oldest month still owing takes it
    await waitFor(() => expect(screen.getByText(/^Répartition prévue/)).toHaveTextContent('août 2026 350,00 €, septembre 2026 150,00 €'));
    expect(screen.getByText(/octobre 2026 n’est pas encore déclaré/)).toBeInTheDocument();
    await typeDate(user, 'Date d’imputation', '10092026', form);
    await waitFor(() => expect(screen.getByText(/^Répartition prévue/)).toHaveTextContent('septembre 2026 500,00 €'));
    await typeDate(user, 'Date d’imputation', '10082026', form);
    await waitFor(() => expect(screen.getByText(/^Répartition prévue/)).toHaveTextContent('août 2026 350,00 €, septembre 2026 150,00 €'));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer un paiement' }));
    await waitFor(() => expect(sent).toEqual({ amount: 500, applyDate: '2026-08-10' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Paiement enregistré');
    expect(done).toHaveTextContent('août 2026 350,00 €, septembre 2026 150,00 €');
  });
});

describe('a payment the partner moved', () => {
  it('says so on the payment: from where, to where, since when it is seen so, and never a cause it cannot know', async () => {
    server.use(
      http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () =>
        HttpResponse.json([{ ...payment(P1, 550), applyDate: '2026-12-10', allocations: [{ rentDueDate: '2026-12-01', amount: 550 }] }]),
      ),
      http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () => HttpResponse.json([])),
      http.get(`/api/claims/${CLAIM_ID}/payment-moves`, () =>
        HttpResponse.json([
          {
            paymentId: P1,
            from: [{ rentDueDate: '2026-11-01', amount: 550 }],
            to: [{ rentDueDate: '2026-12-01', amount: 550 }],
            seenOn: '2027-02-05',
          },
        ]),
      ),
    );
    await renderApp(<ClaimPayments claimId={CLAIM_ID} today="2027-02-05" canEdit />);
    const list = await screen.findByRole('list', { name: 'Paiements du locataire' });
    expect(
      await within(list).findByText(
        'Réparti à nouveau par le service de garantie : novembre 2026 550,00 € → décembre 2026 550,00 € (constaté le 05/02/2027).',
      ),
    ).toBeInTheDocument();
    expect(list).not.toHaveTextContent(/déclaration/);
  });
});

describe('what the tenant paid', () => {
  it('lists what was received at a month’s declaration beside the recorded payments, each named, with their total', async () => {
    const declared = {
      id: '6a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
      claimId: CLAIM_ID,
      status: 41,
      rentDueDate: '2026-02-01',
      rentAmount: 800,
      rentAmountReceived: 100,
      rentAmountReceivedDate: '2026-02-03',
      tenantPaidAmount: 300,
      guarantorPaidAmount: 0,
      amountDue: 400,
      receiptStatus: null,
      receiptSignedAt: null,
      createdAt: null,
    };
    server.use(
      http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json([payment(P1, 300)])),
      http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () => HttpResponse.json([declared])),
    );
    await renderApp(<ClaimPayments claimId={CLAIM_ID} today="2026-03-15" canEdit={false} />);
    const list = await screen.findByRole('list', { name: 'Paiements du locataire' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(list).toHaveTextContent('Reçu à la déclaration de février 2026');
    expect(list).toHaveTextContent('Paiement enregistré');
    expect(screen.getByText(/^Payé par le locataire : 400,00\s€$/)).toBeInTheDocument();
  });
});

describe('a payment and its lease', () => {
  const lease = { leaseStart: '2026-09-01' };
  it('a payment applied before the month the lease starts is refused in the form with the lease’s start; nothing is sent', async () => {
    server.use(
      http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json([])),
      http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () => HttpResponse.json([])),
    );
    const user = userEvent.setup({ delay: null });
    await renderApp(<ClaimPayments claimId={CLAIM_ID} today="2026-12-07" canEdit {...lease} />);
    const form = await screen.findByRole('form', { name: 'Enregistrer un paiement' });
    await user.type(within(form).getByRole('textbox', { name: /^Montant/ }), '190');
    await typeDate(user, 'Date d’imputation', '01012017', form);
    await user.click(within(form).getByRole('button', { name: 'Enregistrer un paiement' }));
    await waitFor(() =>
      expect(within(form).getByRole('group', { name: /^Date d’imputation/ })).toHaveAccessibleDescription(
        'Ne peut pas précéder le mois où le bail commence (le 1er septembre 2026) : aucun loyer n’était dû avant.',
      ),
    );
    expect(countOf('POST', `/api/v1/claims/${CLAIM_ID}/payments`)).toBe(0);
  });

  it('foresees no month for a date still being typed or refused (never "janvier 1900")', async () => {
    server.use(
      http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json([])),
      http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () =>
        HttpResponse.json([
          {
            id: '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e51',
            claimId: CLAIM_ID,
            status: 20,
            rentDueDate: '2026-10-05',
            rentAmount: 550,
            rentAmountReceived: 0,
            rentAmountReceivedDate: null,
            tenantPaidAmount: 0,
            guarantorPaidAmount: 0,
            amountDue: 550,
            receiptStatus: null,
            receiptSignedAt: null,
            createdAt: null,
          },
        ]),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await renderApp(<ClaimPayments claimId={CLAIM_ID} today="2026-12-07" canEdit {...lease} />);
    const form = await screen.findByRole('form', { name: 'Enregistrer un paiement' });
    await user.type(within(form).getByRole('textbox', { name: /^Montant/ }), '190');
    // today's date, accepted: foreseen
    await waitFor(() => expect(screen.getByText(/^Répartition prévue/)).toHaveTextContent('octobre 2026 190,00 €'));
    for (const typed of ['01010', '0101201', '01012017']) {
      await typeDate(user, 'Date d’imputation', typed, form);
      expect(screen.queryByText(/^Répartition prévue/)).toBeNull();
      expect(document.body).not.toHaveTextContent(/janvier 1\d\d\d|janvier 0/);
    }
  });
});

describe('changing a payment', () => {
  const month = (rentDueDate: string, id: string, tenantPaidAmount: number) => ({
    id,
    claimId: CLAIM_ID,
    status: 20,
    rentDueDate,
    rentAmount: 800,
    rentAmountReceived: 0,
    rentAmountReceivedDate: null,
    tenantPaidAmount,
    guarantorPaidAmount: 0,
    amountDue: 800 - tenantPaidAmount,
    receiptStatus: null,
    receiptSignedAt: null,
    createdAt: null,
  });

  it('opens the same form in its place, pre-filled, with where the money would go; Escape closes it, Enter sends it', async () => {
    const bodies: unknown[] = [];
    let stored = payment(P1, 300);
    server.use(
      http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json([stored])),
      http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () =>
        HttpResponse.json([
          month('2026-02-05', '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e51', 300),
          month('2026-03-05', '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e52', 0),
        ]),
      ),
      http.put(`/api/v1/claims/${CLAIM_ID}/payments/${P1}`, async ({ request }) => {
        bodies.push(await request.json());
        stored = {
          ...stored,
          amount: 900,
          allocations: [
            { rentDueDate: '2026-02-01', amount: 100 },
            { rentDueDate: '2026-03-01', amount: 800 },
          ],
        };
        return HttpResponse.json(stored);
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderApp(<ClaimPayments claimId={CLAIM_ID} today="2026-03-15" canEdit />);
    const change = await screen.findByRole('button', { name: 'Modifier le paiement de 300,00\u00a0€ du 10/03/2026' });
    await user.click(change);
    const form = await screen.findByRole('form', { name: 'Modifier le paiement de 300,00\u00a0€ du 10/03/2026' });
    const amount = within(form).getByRole('textbox', { name: /^Montant/ });
    expect(amount).toHaveValue('300');
    await waitFor(() => expect(amount).toHaveFocus());
    expect(await within(form).findByRole('group', { name: /^Date d’imputation/ })).toHaveTextContent('10/03/2026');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Modifier le paiement/ })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Modifier le paiement de 300/ })).toHaveFocus());
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('form', { name: /^Modifier le paiement/ });
    await waitFor(() => expect(within(again).getByRole('textbox', { name: /^Montant/ })).toHaveFocus());
    await user.keyboard('{Control>}a{/Control}{Delete}900');
    // spread again without its own 300 € on February: March, its apply month, then February
    await waitFor(() => expect(screen.getByText(/^Répartition prévue/)).toHaveTextContent('février 2026 100,00 €, mars 2026 800,00 €'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(bodies).toEqual([{ amount: 900, applyDate: '2026-03-10' }]));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Paiement modifié : 900,00 € au 10/03/2026, réparti sur : février 2026 100,00 €, mars 2026 800,00 €.',
      ),
    );
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/^900,00\s€ · 10\/03\/2026/));
  });

  it('the question before deleting names the payment and the months it leaves', async () => {
    server.use(
      http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json([payment(P1, 300)])),
      http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () => HttpResponse.json([])),
    );
    const user = userEvent.setup({ delay: null });
    await renderApp(<ClaimPayments claimId={CLAIM_ID} today="2026-03-15" canEdit />, { lang: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Delete the payment of €300.00 on 10/03/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the payment of €300.00 on 10/03/2026?' });
    expect(dialog).toHaveAccessibleDescription(
      'It is spread over: February 2026 €300.00. These months will owe it again; the other payments stay where they are.',
    );
  });
});
