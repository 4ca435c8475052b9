import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import type { Round, RoundRow } from '../../../contract/round.js';
import { monthFixture } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';
import { typeDate } from '../../test/form-helpers.js';
import { server } from '../../test/server.js';
import RoundRoute from './round.js';

const guid = (i: number) => `5d1e2f3a-4b5c-4d6e-8f70-${String(i).padStart(12, '0')}`;
const row = (i: number, over: Partial<RoundRow> = {}): RoundRow => ({
  claimId: guid(i),
  projectId: guid(100 + i),
  claimStatus: 30,
  tenant: { firstName: 'Locataire', lastName: `N${i}` },
  property: `${i} rue des Lilas, 75011 Paris`,
  months: [{ rentDueDate: '2026-05-05', status: 10 }],
  monthCount: 1,
  rentAmount: 800,
  blockedLate: 0,
  target: '2026-05-20',
  daysLeft: -26,
  daysLate: 41,
  ...over,
});

/**
 * A partner behind the dashboard's forwarding: it keeps each month declared once (by claim and
 * month, as E0188 would), answers the same declaration again for a key it has seen, and refuses
 * the claims listed in `refusing` with E0200.
 */
function partner(rows: RoundRow[], refusing: Set<string>, o: { blocked?: Set<string> } = {}) {
  const declared = new Map<string, { key: string; body: Record<string, unknown> }>();
  const byKey = new Map<string, string>();
  const round = (): Round => ({
    asOf: null,
    generatedAt: '2026-06-15T08:00:00.000Z',
    today: '2026-06-15',
    declarationDay: 20,
    rows: rows
      .map((r) => ({ ...r, months: r.months.filter((m) => !declared.has(`${r.claimId}:${m.rentDueDate}`)) }))
      // a claim moved to a status that refuses declarations is no longer open: the round leaves it out
      .filter((r) => r.months.length > 0 && !refusing.has(r.claimId))
      .map((r) => ({ ...r, monthCount: r.months.length })),
    monthsDue: 0,
  });
  server.use(
    http.get('/api/session', () =>
      HttpResponse.json({ user: { email: 's@x.fr', name: 'S', role: 'staff' }, mode: 'live', today: '2026-06-15', csrfToken: 't' }),
    ),
    http.get('/api/round', () => HttpResponse.json(round())),
    http.get('/api/round/reminders', () => HttpResponse.json({ enabled: true, lang: 'fr', mailConfigured: false, eligible: false })),
    http.post('/api/v1/claims/:claimId/rentaldebts', async ({ request, params }) => {
      const claimId = String(params.claimId);
      const key = request.headers.get('idempotency-key') ?? '';
      const body = (await request.json()) as Record<string, unknown>;
      if (refusing.has(claimId)) return HttpResponse.json({ code: 'E0200', message: 'status', requestId: 'r1' }, { status: 400 });
      const month = `${claimId}:${String(body.rentDueDate)}`;
      if (declared.has(month) && byKey.get(key) !== month)
        return HttpResponse.json({ code: 'E0188', message: 'order', requestId: 'r2' }, { status: 400 });
      declared.set(month, { key, body });
      byKey.set(key, month);
      return HttpResponse.json(
        {
          id: guid(900 + declared.size),
          claimId,
          // a month declared past the partner's deadline: blocked for a late declaration
          status: o.blocked?.has(claimId) ? 31 : 20,
          rentDueDate: body.rentDueDate,
          rentAmount: body.rentAmount,
          rentAmountReceived: body.rentAmountReceived,
          rentAmountReceivedDate: body.rentAmountReceivedDate ?? null,
          tenantPaidAmount: 0,
          guarantorPaidAmount: 0,
          amountDue: Number(body.rentAmount) - Number(body.rentAmountReceived),
          receiptStatus: null,
          receiptSignedAt: null,
          createdAt: '2026-06-15T08:00:00.000Z',
        },
        { status: 201 },
      );
    }),
  );
  return declared;
}

test('before the first sync, an empty round says the first synchronisation is in progress, not that no month is due', async () => {
  partner([], new Set());
  await renderApp(<RoundRoute />);
  expect(await screen.findByText('Première synchronisation en cours…')).toBeInTheDocument();
  expect(screen.queryByText('Aucun mois à déclarer pour le moment.')).toBeNull();
});

