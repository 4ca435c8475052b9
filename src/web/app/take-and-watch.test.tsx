import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import type { Assignment } from '../../contract/assignments.js';
import type { FollowState } from '../../contract/follows.js';
import { AssigneeControl } from '../features/assignments/components/assignee-control.js';
import { FollowButton } from '../features/follows/components/follow-button.js';
import { CLAIM_ID } from '../test/fixtures.js';
import { renderApp } from '../test/render.js';
import { server } from '../test/server.js';

/** A claim's page holds both: who looks after it, and whether I watch it. */
test('taking a claim ("Je m’en occupe") makes its watch button say so at once: the server watches it for her', async () => {
  let taken = false;
  const assignment = (): Assignment =>
    taken
      ? {
          assignee: { id: 'u-ines', name: 'Inès Intermédiaire' },
          assignedBy: { id: 'u-ines', name: 'Inès Intermédiaire' },
          assignedAt: '2026-12-08T09:00:00.000Z',
          mine: true,
        }
      : { assignee: null, assignedBy: null, assignedAt: null, mine: false };
  const watch = (): FollowState => ({ following: taken, reason: taken ? 'assigned' : null, lastVisitAt: null, sinceLastVisit: [] });
  server.use(
    http.get(`/api/assignments/claim/${CLAIM_ID}`, () => HttpResponse.json(assignment())),
    http.put(`/api/assignments/claim/${CLAIM_ID}`, () => {
      taken = true;
      return HttpResponse.json(assignment());
    }),
    http.get(`/api/follows/claim/${CLAIM_ID}`, () => HttpResponse.json(watch())),
  );
  const user = userEvent.setup({ delay: null });
  await renderApp(
    <>
      <FollowButton kind="claim" id={CLAIM_ID} />
      <AssigneeControl kind="claim" id={CLAIM_ID} role="intermediary" />
    </>,
  );
  expect(await screen.findByRole('button', { name: 'Surveiller', pressed: false })).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: 'Je m’en occupe' }));
  expect(await screen.findByRole('button', { name: 'Surveillé', pressed: true })).toBeInTheDocument();
});
