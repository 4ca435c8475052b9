import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Session } from '../../contract/session.js';
import { inboxFixture } from '../test/fixtures.js';
import { renderApp } from '../test/render.js';
import { FakeEventSource } from '../test/event-source.js';
import { countOf, server } from '../test/server.js';
import { quietFollows } from '../test/follows.js';
import { AppLayout } from './layout.js';

// the page's follow button and the bell, beside what these tests are about
beforeEach(() => server.use(...quietFollows()));
afterEach(() => vi.unstubAllGlobals());

const session: Session = {
  user: { email: 'staff@demo-agency.fr', name: 'Camille Staff', role: 'staff' },
  mode: 'live',
  today: '2026-11-22',
  csrfToken: 'csrf',
};
const inbox = inboxFixture({
  generatedAt: '2026-11-22T08:00:00.000Z',
  today: '2026-11-22',
  pageSize: 20,
  total: 5,
  areas: { claims: 3, projects: 2 },
});

// jsdom has no matchMedia: the layout is the phone's (title, menu button, navigation in a drawer)
test('on a phone the inbox is read when the menu opens (its badges are there), not with the header', async () => {
  server.use(
    http.get('/api/inbox', () => HttpResponse.json(inbox)),
    http.get('/api/round/summary', () => HttpResponse.json({ claims: 0, monthsDue: 0 })),
  );
  await renderApp(
    <AppLayout session={session}>
      <h1>Page</h1>
    </AppLayout>,
  );
  expect(await screen.findByRole('heading', { name: 'Page' })).toBeInTheDocument();
  // the header drew; nothing it shows needs the inbox
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(countOf('GET', '/api/inbox')).toBe(0);
  await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
  expect(await screen.findByRole('link', { name: /^Sinistres.*\(3 à traiter\)$/ })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /^Projets.*\(2 à traiter\)$/ })).toBeInTheDocument();
  await waitFor(() => expect(countOf('GET', '/api/inbox')).toBe(1));
});

test("the round's badge counts what the round lists (its summary), not the work queue's lines", async () => {
  // the work queue counts one claim with a month due before today; the round also lists the months due today
  server.use(
    http.get('/api/inbox', () => HttpResponse.json({ ...inbox, counts: { ...inbox.counts, 'claim.months': 1 } })),
    http.get('/api/round/summary', () => HttpResponse.json({ claims: 2, monthsDue: 3 })),
  );
  await renderApp(
    <AppLayout session={session}>
      <h1>Page</h1>
    </AppLayout>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Menu' }));
  expect(await screen.findByRole('link', { name: /^Déclarations.*\(3 à traiter\)$/ })).toBeInTheDocument();
});

test("the account link is called by the person's name; the manager's menu holds the organization's pages", async () => {
  server.use(
    http.get('/api/inbox', () => HttpResponse.json(inbox)),
    http.get('/api/round/summary', () => HttpResponse.json({ claims: 0, monthsDue: 0 })),
  );
  await renderApp(
    <AppLayout session={{ ...session, user: { email: 'manager@demo-agency.fr', name: 'Claire Dupont', role: 'manager' } }}>
      <h1>Page</h1>
    </AppLayout>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Menu' }));
  expect(await screen.findByRole('link', { name: 'Claire Dupont · Responsable, mon compte' })).toHaveAttribute('href', '/account');
  const organization = screen.getByRole('navigation', { name: 'Organisation' });
  for (const [name, href] of [
    ['Équipe', '/team'],
    ['Audit', '/audit'],
    ['Événements', '/events'],
    ['Paramètres', '/settings'],
  ])
    expect(within(organization).getByRole('link', { name })).toHaveAttribute('href', href);
});

test('staff have no organization pages in their menu', async () => {
  server.use(
    http.get('/api/inbox', () => HttpResponse.json(inbox)),
    http.get('/api/round/summary', () => HttpResponse.json({ claims: 0, monthsDue: 0 })),
  );
  await renderApp(
    <AppLayout session={session}>
      <h1>Page</h1>
    </AppLayout>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Menu' }));
  expect(await screen.findByRole('link', { name: 'Camille Staff · Collaborateur, mon compte' })).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Organisation' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Audit' })).toBeNull();
});

test('in sandbox mode the header says the sandbox’s day once, for every page; live, no such mark', async () => {
  server.use(
    http.get('/api/inbox', () => HttpResponse.json(inbox)),
    http.get('/api/round/summary', () => HttpResponse.json({ claims: 0, monthsDue: 0 })),
  );
  const view = await renderApp(
    <AppLayout session={{ ...session, mode: 'sandbox', today: '2027-02-05' }}>
      <h1>Page</h1>
    </AppLayout>,
  );
  const banner = screen.getByRole('banner');
  const mark = within(banner).getByText('Bac à sable · 05/02/2027').closest('[title]');
  expect(mark?.getAttribute('title')).toMatch(/^Date du bac à sable : 05\/02\/2027\. .*heure réelle\.$/);
  view.unmount();
  await renderApp(
    <AppLayout session={session}>
      <h1>Page</h1>
    </AppLayout>,
    { lang: 'en' },
  );
  expect(within(screen.getByRole('banner')).queryByText(/Sandbox/)).toBeNull();
});

test('the bell counts what is unread and follows the live stream without a reload, saying a new count once, politely', async () => {
  vi.stubGlobal('EventSource', FakeEventSource);
  server.use(
    http.get('/api/notifications/unread', () => HttpResponse.json({ unread: 3 })),
    http.get('/api/inbox', () => HttpResponse.json(inbox)),
    http.get('/api/round/summary', () => HttpResponse.json({ claims: 0, monthsDue: 0 })),
  );
  await renderApp(
    <AppLayout session={session}>
      <h1>Page</h1>
    </AppLayout>,
  );
  const banner = screen.getByRole('banner');
  expect(await within(banner).findByRole('button', { name: 'Notifications, 3 non lues' })).toBeInTheDocument();
  // the first reading is no news: nothing is said
  // what the bell's polite live region says (it is no status of the page: a page keeps its own)
  const region = screen.getByTestId('unread-announcement');
  expect(region).toHaveAttribute('aria-live', 'polite');
  const said = () => [region.textContent].filter(Boolean);
  expect(said()).toEqual([]);
  // a colleague's payment on a followed claim: the stream says the new count
  act(() => FakeEventSource.current?.emitAs('notifications', { unread: 4 }));
  expect(await within(banner).findByRole('button', { name: 'Notifications, 4 non lues' })).toBeInTheDocument();
  expect(said()).toEqual(['4 notifications non lues']);
  // the same count again (another tab read nothing) changes nothing said
  act(() => FakeEventSource.current?.emitAs('notifications', { unread: 4 }));
  expect(said()).toEqual(['4 notifications non lues']);
  act(() => FakeEventSource.current?.emitAs('notifications', { unread: 0 }));
  expect(await within(banner).findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  expect(said()).toEqual(['Aucune notification non lue']);
});