test('the checked rows are declared after their control total; a refused row says why in words and is retried alone once fixed', async () => {
  const refusing = new Set<string>();
  const declared = partner([row(1), row(2, { rentAmount: 650.5 }), row(3, { rentAmount: 700 })], refusing);
  const user = userEvent.setup();
  await renderApp(<RoundRoute />);
  const table = await screen.findByRole('table', { name: 'Mois à déclarer' }, { timeout: 10_000 });
  // a partial payment by the tenant on the second row, with its date
  const received = within(table).getByLabelText('Reçu du locataire pour mai 2026, Locataire N2');
  await user.clear(received);
  await user.type(received, '200,5');
  await typeDate(user, 'Date de réception pour mai 2026, Locataire N2', '10052026', table);

  // meanwhile the back office moves the third claim to a status that refuses declarations
  refusing.add(guid(3));
  await user.click(screen.getByRole('checkbox', { name: 'Cocher toutes les lignes affichées' }));
  await user.click(screen.getByRole('button', { name: 'Déclarer les 3 lignes cochées' }));
  const dialog = await screen.findByRole('dialog', { name: 'Déclarer ces mois ?' }, { timeout: 10_000 });
  expect(dialog).toHaveTextContent('3 mois');
  expect(dialog).toHaveTextContent(/Loyers déclarés\s*2\s?150,50\s?€/);
  expect(dialog).toHaveTextContent(/Reçu des locataires\s*200,50\s?€/);
  expect(dialog).toHaveTextContent(/Reste dû\s*1\s?950,00\s?€|Reste dû\s*1\s?950\s?€/);
  await user.click(within(dialog).getByRole('button', { name: 'Déclarer' }));

  await waitFor(() => expect(declared.size).toBe(2));
  expect(declared.get(`${guid(2)}:2026-05-05`)?.body).toMatchObject({
    rentAmount: 650.5,
    rentAmountReceived: 200.5,
    rentAmountReceivedDate: '2026-05-10',
  });
  expect(await screen.findByText('Le statut actuel du sinistre ne permet pas cette action.', { exact: false })).toBeInTheDocument();
  // each row says its own outcome when its answer is read: a refusal may come before the others
  expect(await screen.findAllByText('mai 2026 déclaré : En attente de paiement', { exact: false })).toHaveLength(2);

  // the back office moved the claim back: the refused row alone is sent again
  refusing.clear();
  await user.click(screen.getByRole('button', { name: 'Réessayer la ligne de Locataire N3' }));
  await waitFor(() => expect(declared.size).toBe(3));
  expect(declared.get(`${guid(3)}:2026-05-05`)?.body).toMatchObject({ rentAmount: 700, rentAmountReceived: 0 });
});

test('a row unchanged from its prefill is declared with one action, once however often it is clicked', async () => {
  const declared = partner(
    [
      row(1, {
        months: [
          { rentDueDate: '2026-04-05', status: 60 },
          { rentDueDate: '2026-05-05', status: 10 },
        ],
        monthCount: 2,
      }),
    ],
    new Set(),
  );
  const user = userEvent.setup();
  await renderApp(<RoundRoute />);
  const table = await screen.findByRole('table', { name: 'Mois à déclarer' }, { timeout: 10_000 });
  // the partner's own late status, as given
  expect(within(table).getByText('À déclarer (hors délai)')).toBeInTheDocument();
  const declare = within(table).getByRole('button', { name: 'Déclarer avril 2026 pour Locataire N1' });
  await user.dblClick(declare);
  await waitFor(() => expect(within(table).getByRole('button', { name: 'Déclarer mai 2026 pour Locataire N1' })).toBeInTheDocument(), {
    timeout: 10_000,
  });
  expect([...declared.keys()]).toEqual([`${guid(1)}:2026-04-05`]);
  expect(declared.get(`${guid(1)}:2026-04-05`)?.body).toMatchObject({ rentAmount: 800, rentAmountReceived: 0 });
});

test('a received amount without its date is said on the field, and nothing is sent', async () => {
  const declared = partner([row(1)], new Set());
  const user = userEvent.setup();
  await renderApp(<RoundRoute />, { lang: 'en' });
  const table = await screen.findByRole('table', { name: 'Months to declare' }, { timeout: 10_000 });
  const received = within(table).getByLabelText('Received from the tenant for May 2026, Locataire N1');
  await user.clear(received);
  await user.type(received, '100');
  await user.click(within(table).getByRole('button', { name: 'Declare May 2026 for Locataire N1' }));
  expect(await within(table).findByText('Required when part of the rent was received.')).toBeInTheDocument();
  // the message is the date field's own: it is marked invalid and says why to a screen reader
  const date = within(table).getByRole('group', { name: 'Date received for May 2026, Locataire N1' });
  expect(date).toBeInvalid();
  expect(date).toHaveAccessibleDescription('Required when part of the rent was received.');
  expect(declared.size).toBe(0);
});

