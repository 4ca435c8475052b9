import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RentalDebt, TenantPayment } from '../../../../contract/claims.js';
import type { PaymentMove } from '../../../../contract/payment-moves.js';
import { CLAIM_ID, monthFixture } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { server } from '../../../test/server.js';
import { claimKeys } from '../api/keys.js';
import { RentalDebtsTimeline } from './rental-debts-timeline.js';
// the parts the page loads when they are shown, loaded with this file: their first import here
// takes longer than a query waits, and a test would find them only after an earlier file loaded them
import './declare-month-form.js';
import './correct-amount-form.js';

const NOV = '6a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c31';
const DEC = '6a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c32';
const JAN = '6a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c33';
const month = (rentDueDate: string, id: string | null, over: Partial<RentalDebt> = {}): RentalDebt =>
  monthFixture({ id, status: id ? 20 : 10, rentDueDate, rentAmount: id ? 550 : null, amountDue: id ? 550 : 0, ...over });

/** November paid by the tenant, December declared late with 190 € of a payment on it, January to declare. */
function answer(state: { months: RentalDebt[]; sent: unknown[]; moves?: PaymentMove[]; payments?: TenantPayment[] }) {
  server.use(
    http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () => HttpResponse.json(state.months)),
    http.get(`/api/claims/${CLAIM_ID}/payment-moves`, () => HttpResponse.json(state.moves ?? [])),
    http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json(state.payments ?? [])),
    http.put(`/api/v1/claims/${CLAIM_ID}/rentaldebts/${DEC}`, async ({ request }) => {
      const body = (await request.json()) as { rentAmount: number };
      state.sent.push(body);
      state.months = state.months.map((m) => (m.id === DEC ? { ...m, rentAmount: body.rentAmount, amountDue: body.rentAmount - 190 } : m));
      return HttpResponse.json(state.months.find((m) => m.id === DEC));
    }),
    http.post(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, async ({ request }) => {
      state.sent.push(await request.json());
      state.months = state.months.map((m) =>
        m.rentDueDate === '2027-01-05' ? month('2027-01-05', JAN, { createdAt: '2027-02-05T10:00:00Z' }) : m,
      );
      return HttpResponse.json(month('2027-01-05', JAN), { status: 201 });
    }),
  );
}

const initial = () => ({
  months: [
    month('2026-11-05', NOV, { status: 50, tenantPaidAmount: 550, amountDue: 0 }),
    month('2026-12-05', DEC, { status: 31, tenantPaidAmount: 190, amountDue: 360 }),
    month('2027-01-05', null),
  ],
  sent: [] as unknown[],
});

const timeline = (
  <RentalDebtsTimeline claimId={CLAIM_ID} rentAmount={550} leaseRent={550} firstDueDate="2026-11-05" today="2027-02-05" canEdit />
);

describe('correcting a month’s amount', () => {
  it('works by keyboard as the month’s declaration does: focus in the field, Escape closes, Enter sends', async () => {
    const state = initial();
    answer(state);
    const user = userEvent.setup({ delay: null });
    await renderApp(timeline);
    const correct = await screen.findByRole('button', { name: 'Corriger le montant : décembre 2026' });
    correct.focus();
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('form', { name: 'Corriger le montant de décembre 2026' });
    const rent = within(form).getByRole('textbox', { name: /^Loyer/ });
    await waitFor(() => expect(rent).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Corriger le montant/ })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Corriger le montant : décembre 2026' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Loyer/ })).toHaveFocus());
    await user.keyboard('{Control>}a{/Control}{Delete}560{Enter}');
    await waitFor(() => expect(state.sent).toEqual([{ rentDueDate: '2026-12-05', rentAmount: 560 }]));
    // closed, the keyboard on the month corrected (not left on the page), and what was done said
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Corriger le montant/ })).toBeNull());
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/^décembre 2026$/));
    expect(screen.getByRole('status')).toHaveTextContent('décembre 2026 : montant corrigé (560,00 €).');
  });

  it('says before sending what it changes on the month, and that the payments stay where they are', async () => {
    const state = initial();
    answer(state);
    const user = userEvent.setup({ delay: null });
    await renderApp(timeline);
    await user.click(await screen.findByRole('button', { name: 'Corriger le montant : décembre 2026' }));
    const rent = await screen.findByRole('textbox', { name: /^Loyer/ });
    await user.keyboard('{Control>}a{/Control}{Delete}560');
    expect(rent).toHaveAccessibleDescription(
      'Loyer 550,00\u00a0€ → 560,00\u00a0€, reste dû 360,00\u00a0€ → 370,00\u00a0€. Les paiements du locataire restent sur leurs mois.',
    );
    await user.keyboard('{Control>}a{/Control}{Delete}150');
    expect(rent).toHaveAccessibleDescription(
      /reste dû 360,00\u00a0€ → 0,00\u00a0€ : il est déjà rentré 40,00\u00a0€ de plus \(trop-perçu\)/,
    );
  });
});

