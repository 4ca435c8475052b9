import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { INBOX_KINDS, type InboxLine } from '../../../contract/inbox.js';
import { renderApp } from '../../test/render.js';
import { server } from '../../test/server.js';
import InboxRoute from './inbox.js';

const session = {
  user: { email: 'staff@demo-agency.fr', name: 'Samuel Staff', role: 'staff' },
  mode: 'live',
  today: '2026-06-15',
  csrfToken: 't',
};

const guid = (i: number) => `5d1e2f3a-4b5c-4d6e-8f70-${String(i).padStart(12, '0')}`;
const lines: InboxLine[] = Array.from({ length: 30 }, (_, i) => ({
  area: 'claim',
  kind: 'claim.receipts',
  claimId: guid(i),
  projectId: guid(100 + i),
  tenant: { firstName: 'Locataire', lastName: `N${i + 1}` },
  since: '2026-05-01',
  days: 45,
  months: null,
  receipts: { count: 1, oldest: '2026-04-01' },
  documents: null,
}));

// a phone's screen (jsdom's has no height)
beforeEach(() => Object.defineProperty(window.screen, 'height', { value: 844, configurable: true }));
afterEach(() => {
  Reflect.deleteProperty(window.screen, 'height');
  vi.restoreAllMocks();
});

test('the work queue draws the lines of the first screen first, then a screen more per painted frame, the pages with the last', async () => {
  server.use(
    http.get('/api/session', () => HttpResponse.json(session)),
    http.get('/api/inbox', () =>
      HttpResponse.json({
        generatedAt: '2026-06-15T08:00:00.000Z',
        today: '2026-06-15',
        lines,
        page: 1,
        pageSize: 30,
        total: 60,
        counts: Object.fromEntries(INBOX_KINDS.map((k) => [k, k === 'claim.receipts' ? 60 : 0])),
        areas: { claims: 60, projects: 0 },
      }),
    ),
  );
  // the browser's frames, painted when the test says
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
  await renderApp(<InboxRoute />);
  const drawn = () => within(screen.getByRole('list', { name: /\(60\)$/ })).queryAllByRole('listitem').length;
  await waitFor(() => expect(drawn()).toBeGreaterThan(0), { timeout: 10_000 });
  const firstScreen = drawn();
  // a screen's worth (844 px of lines at most 110 px high), not the page's 30
  expect(firstScreen).toBe(Math.ceil(844 / 110));
  expect(screen.queryByRole('navigation', { name: 'Pages de la liste' })).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(drawn()).toBe(firstScreen);
  frames.splice(0).forEach((frame) => frame(performance.now()));
  // a screen more once that frame is painted, and so on
  await waitFor(() => expect(drawn()).toBe(2 * firstScreen), { timeout: 10_000 });
  await waitFor(
    () => {
      frames.splice(0).forEach((frame) => frame(performance.now()));
      expect(drawn()).toBe(lines.length);
    },
    { timeout: 10_000 },
  );
  // in order, each once
  const group = within(screen.getByRole('list', { name: /\(60\)$/ }));
  expect(group.getAllByText(/^Locataire N\d+$/).map((t) => t.textContent)).toEqual(
    lines.map((l) => `${l.tenant.firstName} ${l.tenant.lastName}`),
  );
  expect(screen.getByRole('navigation', { name: 'Pages de la liste' })).toBeInTheDocument();
});