test('every pending month at this rent: what the tenant paid counts for the first month only, said before sending', async () => {
  const months = ['2026-03-05', '2026-04-05', '2026-05-05'].map((rentDueDate) => ({ rentDueDate, status: 10 as const }));
  const declared = partner([row(1, { months, monthCount: 3, rentAmount: 850 })], new Set());
  const user = userEvent.setup();
  await renderApp(<RoundRoute />);
  const table = await screen.findByRole('table', { name: 'Mois à déclarer' }, { timeout: 10_000 });
  const all = within(table).getByRole('button', { name: 'Déclarer les 3 mois de Locataire N1 à ce loyer' });
  const received = within(table).getByLabelText('Reçu du locataire pour mars 2026, Locataire N1');
  await user.clear(received);
  await user.type(received, '300');
  await typeDate(user, 'Date de réception pour mars 2026, Locataire N1', '12032026', table);
  const rule = 'Le reçu saisi ne vaut que pour mars 2026 : les 2 mois suivants seront déclarés sans rien reçu.';
  expect(within(table).getByText(rule)).toBeInTheDocument();
  expect(all).toHaveAccessibleDescription(rule);
  await user.click(all);
  await waitFor(() => expect(declared.size).toBe(3));
  expect(declared.get(`${guid(1)}:2026-03-05`)?.body).toEqual({
    rentDueDate: '2026-03-05',
    rentAmount: 850,
    rentAmountReceived: 300,
    rentAmountReceivedDate: '2026-03-12',
  });
  for (const month of ['2026-04-05', '2026-05-05'])
    expect(declared.get(`${guid(1)}:${month}`)?.body).toEqual({ rentDueDate: month, rentAmount: 850, rentAmountReceived: 0 });
});

test('an invalid row does not stop the checked rows silently: the count is said by the button and the first row to correct has the focus', async () => {
  const declared = partner([row(1), row(2), row(3)], new Set());
  const user = userEvent.setup();
  await renderApp(<RoundRoute />);
  const table = await screen.findByRole('table', { name: 'Mois à déclarer' }, { timeout: 10_000 });
  const rent = within(table).getByLabelText('Loyer de mai 2026, Locataire N2');
  await user.clear(rent);
  await user.type(rent, '6,5O');
  await user.click(screen.getByRole('checkbox', { name: 'Cocher toutes les lignes affichées' }));
  await user.click(screen.getByRole('button', { name: 'Déclarer les 3 lignes cochées' }));
  expect(await screen.findByText('1 ligne à corriger avant de déclarer')).toBeInTheDocument();
  expect(within(table).getByLabelText('Loyer de mai 2026, Locataire N2')).toHaveFocus();
  expect(within(table).getByLabelText('Loyer de mai 2026, Locataire N2')).toBeInvalid();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(declared.size).toBe(0);
});

test('money received after today is refused on the row, in words, and nothing is sent', async () => {
  const declared = partner([row(1)], new Set());
  const user = userEvent.setup();
  await renderApp(<RoundRoute />);
  const table = await screen.findByRole('table', { name: 'Mois à déclarer' }, { timeout: 10_000 });
  const received = within(table).getByLabelText('Reçu du locataire pour mai 2026, Locataire N1');
  await user.clear(received);
  await user.type(received, '100');
  // the app's dd/mm date field, in the user's language (not the browser's native one)
  await typeDate(user, 'Date de réception pour mai 2026, Locataire N1', '15122026', table);
  await user.click(within(table).getByRole('button', { name: 'Déclarer mai 2026 pour Locataire N1' }));
  expect(
    await within(table).findByText('Doit être le 15 juin 2026 ou avant : une somme ne peut pas être reçue après aujourd’hui.'),
  ).toBeInTheDocument();
  expect(declared.size).toBe(0);
});

