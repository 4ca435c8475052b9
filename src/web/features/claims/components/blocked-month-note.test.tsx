import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RentalDebt } from '../../../../contract/claims.js';
import { CLAIM_ID, monthFixture } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { server } from '../../../test/server.js';
import { RentalDebtsTimeline } from './rental-debts-timeline.js';
// the parts the page loads when they are shown, loaded with this file: their first import here
// takes longer than a query waits, and a test would find them only after an earlier file loaded them
import './declare-month-form.js';
import './correct-amount-form.js';

const LATE = '6a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
const month = (status: RentalDebt['status'], rentDueDate: string, id: string | null): RentalDebt =>
  monthFixture({ id, status, rentDueDate, rentAmount: id ? 800 : null, amountDue: id ? 800 : 0 });

function answer(unblocked: string[]) {
  server.use(
    http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () =>
      HttpResponse.json([month(31, '2026-09-05', LATE), month(14, '2026-10-05', '7a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d')]),
    ),
    http.get(`/api/claims/${CLAIM_ID}/payment-moves`, () => HttpResponse.json([])),
    http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json([])),
    http.post(`/api/sandbox/claims/${CLAIM_ID}/rentaldebts/:debt/unblock`, ({ params }) => {
      unblocked.push(String(params.debt));
      return HttpResponse.json({});
    }),
  );
}

const timeline = (sandbox: boolean) => (
  <RentalDebtsTimeline claimId={CLAIM_ID} rentAmount={800} firstDueDate="2026-09-05" today="2026-11-29" canEdit sandbox={sandbox} />
);

describe('a month blocked for a late declaration', () => {
  it('says what it means, who acts now, what happens next and what the agency can do', async () => {
    answer([]);
    await renderApp(timeline(false));
    const note = await screen.findByRole('note', { name: 'Septembre 2026 : déclaré en retard, en attente du gestionnaire de dossier' });
    expect(note).toHaveTextContent('après le délai de déclaration');
    expect(note).toHaveTextContent('gestionnaire de dossier du service');
    expect(note).toHaveTextContent('Les mois suivants');
    expect(note).toHaveTextContent('Le garant ne paie');
    expect(note).toHaveTextContent('Vous pouvez');
    // the later month says what it waits for
    expect(screen.getByText('Attend la décision sur septembre 2026, bloqué ; le garant le paiera ensuite.')).toBeInTheDocument();
    // the back office's step exists only in sandbox mode
    expect(screen.queryByRole('button', { name: /Débloquer/ })).toBeNull();
  });

  it('in sandbox mode, offers the back office’s unblock step on that month', async () => {
    const unblocked: string[] = [];
    answer(unblocked);
    await renderApp(timeline(true), { lang: 'en' });
    const note = await screen.findByRole('note', { name: 'September 2026: declared late, awaiting the case handler' });
    expect(note).toHaveTextContent('service’s case handler acts now');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Unblock September 2026 (back office)' }));
    await waitFor(() => expect(unblocked).toEqual([LATE]));
  });
});
