import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import type { FollowState, FollowedFile, FollowedPage, NotificationPreferences } from '../../../../contract/follows.js';
import { CLAIM_ID, PROJECT_ID } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { invalidRequest, recording, requests, server } from '../../../test/server.js';
import { EmailPreferenceForm } from './email-preference-form.js';
import { FollowedList } from './followed-list.js';

const file = (n: number, over: Partial<FollowedFile> = {}): FollowedFile => ({
  kind: 'claim',
  id: `6f1c8a52-3d0e-4b7a-9c1e-2a5d7b9e0${String(n).padStart(3, '0')}`,
  label: `Locataire ${n}`,
  reason: 'manual',
  followedAt: '2026-11-02T09:00:00.000Z',
  ...over,
});

test('the followed files, a page at a time, each with why and a way to stop following it', async () => {
  const first = [
    file(1, { id: CLAIM_ID, label: 'Sarah Leroy', reason: 'assigned' }),
    file(2, { kind: 'project', id: PROJECT_ID, label: 'Inès Martin', reason: 'created' }),
  ];
  const second = [file(3, { label: '', reason: 'project' })];
  server.use(
    http.get('/api/follows', ({ request }) =>
      HttpResponse.json(
        new URL(request.url).searchParams.get('cursor') === 'c-2'
          ? ({ items: second, total: 3, nextCursor: null } satisfies FollowedPage)
          : ({ items: first, total: 3, nextCursor: 'c-2' } satisfies FollowedPage),
      ),
    ),
    http.delete(`/api/follows/project/${PROJECT_ID}`, () =>
      HttpResponse.json({ following: false, reason: null, lastVisitAt: null, sinceLastVisit: [] } satisfies FollowState),
    ),
  );
  const user = userEvent.setup({ delay: null });
  await renderApp(<FollowedList />);
  expect(await screen.findByText('3 dossiers surveillés')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Sinistre Sarah Leroy' })).toHaveAttribute('href', `/claims/${CLAIM_ID}`);
  expect(screen.getByRole('link', { name: 'Projet Inès Martin' })).toHaveAttribute('href', `/projects/${PROJECT_ID}`);
  expect(screen.getByText('Vous a été attribué, depuis le 02/11/2026')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Afficher plus' }));
  // a file the read model has not read yet is named by its kind
  expect(await screen.findByRole('link', { name: 'Sinistre' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Afficher plus' })).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Ne plus surveiller Projet Inès Martin' }));
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Projet Inès Martin' })).toBeNull());
  expect(screen.getByRole('status')).toHaveTextContent('Vous ne surveillez plus ce dossier : Projet Inès Martin. 2 dossiers surveillés');
  expect(requests).toContain(`DELETE /api/follows/project/${PROJECT_ID}`);
});

test('none followed: says where the button is, in English', async () => {
  server.use(http.get('/api/follows', () => HttpResponse.json({ items: [], total: 0, nextCursor: null } satisfies FollowedPage)));
  await renderApp(<FollowedList />, { lang: 'en' });
  expect(await screen.findByText(/^You watch no file\. The “Watch” button/)).toBeInTheDocument();
});

test('the e-mail choice: the saved one checked, another saved with the contract’s shape', async () => {
  const sent: unknown[] = [];
  server.use(
    http.get('/api/notifications/preferences', () => HttpResponse.json({ email: 'digest' } satisfies NotificationPreferences)),
    http.put(
      '/api/notifications/preferences',
      recording(sent, () => HttpResponse.json(sent.at(-1) as NotificationPreferences)),
    ),
  );
  const user = userEvent.setup({ delay: null });
  await renderApp(<EmailPreferenceForm />);
  const group = await screen.findByRole('radiogroup', { name: 'Recevoir par e-mail' });
  expect(within(group).getByRole('radio', { name: /^Un récapitulatif par jour/ })).toBeChecked();
  await user.click(within(group).getByRole('radio', { name: /^Les urgences tout de suite/ }));
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Votre choix est enregistré.');
  expect(sent).toEqual([{ email: 'urgent' }]);
  expect(within(group).getByRole('radio', { name: /^Les urgences tout de suite/ })).toBeChecked();
});

test('a choice the server refuses says so on the field, in the reader’s language', async () => {
  server.use(
    http.get('/api/notifications/preferences', () => HttpResponse.json({ email: 'none' } satisfies NotificationPreferences)),
    http.put('/api/notifications/preferences', () => invalidRequest('email', { key: 'invalid', params: {} })),
  );
  const user = userEvent.setup({ delay: null });
  await renderApp(<EmailPreferenceForm />, { lang: 'en' });
  await user.click(await screen.findByRole('radio', { name: /^A daily digest/ }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  // on the field, and in the form's footer
  expect(await screen.findAllByText('Missing or invalid value.')).not.toHaveLength(0);
  expect(screen.getByRole('radiogroup', { name: 'Receive by email' }).closest('fieldset, .MuiFormControl-root')).toHaveTextContent(
    'Missing or invalid value.',
  );
  expect(screen.queryByText('Your choice is saved.')).toBeNull();
});