test('a month’s delay counts from its due date; the agency’s target is said apart', async () => {
  partner(
    [
      row(1, { daysLate: 41, target: '2026-05-20', daysLeft: -26 }),
      row(2, { months: [{ rentDueDate: '2026-06-05', status: 10 }], daysLate: 10, target: '2026-06-20', daysLeft: 5 }),
    ],
    new Set(),
  );
  await renderApp(<RoundRoute />);
  const table = await screen.findByRole('table', { name: 'Mois à déclarer' }, { timeout: 10_000 });
  const first = within(table).getByRole('row', { name: /Locataire N1/ });
  expect(first).toHaveTextContent('Loyer dû depuis 41 jours');
  expect(first).toHaveTextContent('Objectif du 20/05/2026 dépassé');
  expect(first).not.toHaveTextContent('en retard de 26 jours');
  expect(within(table).getByRole('row', { name: /Locataire N2/ })).toHaveTextContent('À déclarer avant le 20/06/2026');
});

test('“past deadline only” keeps exactly the rows whose deadline passed, each saying why; days since the rent was due are never called late', async () => {
  partner(
    [
      // the agency's target passed
      row(1, { daysLate: 41, target: '2026-05-20', daysLeft: -26 }),
      // rent due 10 days ago, the target still ahead: once "10 jours de retard" yet hidden by "En retard seulement"
      row(2, { months: [{ rentDueDate: '2026-06-05', status: 10 }], daysLate: 10, target: '2026-06-20', daysLeft: 5 }),
      // the partner's own deadline passed (60), the agency's target still ahead
      row(3, { months: [{ rentDueDate: '2026-06-05', status: 60 }], daysLate: 10, target: '2026-06-20', daysLeft: 5 }),
    ],
    new Set(),
  );
  await renderApp(<RoundRoute />);
  const table = await screen.findByRole('table', { name: 'Mois à déclarer' }, { timeout: 10_000 });
  const rowOf = (n: number) => within(table).queryByRole('row', { name: new RegExp(`Locataire N${n}\\b`) });
  expect(rowOf(2)).toHaveTextContent('Loyer dû depuis 10 jours');
  expect(table).not.toHaveTextContent(/retard/);
  const filter = screen.getByRole('checkbox', { name: 'Délai dépassé seulement' });
  // what the two words mean is said on the page, and read with the filter
  expect(filter).toHaveAccessibleDescription(/« Loyer dû depuis N jours » compte les jours .* « Délai dépassé » : l’objectif de l’agence/);
  await userEvent.click(filter);
  await waitFor(() => expect(rowOf(2)).toBeNull());
  expect(rowOf(1)).toHaveTextContent('Objectif du 20/05/2026 dépassé');
  expect(rowOf(3)).toHaveTextContent('À déclarer (hors délai)');
});

test('after the dialog, the focus is on the round’s result, said once; a month blocked as declared late is not a plain success', async () => {
  partner([row(1), row(2)], new Set(), { blocked: new Set([guid(2)]) });
  const user = userEvent.setup();
  await renderApp(<RoundRoute />);
  const table = await screen.findByRole('table', { name: 'Mois à déclarer' }, { timeout: 10_000 });
  await user.click(screen.getByRole('checkbox', { name: 'Cocher toutes les lignes affichées' }));
  await user.click(screen.getByRole('button', { name: 'Déclarer les 2 lignes cochées' }));
  const dialog = await screen.findByRole('dialog', { name: 'Déclarer ces mois ?' }, { timeout: 10_000 });
  await user.click(within(dialog).getByRole('button', { name: 'Déclarer' }));
  const result = await screen.findByRole('status', { name: 'Résultat des déclarations' });
  await waitFor(() => expect(result).toHaveTextContent('2 mois déclarés, dont 1 bloqué (déclaration tardive)'));
  await waitFor(() => expect(document.activeElement).toBe(result));
  const blocked = within(table).getByRole('row', { name: /Locataire N2/ });
  expect(within(blocked).queryByText('Déclaré', { exact: true })).toBeNull();
  expect(blocked).toHaveTextContent('Bloqué : déclaré en retard');
  expect(blocked).toHaveTextContent('Le gestionnaire du partenaire examine ce mois');
});

test('declaring one row moves the focus to its result', async () => {
  partner([row(1)], new Set());
  const user = userEvent.setup();
  await renderApp(<RoundRoute />);
  const table = await screen.findByRole('table', { name: 'Mois à déclarer' }, { timeout: 10_000 });
  await user.click(within(table).getByRole('button', { name: 'Déclarer mai 2026 pour Locataire N1' }));
  await waitFor(() => expect(document.activeElement).toHaveAttribute('role', 'status'));
  expect(document.activeElement).toHaveTextContent('mai 2026 déclaré : En attente de paiement');
});

