import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CLAIM_ID, monthFixture } from '../../../test/fixtures.js';
import { typeDate } from '../../../test/form-helpers.js';
import { renderApp } from '../../../test/render.js';
import { server } from '../../../test/server.js';
import { DeclareMonthForm } from './declare-month-form.js';

const DEBTS = `/api/v1/claims/${CLAIM_ID}/rentaldebts`;
const DEBT = monthFixture({ rentAmount: 800, amountDue: 800 });

describe('DeclareMonthForm', () => {
  it('sends the month offered; the server’s E0188 (months in order) goes on the due date, the form stays open', async () => {
    let body: unknown = null;
    server.use(
      http.post(DEBTS, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ code: 'E0188', message: 'next month is 2026-04-05', requestId: 'r1' }, { status: 422 });
      }),
      http.get(DEBTS, () =>
        HttpResponse.json([
          { ...DEBT, id: null, rentDueDate: '2026-04-01', status: 10 },
          { ...DEBT, id: null, rentDueDate: '2026-05-01', status: 10 },
        ]),
      ),
    );
    const onDone = vi.fn();
    const user = userEvent.setup({ delay: null });
    await renderApp(
      <DeclareMonthForm
        claimId={CLAIM_ID}
        month="2026-05-05"
        firstDueDate="2026-03-05"
        rentAmount={800}
        today="2026-06-15"
        onDone={onDone}
        onCancel={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Déclarer' }));
    await waitFor(() => expect(body).toEqual({ rentDueDate: '2026-05-05', rentAmount: 800, rentAmountReceived: 0 }));
    const message = 'Les mois se déclarent dans l’ordre : déclarez d’abord le mois suivant le dernier mois déclaré.';
    await waitFor(() => expect(screen.getByRole('group', { name: /^Date d’échéance/ })).toHaveAccessibleDescription(message));
    expect(onDone).not.toHaveBeenCalled();
    // said once, on the field: not a second time in an alert below
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  it('says a month declared meanwhile (another tab) is already declared, from the months read again, not "declare in order"', async () => {
    let reads = 0;
    server.use(
      http.post(DEBTS, () => HttpResponse.json({ code: 'E0188', message: 'next month is 2026-06-05', requestId: 'r2' }, { status: 400 })),
      http.get(DEBTS, () => {
        reads++;
        return HttpResponse.json([
          { ...DEBT, id: '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', rentDueDate: '2026-05-05', status: 20 },
          { ...DEBT, id: null, rentDueDate: '2026-06-01', status: 10 },
        ]);
      }),
    );
    const onDone = vi.fn();
    const user = userEvent.setup({ delay: null });
    await renderApp(
      <DeclareMonthForm
        claimId={CLAIM_ID}
        month="2026-05-05"
        firstDueDate="2026-03-05"
        rentAmount={800}
        today="2026-06-15"
        onDone={() => undefined}
        onCancel={onDone}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Déclarer' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Ce mois est déjà déclaré (mai 2026)'));
    expect(reads).toBe(1);
    expect(screen.queryByText(/dans l’ordre/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('does not offer a month still to come: the date is left to the user, and refused before sending', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp(
      <DeclareMonthForm
        claimId={CLAIM_ID}
        month="2026-07-05"
        firstDueDate="2026-03-05"
        rentAmount={800}
        today="2026-06-15"
        onDone={() => undefined}
        onCancel={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Déclarer' }));
    await waitFor(() => expect(screen.getByRole('group', { name: /^Date d’échéance/ })).toHaveAccessibleDescription('Champ obligatoire.'));
  });

  it('offers the claim’s due day in the month, even when the partner dates the month on the 1st (05/03 → 05/05, 31/01 → 30/04)', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(DEBTS, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { ...DEBT, id: '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', rentDueDate: '2026-05-05', status: 13 },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup({ delay: null });
    const first = await renderApp(
      <DeclareMonthForm
        claimId={CLAIM_ID}
        month="2026-05-01"
        firstDueDate="2026-03-05"
        rentAmount={800}
        today="2026-06-15"
        onDone={() => undefined}
        onCancel={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Déclarer' }));
    await waitFor(() => expect(bodies).toEqual([{ rentDueDate: '2026-05-05', rentAmount: 800, rentAmountReceived: 0 }]));
    first.unmount();
    await renderApp(
      <DeclareMonthForm
        claimId={CLAIM_ID}
        month="2026-04-01"
        firstDueDate="2026-01-31"
        rentAmount={800}
        today="2026-06-15"
        onDone={() => undefined}
        onCancel={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Déclarer' }));
    await waitFor(() => expect(bodies[1]).toMatchObject({ rentDueDate: '2026-04-30' }));
  });

  it('declares a partly paid month: the part received and its date, checked with the contract before sending', async () => {
    let body: unknown = null;
    server.use(
      http.post(DEBTS, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { ...DEBT, id: '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', rentDueDate: '2026-05-05', status: 13 },
          { status: 201 },
        );
      }),
    );
    const onDone = vi.fn();
    const user = userEvent.setup({ delay: null });
    await renderApp(
      <DeclareMonthForm
        claimId={CLAIM_ID}
        month="2026-05-05"
        firstDueDate="2026-03-05"
        rentAmount={800}
        today="2026-06-15"
        onDone={onDone}
        onCancel={() => undefined}
      />,
    );
    const received = screen.getByLabelText(/^Montant déjà reçu/);
    await user.clear(received);
    await user.type(received, '900');
    await user.click(screen.getByRole('button', { name: 'Déclarer' }));
    await waitFor(() => expect(received).toHaveAccessibleDescription(/loyer/i));
    await waitFor(() => expect(screen.getByRole('group', { name: /^Date de réception/ })).toHaveAccessibleDescription(/obligatoire/i));
    await user.clear(received);
    await user.type(received, '300');
    await typeDate(user, 'Date de réception', '10052026');
    await user.click(screen.getByRole('button', { name: 'Déclarer' }));
    await waitFor(() =>
      expect(body).toEqual({ rentDueDate: '2026-05-05', rentAmount: 800, rentAmountReceived: 300, rentAmountReceivedDate: '2026-05-10' }),
    );
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it('a pre-filled rent is cleared and typed again; one more than twice the lease’s asks first, said as recorded', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(DEBTS, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { ...DEBT, id: '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', rentDueDate: '2026-05-05', status: 13 },
          { status: 201 },
        );
      }),
    );
    const onDone = vi.fn();
    const user = userEvent.setup({ delay: null });
    await renderApp(
      <DeclareMonthForm
        claimId={CLAIM_ID}
        month="2026-05-05"
        firstDueDate="2026-03-05"
        rentAmount={550}
        leaseRent={550}
        today="2026-06-15"
        onDone={onDone}
        onCancel={() => undefined}
      />,
    );
    const rent = screen.getByRole('textbox', { name: /^Loyer/ });
    await user.type(rent, '6');
    await user.keyboard('{Control>}a{/Control}{Delete}');
    await user.keyboard('1 200,50');
    expect(rent).toHaveValue('1 200,50');
    await user.click(screen.getByRole('button', { name: 'Déclarer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loyer de 1\u202f200,50\u00a0€ ?' });
    expect(dialog).toHaveAccessibleDescription(/Le loyer de mai 2026 sera enregistré à 1\u202f200,50\u00a0€/);
    await user.click(within(dialog).getByRole('button', { name: 'Corriger le montant' }));
    await waitFor(() => expect(rent).toHaveFocus());
    await user.keyboard('{Control>}a{/Control}{Delete}620');
    await user.click(screen.getByRole('button', { name: 'Déclarer' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ rentDueDate: '2026-05-05', rentAmount: 620, rentAmountReceived: 0 }]);
  });
});
