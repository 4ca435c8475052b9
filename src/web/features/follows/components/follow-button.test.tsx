import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { expect, test } from 'vitest';
import type { FollowState } from '../../../../contract/follows.js';
import { CLAIM_ID, PROJECT_ID } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { notificationFixture } from '../../../test/follows.js';
import { countOf, requests, server } from '../../../test/server.js';
import { FollowButton } from './follow-button.js';
import { SinceLastVisit } from './since-last-visit.js';

const PATH = `/api/follows/claim/${CLAIM_ID}`;
const state = (over: Partial<FollowState> = {}): FollowState => ({
  following: false,
  reason: null,
  lastVisitAt: null,
  sinceLastVisit: [],
  ...over,
});
const payment = notificationFixture({ id: 'n-2', params: { amount: 120.5, date: '2026-12-03' }, actor: 'Paul Martin' });
const receipt = notificationFixture({
  id: 'n-1',
  kind: 'receipt.pending',
  params: { months: ['2026-10'] },
  actor: null,
  createdAt: '2026-12-02T08:00:00.000Z',
});

test('a claim is followed with one press and left with another: the button says which (aria-pressed)', async () => {
  let following = false;
  server.use(
    http.get(PATH, () => HttpResponse.json(state({ following }))),
    http.put(PATH, () => {
      following = true;
      return HttpResponse.json(state({ following, reason: 'manual' }));
    }),
    http.delete(PATH, () => {
      following = false;
      return HttpResponse.json(state({ following }));
    }),
  );
  const user = userEvent.setup({ delay: null });
  await renderApp(<FollowButton kind="claim" id={CLAIM_ID} />);
  await user.click(await screen.findByRole('button', { name: 'Surveiller', pressed: false }));
  const followed = await screen.findByRole('button', { name: 'Surveillé', pressed: true });
  expect(screen.getByRole('status')).toHaveTextContent('Vous surveillez ce dossier : ce qui y change vous sera signalé.');
  await user.click(followed);
  expect(await screen.findByRole('button', { name: 'Surveiller', pressed: false })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Vous ne surveillez plus ce dossier.');
  expect(requests.filter((r) => r.startsWith('PUT') || r.startsWith('DELETE'))).toEqual([`PUT ${PATH}`, `DELETE ${PATH}`]);
});

test('in English: "Watch", then "Watching", pressed', async () => {
  server.use(http.get(`/api/follows/project/${PROJECT_ID}`, () => HttpResponse.json(state({ following: true, reason: 'assigned' }))));
  await renderApp(<FollowButton kind="project" id={PROJECT_ID} />, { lang: 'en' });
  expect(await screen.findByRole('button', { name: 'Watching', pressed: true })).toBeInTheDocument();
});

test('a file the reader may not follow (the server refuses: outside her scope) shows no button', async () => {
  server.use(
    http.get(PATH, () => HttpResponse.json({ code: 'FORBIDDEN_SCOPE', message: 'Outside your scope', requestId: 'r-1' }, { status: 403 })),
  );
  await renderApp(
    <>
      <h1>Sinistre</h1>
      <FollowButton kind="claim" id={CLAIM_ID} />
    </>,
  );
  await waitFor(() => expect(countOf('GET', PATH)).toBe(1));
  await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  expect(screen.queryByRole('button')).toBeNull();
  expect(screen.queryByRole('region')).toBeNull();
});

/** The claim's page, left for another and opened again in the same tab. */
function Reopened() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(false)}>
        Ailleurs
      </button>
      <button type="button" onClick={() => setOpen(true)}>
        Le sinistre
      </button>
      {open ? <SinceLastVisit kind="claim" id={CLAIM_ID} /> : null}
    </>
  );
}

test('what changed since the last visit is said once, in words, and the visit is recorded as the page opens', async () => {
  const visits: string[] = [];
  let lastVisitAt = '2026-12-01T17:45:00.000Z';
  let since = [payment, receipt];
  server.use(
    http.get(PATH, () => HttpResponse.json(state({ following: true, reason: 'manual', lastVisitAt, sinceLastVisit: since }))),
    http.post(`${PATH}/visit`, () => {
      visits.push('visit');
      // the server answers the state as it was before the visit
      const before = state({ following: true, reason: 'manual', lastVisitAt, sinceLastVisit: since });
      lastVisitAt = '2026-12-05T10:00:00.000Z';
      since = [];
      return HttpResponse.json(before);
    }),
    http.get('/api/notifications/unread', () => HttpResponse.json({ unread: 0 })),
  );
  const user = userEvent.setup({ delay: null });
  await renderApp(<Reopened />);
  // (the time as this machine's clock says it)
  const box = await screen.findByRole('region', { name: /^Depuis votre dernière visite, le 01\/12\/2026 à \d\d:45$/ });
  const lines = within(box)
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/\s/g, ' '));
  // (Intl's spaces in amounts read as spaces)
  expect(lines).toEqual([
    'paiement de 120,50 € du 3 décembre 2026 enregistré par Paul Martin',
    'la quittance d’octobre 2026 attend la signature du bailleur',
  ]);
  await waitFor(() => expect(visits).toEqual(['visit']));
  // what it said stays while the page is open (the visit is recorded: the server has nothing new now)
  expect(within(box).getAllByRole('listitem')).toHaveLength(2);

  // the person goes elsewhere and comes back (the same tab): this opening starts from that visit,
  // nothing new, nothing said again
  await user.click(screen.getByRole('button', { name: 'Ailleurs' }));
  await user.click(screen.getByRole('button', { name: 'Le sinistre' }));
  await waitFor(() => expect(visits).toEqual(['visit', 'visit']));
  expect(screen.queryByRole('region')).toBeNull();
});