/**
 * The partner behind `partner()`, whose answers to the dashboard's first request of each claim in
 * `lost` never come back: `recorded` ones were declared first (the connection was cut after the
 * partner recorded the month), the others not (cut on the way; `gateway`: a balancer answers 502
 * for the replica that had it). GET rentaldebts answers what it
 * has declared. The keys each claim's declarations were sent with, in order.
 */
function losingPartner(rows: RoundRow[], lost: { recorded: Set<string>; dropped: Set<string>; gateway?: Set<string> }) {
  const declared = partner(rows, new Set());
  const keys = new Map<string, string[]>();
  const seen = new Set<string>();
  server.use(
    http.post('/api/v1/claims/:claimId/rentaldebts', async ({ request, params }) => {
      const claimId = String(params.claimId);
      keys.set(claimId, [...(keys.get(claimId) ?? []), request.headers.get('idempotency-key') ?? '']);
      const first = !seen.has(claimId);
      seen.add(claimId);
      if (first && lost.dropped.has(claimId)) return HttpResponse.error();
      // a balancer's answer for a replica that stopped midway: not the server's envelope
      if (first && lost.gateway?.has(claimId))
        return new HttpResponse('Bad Gateway', { status: 502, headers: { 'content-type': 'text/plain' } });
      if (first && lost.recorded.has(claimId)) {
        const body = (await request.clone().json()) as Record<string, unknown>;
        declared.set(`${claimId}:${String(body.rentDueDate)}`, { key: request.headers.get('idempotency-key') ?? '', body });
        return HttpResponse.error();
      }
      return undefined; // on to partner()'s handler
    }),
    http.get('/api/v1/claims/:claimId/rentaldebts', ({ params }) =>
      HttpResponse.json(
        [...declared.keys()]
          .filter((k) => k.startsWith(`${String(params.claimId)}:`))
          .map((k, i) =>
            monthFixture({
              id: guid(800 + i),
              claimId: String(params.claimId),
              status: 20,
              rentDueDate: k.split(':')[1],
              rentAmount: 800,
              amountDue: 800,
              createdAt: '2026-06-15T08:00:00.000Z',
            }),
          ),
      ),
    ),
  );
  return { declared, keys };
}

test('answers lost on the way: the partner is asked, a month it recorded is declared, one it did not is said not recorded and retried with the same key', async () => {
  const { declared, keys } = losingPartner([row(1), row(2), row(3), row(4)], {
    recorded: new Set([guid(1)]),
    dropped: new Set([guid(2)]),
    gateway: new Set([guid(4)]),
  });
  const user = userEvent.setup();
  await renderApp(<RoundRoute />);
  const table = await screen.findByRole('table', { name: 'Mois à déclarer' }, { timeout: 10_000 });
  await user.click(screen.getByRole('checkbox', { name: 'Cocher toutes les lignes affichées' }));
  await user.click(screen.getByRole('button', { name: 'Déclarer les 4 lignes cochées' }));
  const dialog = await screen.findByRole('dialog', { name: 'Déclarer ces mois ?' }, { timeout: 10_000 });
  await user.click(within(dialog).getByRole('button', { name: 'Déclarer' }));

  const result = await screen.findByRole('status', { name: 'Résultat des déclarations' });
  await waitFor(() => expect(result).toHaveTextContent('2 mois déclarés · 2 lignes non enregistrées, à réessayer'));
  expect(within(table).getByRole('row', { name: /Locataire N4/ })).toHaveTextContent('Non enregistré');
  expect(within(table).getByRole('row', { name: /Locataire N1/ })).toHaveTextContent('mai 2026 déclaré : En attente de paiement');
  const notRecorded = within(table).getByRole('row', { name: /Locataire N2/ });
  expect(notRecorded).toHaveTextContent('Non enregistré');
  expect(notRecorded).toHaveTextContent('mai 2026 : la réponse s’est perdue et le partenaire ne l’a pas enregistré.');
  expect(declared.size).toBe(2);

  await user.click(within(notRecorded).getByRole('button', { name: 'Réessayer la ligne de Locataire N2' }));
  await waitFor(() => expect(declared.size).toBe(3));
  // the same request again (a server that still had it would answer it, not send it twice)
  expect(new Set(keys.get(guid(2)))).toHaveProperty('size', 1);
  expect(keys.get(guid(1))).toHaveLength(1);
});