describe('what the timeline says it did', () => {
  it('"mois déclaré" goes when the next action starts', async () => {
    const state = initial();
    answer(state);
    const user = userEvent.setup({ delay: null });
    await renderApp(timeline);
    await user.click(await screen.findByRole('button', { name: 'Déclarer ce mois : janvier 2027' }));
    await user.click(await screen.findByRole('button', { name: 'Déclarer' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('janvier 2027 : mois déclaré.'));
    await user.click(screen.getByRole('button', { name: 'Corriger le montant : décembre 2026' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('"mois déclaré" goes when that month changes (a payment, a colleague), not when it is read again unchanged', async () => {
    const state = initial();
    answer(state);
    const user = userEvent.setup({ delay: null });
    const { client } = await renderApp(timeline);
    await user.click(await screen.findByRole('button', { name: 'Déclarer ce mois : janvier 2027' }));
    await user.click(await screen.findByRole('button', { name: 'Déclarer' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('janvier 2027 : mois déclaré.'));
    await client.refetchQueries({ queryKey: claimKeys.debts(CLAIM_ID) });
    expect(screen.getByRole('status')).toHaveTextContent('janvier 2027 : mois déclaré.');
    state.months = state.months.map((m) => (m.id === JAN ? { ...m, tenantPaidAmount: 100, amountDue: 450 } : m));
    await client.refetchQueries({ queryKey: claimKeys.debts(CLAIM_ID) });
    await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement());
  });
});

describe('a payment the partner spread again, said on its months', () => {
  it('each month says what came or went, from or to which months, which payment, and since when; never a cause', async () => {
    const P = '0a5e2c1d-7b3f-4e8a-9d6c-1f2e3a4b5c61';
    const state = {
      ...initial(),
      payments: [
        {
          id: P,
          claimId: CLAIM_ID,
          amount: 740,
          applyDate: '2026-11-20',
          createdAt: '2026-11-20T09:00:00Z',
          allocations: [
            { rentDueDate: '2026-11-01', amount: 550 },
            { rentDueDate: '2026-12-01', amount: 190 },
          ],
        },
      ],
      moves: [
        {
          paymentId: P,
          from: [{ rentDueDate: '2026-11-01', amount: 740 }],
          to: [
            { rentDueDate: '2026-11-01', amount: 550 },
            { rentDueDate: '2026-12-01', amount: 190 },
          ],
          seenOn: '2027-02-05',
        },
      ],
    };
    answer(state);
    await renderApp(timeline);
    const months = await screen.findByRole('table', { name: 'Mois de loyer' });
    const row = (name: string) => within(months).getByRole('row', { name: new RegExp(`^${name}`) });
    await waitFor(() =>
      expect(row('novembre 2026')).toHaveTextContent(
        '190,00 € partis vers décembre 2026 : le paiement de 740,00 € du 20/11/2026 a été réparti à nouveau par le service de garantie (constaté le 05/02/2027).',
      ),
    );
    expect(row('décembre 2026')).toHaveTextContent(
      '190,00 € venus de novembre 2026 : le paiement de 740,00 € du 20/11/2026 a été réparti à nouveau par le service de garantie (constaté le 05/02/2027).',
    );
    expect(months).not.toHaveTextContent(/déclaration de/);
  });
});

describe('the next month to declare', () => {
  it('is offered once its rent is due on the claim’s day, and says from when before that', async () => {
    const state = { months: [month('2026-11-05', NOV, { status: 20 }), month('2026-12-01', null)], sent: [] as unknown[] };
    answer(state);
    // the partner dates December on the 1st; the claim's rent is due on the 5th
    const on = (today: string) => (
      <RentalDebtsTimeline claimId={CLAIM_ID} rentAmount={550} leaseRent={550} firstDueDate="2026-11-05" today={today} canEdit />
    );
    const before = await renderApp(on('2026-12-04'));
    expect(await screen.findByText('Loyer dû le 05/12/2026 : à déclarer à partir de ce jour')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Déclarer ce mois/ })).toBeNull();
    before.unmount();
    await renderApp(on('2026-12-05'));
    expect(await screen.findByRole('button', { name: 'Déclarer ce mois : décembre 2026' })).toBeInTheDocument();
    expect(screen.queryByText(/à déclarer à partir de ce jour/)).toBeNull();
  });
});
