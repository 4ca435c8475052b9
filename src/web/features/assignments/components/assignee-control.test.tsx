import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import type { Assignment } from '../../../../contract/assignments.js';
import { CLAIM_ID } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { recording, server } from '../../../test/server.js';
import { AssigneeControl } from './assignee-control.js';

const PATH = `/api/assignments/claim/${CLAIM_ID}`;
const nobody: Assignment = { assignee: null, assignedBy: null, assignedAt: null, mine: false };
const hers: Assignment = {
  assignee: { id: 'u-ines', name: 'Inès Intermédiaire' },
  assignedBy: { id: 'u-ines', name: 'Inès Intermédiaire' },
  assignedAt: '2026-06-15T09:00:00.000Z',
  mine: true,
};

test('an intermediary takes a claim nobody looks after, then may let go of it', async () => {
  const sent: unknown[] = [];
  let now = nobody;
  server.use(
    http.get(PATH, () => HttpResponse.json(now)),
    http.put(
      PATH,
      recording(sent, () => {
        now = (sent.at(-1) as { userId: string | null }).userId === 'me' ? hers : nobody;
        return HttpResponse.json(now);
      }),
    ),
  );
  const user = userEvent.setup({ delay: null });
  await renderApp(<AssigneeControl kind="claim" id={CLAIM_ID} role="intermediary" />);
  expect(await screen.findByText('Suivi par : Personne')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Je m’en occupe' }));
  expect(await screen.findByText('Suivi par : Inès Intermédiaire (vous)')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Vous suivez ce dossier.');
  await user.click(screen.getByRole('button', { name: 'Ne plus suivre' }));
  expect(await screen.findByText('Suivi par : Personne')).toBeInTheDocument();
  expect(sent).toEqual([{ userId: 'me' }, { userId: null }]);
});

test('a claim a colleague looks after stays theirs: no button for the intermediary', async () => {
  server.use(
    http.get(PATH, () =>
      HttpResponse.json({ ...hers, assignee: { id: 'u-staff', name: 'Samuel Staff' }, mine: false } satisfies Assignment),
    ),
  );
  await renderApp(<AssigneeControl kind="claim" id={CLAIM_ID} role="intermediary" />, { lang: 'en' });
  expect(await screen.findByText('Looked after by: Samuel Staff')).toBeInTheDocument();
  expect(screen.queryByRole('button')).toBeNull();
});
