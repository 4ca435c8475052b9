import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import type { UnsubscribeResult } from '../../../contract/follows.js';
import { renderApp } from '../../test/render.js';
import { requests, server } from '../../test/server.js';
import UnsubscribeRoute from './unsubscribe.js';

const TOKEN = 'v1.u-ines.digest.c2lnbmF0dXJl';

test('opening the link changes nothing (a mail scanner opens links): only the button posts it, and says what it stopped', async () => {
  server.use(
    http.post('/api/unsubscribe', ({ request }) =>
      new URL(request.url).searchParams.get('t') === TOKEN
        ? HttpResponse.json({ result: 'unsubscribed', stopped: 'digest' } satisfies UnsubscribeResult)
        : HttpResponse.json({ code: 'INVALID_REQUEST', message: 'bad', requestId: 'r', details: [] }, { status: 400 }),
    ),
  );
  const user = userEvent.setup({ delay: null });
  await renderApp(<UnsubscribeRoute />, { path: `/unsubscribe?t=${TOKEN}` });
  expect(await screen.findByRole('heading', { name: 'Se désabonner des e-mails' })).toBeInTheDocument();
  expect(screen.getByText(/^Ce lien arrête, pour vous seulement, les e-mails de notification/)).toBeInTheDocument();
  const button = screen.getByRole('button', { name: 'Me désabonner' });
  // drawn, and nothing sent
  expect(requests).toEqual([]);
  await user.click(button);
  expect(await screen.findByRole('status')).toHaveTextContent('C’est fait : vous ne recevrez plus le récapitulatif quotidien.');
  expect(requests).toEqual([`POST /api/unsubscribe?t=${TOKEN}`]);
  expect(screen.getByRole('link', { name: 'Choisir mes e-mails dans mon compte' })).toHaveAttribute('href', '/account#follows');
});

test('a link already used says nothing changed, in English', async () => {
  server.use(http.post('/api/unsubscribe', () => HttpResponse.json({ result: 'already', stopped: 'urgent' } satisfies UnsubscribeResult)));
  const user = userEvent.setup({ delay: null });
  await renderApp(<UnsubscribeRoute />, { path: `/unsubscribe?t=${TOKEN}`, lang: 'en' });
  await user.click(await screen.findByRole('button', { name: 'Unsubscribe me' }));
  expect(await screen.findByRole('status')).toHaveTextContent('You had already unsubscribed from the immediate alerts: nothing changed.');
});

test('a forged link (the server refuses its signature) says it is not valid and that nothing changed', async () => {
  server.use(
    http.post('/api/unsubscribe', () =>
      HttpResponse.json({ code: 'INVALID_REQUEST', message: 'Invalid link', requestId: 'r-1', details: [] }, { status: 400 }),
    ),
  );
  const user = userEvent.setup({ delay: null });
  await renderApp(<UnsubscribeRoute />, { path: `/unsubscribe?t=${TOKEN}x` });
  await user.click(await screen.findByRole('button', { name: 'Me désabonner' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Ce lien de désabonnement n’est pas valide .*rien n’a changé/);
  expect(screen.queryByRole('button', { name: 'Me désabonner' })).toBeNull();
});

test('a link cut before its token offers no button', async () => {
  await renderApp(<UnsubscribeRoute />, { path: '/unsubscribe' });
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Ce lien de désabonnement n’est pas valide/);
  expect(screen.queryByRole('button', { name: 'Me désabonner' })).toBeNull();
  await waitFor(() => expect(requests).toEqual([]));
});