test('a key whose request was interrupted: the partner has not the month, so it is sent again at once with a new key; a month declared meanwhile is shown declared', async () => {
  const declared = partner([row(1), row(2)], new Set());
  const keys: string[] = [];
  let interrupted = false;
  server.use(
    http.post('/api/v1/claims/:claimId/rentaldebts', ({ request, params }) => {
      if (String(params.claimId) !== guid(1)) return undefined;
      keys.push(request.headers.get('idempotency-key') ?? '');
      if (interrupted) return undefined;
      interrupted = true;
      return HttpResponse.json({ code: 'IDEMPOTENCY_KEY_INTERRUPTED', message: 'interrupted', requestId: 'r3' }, { status: 409 });
    }),
    // the second claim's month was declared by a colleague: the round still listed it, the partner refuses it as out of order
    http.get('/api/v1/claims/:claimId/rentaldebts', ({ params }) =>
      HttpResponse.json(
        String(params.claimId) === guid(2)
          ? [
              {
                id: guid(700),
                claimId: guid(2),
                status: 40,
                rentDueDate: '2026-05-05',
                rentAmount: 800,
                rentAmountReceived: 0,
                rentAmountReceivedDate: null,
                tenantPaidAmount: 0,
                guarantorPaidAmount: 800,
                amountDue: 0,
                receiptStatus: null,
                receiptSignedAt: null,
                createdAt: '2026-06-15T08:00:00.000Z',
              },
            ]
          : [],
      ),
    ),
    http.post(`/api/v1/claims/${guid(2)}/rentaldebts`, () =>
      HttpResponse.json({ code: 'E0188', message: 'order', requestId: 'r4' }, { status: 400 }),
    ),
  );
  const user = userEvent.setup();
  await renderApp(<RoundRoute />, { lang: 'en' });
  const table = await screen.findByRole('table', { name: 'Months to declare' }, { timeout: 10_000 });
  await user.click(within(table).getByRole('button', { name: 'Declare May 2026 for Locataire N1' }));
  await waitFor(() => expect(declared.size).toBe(1));
  expect(keys).toHaveLength(2);
  expect(keys[0]).not.toBe(keys[1]);
  expect(await within(table).findByText('May 2026 declared: Awaiting payment')).toBeInTheDocument();

  await user.click(within(table).getByRole('button', { name: 'Declare May 2026 for Locataire N2' }));
  expect(await within(table).findByText('May 2026 declared: Paid')).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: /Locataire N2/ })).not.toHaveTextContent('Refused');
});

test('an answer lost while the partner cannot be asked either: the row says its outcome is unknown, to retry', async () => {
  partner([row(1)], new Set());
  server.use(
    http.post('/api/v1/claims/:claimId/rentaldebts', () => HttpResponse.error()),
    http.get('/api/v1/claims/:claimId/rentaldebts', () =>
      HttpResponse.json({ code: 'UPSTREAM_UNAVAILABLE', message: 'down', requestId: 'r5' }, { status: 502 }),
    ),
  );
  const user = userEvent.setup();
  await renderApp(<RoundRoute />, { lang: 'en' });
  const table = await screen.findByRole('table', { name: 'Months to declare' }, { timeout: 10_000 });
  await user.click(within(table).getByRole('button', { name: 'Declare May 2026 for Locataire N1' }));
  const line = within(table).getByRole('row', { name: /Locataire N1/ });
  await waitFor(() => expect(line).toHaveTextContent('Outcome unknown'));
  expect(line).toHaveTextContent('The partner may have recorded it and could not be asked: retry the row to find out');
  expect(within(line).getByRole('button', { name: 'Retry the row of Locataire N1' })).toBeEnabled();
});

test('what was typed on a row survives a reload (the tab’s draft); a row not typed on keeps its prefill', async () => {
  partner([row(1), row(2)], new Set());
  const user = userEvent.setup();
  const first = await renderApp(<RoundRoute />);
  const table = await screen.findByRole('table', { name: 'Mois à déclarer' }, { timeout: 10_000 });
  const rent = within(table).getByLabelText('Loyer de mai 2026, Locataire N2');
  await user.clear(rent);
  await user.type(rent, '666');
  first.unmount();
  // the page opened again in the same tab, as after a reload or a sign-in after the session ended
  await renderApp(<RoundRoute />);
  const again = await screen.findByRole('table', { name: 'Mois à déclarer' }, { timeout: 10_000 });
  expect(within(again).getByLabelText('Loyer de mai 2026, Locataire N2')).toHaveValue('666');
  expect(within(again).getByLabelText('Loyer de mai 2026, Locataire N1')).toHaveValue('800');
});
