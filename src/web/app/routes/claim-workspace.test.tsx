import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartnerEvent } from '../../../contract/session.js';
import { useLiveEvents } from '../../features/events/hooks/use-live-events.js';
import { CLAIM_ID, PROJECT_ID, claimFixture, inboxFixture, monthFixture, projectFixture } from '../../test/fixtures.js';
import { FakeEventSource } from '../../test/event-source.js';
import { renderApp } from '../../test/render.js';
import { server } from '../../test/server.js';
import { quietFollows } from '../../test/follows.js';
import { affectedKeys } from '../affected-keys.js';
import ClaimWorkspaceRoute from './claim-workspace.js';

// the page's follow button and the bell, beside what these tests are about
beforeEach(() => server.use(...quietFollows()));

const EMAIL = 'staff@demo-agency.fr';
const DEBT_ID = '5d1e2f3a-4b5c-4d6e-8f70-000000000901';

const inbox = inboxFixture();

/**
 * The dashboard server behind the claim's workspace: May to declare, then declared; the write ids
 * its declarations were sent with (the server names them back in the live events).
 */
function partner() {
  let declared = false;
  const writes: string[] = [];
  server.use(
    http.get('/api/session', () =>
      HttpResponse.json({ user: { email: EMAIL, name: 'Samuel Staff', role: 'staff' }, mode: 'live', today: '2026-06-15', csrfToken: 't' }),
    ),
    http.get(`/api/claims/${CLAIM_ID}`, () => HttpResponse.json(claimFixture({ status: 30 }))),
    http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, () =>
      HttpResponse.json([
        declared
          ? monthFixture({ id: DEBT_ID, status: 20, rentAmount: 800, amountDue: 800, createdAt: '2026-06-15T09:00:00.000Z' })
          : monthFixture({}),
      ]),
    ),
    http.post(`/api/v1/claims/${CLAIM_ID}/rentaldebts`, ({ request }) => {
      writes.push(request.headers.get('x-write-id') ?? '');
      declared = true;
      return HttpResponse.json(
        monthFixture({ id: DEBT_ID, status: 20, rentAmount: 800, amountDue: 800, createdAt: '2026-06-15T09:00:00.000Z' }),
        {
          status: 201,
        },
      );
    }),
    http.get(`/api/v1/claims/${CLAIM_ID}/rentaldebts/pending-signature`, () => HttpResponse.json([])),
    http.get(`/api/v1/claims/${CLAIM_ID}/payments`, () => HttpResponse.json([])),
    http.get(`/api/v1/claims/${CLAIM_ID}/documents/required`, () => HttpResponse.json([])),
    http.get(`/api/v1/claims/${CLAIM_ID}/stats`, () =>
      HttpResponse.json({
        claimId: CLAIM_ID,
        generatedAt: '2026-06-15T09:00:00.000Z',
        monthsTotal: 1,
        monthsDeclared: declared ? 1 : 0,
        monthsToDeclare: declared ? 0 : 1,
        monthsPaid: 0,
        receiptsPendingSignature: 0,
        receiptsSigned: 0,
        paymentsCount: 0,
        totalRent: declared ? 800 : 0,
        totalReceivedAtDeclaration: 0,
        totalTenantPayments: 0,
        totalPaidByGuarantor: 0,
        totalOutstanding: declared ? 800 : 0,
        byMonth: [],
      }),
    ),
    http.get(`/api/v3/projects/${PROJECT_ID}`, () => HttpResponse.json(projectFixture({ status: 6 }))),
    http.get(`/api/assignments/claim/${CLAIM_ID}`, () =>
      HttpResponse.json({ assignee: null, assignedBy: null, assignedAt: null, mine: false }),
    ),
    http.get('/api/colleagues', () => HttpResponse.json({ colleagues: [], me: 'u-staff' })),
    http.get(`/api/claims/${CLAIM_ID}/files`, () => HttpResponse.json({ items: [], total: 0 })),
    http.get(`/api/claims/${CLAIM_ID}/payment-moves`, () => HttpResponse.json([])),
    http.get('/api/audit/history', () => HttpResponse.json({ items: [], total: 0 })),
    http.get('/api/inbox', () => HttpResponse.json(inbox)),
  );
  return { writes };
}

/** The signed-in shell's one stream (the layout's), and the claim's page. */
function Live() {
  useLiveEvents(EMAIL, affectedKeys, () => Promise.resolve(true));
  return <ClaimWorkspaceRoute />;
}

let seq = 0;
/** The server streams an event about the claim; `write`: the id of this person's write whose result it reports (the server's word). */
const send = (type: string, write: string | null) =>
  act(() =>
    FakeEventSource.current?.emit({
      seq: ++seq,
      id: `evt-${seq}`,
      type,
      createdAt: '2026-06-15T09:00:00.000Z',
      receivedAt: '2026-06-15T09:00:00.000Z',
      data: { claimId: CLAIM_ID, rentalDebtId: DEBT_ID },
      own: write !== null,
      write,
    } satisfies PartnerEvent),
  );

async function declareMay() {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const timeline = await screen.findByRole('table', { name: 'Mois de loyer' });
  await user.click(within(timeline).getByRole('button', { name: /Déclarer ce mois/ }));
  const form = await screen.findByRole('form', { name: 'Déclarer ce mois' });
  await user.click(within(form).getByRole('button', { name: /^Déclarer$/ }));
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Déclarer ce mois' })).not.toBeInTheDocument());
}

const notice = () => screen.queryByText(/^Mis à jour :/);

describe('the claim’s workspace says what someone else changed, never what the person just did', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('after her own declaration no "Mis à jour" notice, however the partner’s events about it come', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('EventSource', FakeEventSource);
    const { writes } = partner();
    await renderApp(
      <Routes>
        <Route path="/claims/:id" element={<Live />} />
      </Routes>,
      { path: `/claims/${CLAIM_ID}` },
    );
    await declareMay();
    // the partner's webhooks: the month created, then its status a second and a half later, then
    // the same again a minute later (a delivery the partner retried)
    send('rental_debt.created', writes[0] ?? null);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    send('rental_debt.updated', writes[0] ?? null);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    send('rental_debt.updated', writes[0] ?? null);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(notice()).not.toBeInTheDocument();
  });

  it('a change made by someone else right after her declaration is said', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('EventSource', FakeEventSource);
    const { writes } = partner();
    await renderApp(
      <Routes>
        <Route path="/claims/:id" element={<Live />} />
      </Routes>,
      { path: `/claims/${CLAIM_ID}` },
    );
    await declareMay();
    send('rental_debt.created', writes[0] ?? null);
    expect(notice()).not.toBeInTheDocument();
    // at once, a colleague (or the partner's back office) changes that month
    send('rental_debt.updated', null);
    expect(await screen.findByText('Mis à jour : Mois de loyer mis à jour')).toBeInTheDocument();
  });
});
