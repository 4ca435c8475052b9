import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import type { Notification, NotificationPage } from '../../../../contract/follows.js';
import { CLAIM_ID, PROJECT_ID } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { notificationFixture } from '../../../test/follows.js';
import { requests, server } from '../../../test/server.js';
import { NotificationBell } from './notification-bell.js';
// the panel is a part loaded when the bell is first opened: loaded with this file, as the app's first opening would
import './notification-panel.js';

const note = notificationFixture;
const newest = note({ id: 'n-3' });
const older = note({
  id: 'n-2',
  kind: 'project.status',
  file: { kind: 'project', id: PROJECT_ID, label: 'Inès Martin' },
  params: { status: 7 },
  actor: null,
  createdAt: '2026-12-03T08:00:00.000Z',
});
const oldest = note({
  id: 'n-1',
  kind: 'receipt.pending',
  params: { months: ['2026-10'] },
  actor: null,
  createdAt: '2026-12-01T08:00:00.000Z',
  readAt: '2026-12-01T09:00:00.000Z',
});

/** The server: three notifications, two unread, in pages of two (newest first); what is marked read is read. */
function notifications() {
  const all = [newest, older, oldest];
  const unread = () => all.filter((n) => n.readAt === null).length;
  server.use(
    http.get('/api/notifications/unread', () => HttpResponse.json({ unread: unread() })),
    http.get('/api/notifications', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      const from = cursor ? all.findIndex((n) => n.id === cursor) + 1 : 0;
      const items = all.slice(from, from + 2);
      const more = from + 2 < all.length;
      return HttpResponse.json({
        items,
        unread: unread(),
        nextCursor: more ? (items.at(-1)?.id ?? null) : null,
      } satisfies NotificationPage);
    }),
    http.post('/api/notifications/:id/read', ({ params }) => {
      const i = all.findIndex((n) => n.id === params.id);
      if (i >= 0) all[i] = { ...all[i], readAt: '2026-12-05T10:00:00.000Z' } as Notification;
      return HttpResponse.json({ unread: unread() });
    }),
    http.post('/api/notifications/read-all', () => {
      for (let i = 0; i < all.length; i++) all[i] = { ...all[i], readAt: all[i]?.readAt ?? '2026-12-05T10:00:00.000Z' } as Notification;
      return HttpResponse.json({ unread: 0 });
    }),
  );
}

const spaced = (s: string | null) => s?.replace(/\s/g, ' ');

test('the bell says how many are unread; its list, newest first and paged, opens a file and marks that one read', async () => {
  notifications();
  const user = userEvent.setup({ delay: null });
  const view = await renderApp(<NotificationBell />);
  const bell = await screen.findByRole('button', { name: 'Notifications, 2 non lues' });
  await user.click(bell);
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  // the focus is in the panel
  await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
  const list = await within(panel).findByRole('list', { name: 'Notifications' });
  // (the hours as this machine's clock says them; Intl's spaces in amounts read as spaces)
  expect(
    within(list)
      .getAllByRole('link')
      .map((a) => spaced(a.textContent)),
  ).toEqual([
    expect.stringMatching(
      /^Sinistre Sarah Leroy : paiement de 200,00 € du 3 décembre 2026 enregistré par Samuel Staff \(Non lue\)04\/12\/2026 à \d\d:30$/,
    ),
    expect.stringMatching(/^Projet Inès Martin : garantie active \(Non lue\)03\/12\/2026 à \d\d:00$/),
  ]);
  // the next page, from the cursor of the last one
  await user.click(within(panel).getByRole('button', { name: 'Afficher plus' }));
  expect(await within(list).findByRole('link', { name: /^Sinistre Sarah Leroy : la quittance d’octobre 2026 attend/ })).toHaveAttribute(
    'href',
    `/claims/${CLAIM_ID}`,
  );
  expect(within(panel).queryByRole('button', { name: 'Afficher plus' })).toBeNull();
  expect(requests).toContain('GET /api/notifications?limit=20&cursor=n-2');

  // the project's line opens the project and is read
  await user.click(within(list).getByRole('link', { name: /^Projet Inès Martin/ }));
  expect(view.location()).toBe(`/projects/${PROJECT_ID}`);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(requests).toContain('POST /api/notifications/n-2/read');
  expect(await screen.findByRole('button', { name: 'Notifications, 1 non lue' })).toBeInTheDocument();
});

test('“Tout marquer comme lu” reads them all; Escape closes the list and gives the focus back to the bell', async () => {
  notifications();
  const user = userEvent.setup({ delay: null });
  await renderApp(<NotificationBell />);
  await user.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  expect(await within(panel).findAllByText(/\(Non lue\)/)).toHaveLength(2);
  await user.click(within(panel).getByRole('button', { name: 'Tout marquer comme lu' }));
  await waitFor(() => expect(within(panel).queryByText(/\(Non lue\)/)).toBeNull());
  // still where the focus was (a disabled button would have dropped it out of the panel), said unavailable
  expect(within(panel).getByRole('button', { name: 'Tout marquer comme lu' })).toHaveAttribute('aria-disabled', 'true');
  expect(requests).toContain('POST /api/notifications/read-all');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const bell = screen.getByRole('button', { name: 'Notifications' });
  await waitFor(() => expect(bell).toHaveFocus());
});

test('in English, with nothing yet: "Notifications", and the list says how to get some', async () => {
  server.use(
    http.get('/api/notifications/unread', () => HttpResponse.json({ unread: 0 })),
    http.get('/api/notifications', () => HttpResponse.json({ items: [], unread: 0, nextCursor: null } satisfies NotificationPage)),
  );
  const user = userEvent.setup({ delay: null });
  await renderApp(<NotificationBell />, { lang: 'en' });
  await user.click(await screen.findByRole('button', { name: 'Notifications' }));
  expect(await screen.findByText('No notifications. Watch a file to be told what changes on it.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Mark all read' })).toHaveAttribute('aria-disabled', 'true');
});

test('in sandbox mode its times are said to be the real ones, not the sandbox clock’s the header shows', async () => {
  notifications();
  const user = userEvent.setup({ delay: null });
  await renderApp(<NotificationBell realTime />);
  await user.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  expect(await within(panel).findByText(/^Heures réelles/)).toBeInTheDocument();
});
