import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test, vi } from 'vitest';
import { server } from '../test/server.js';

afterEach(() => window.history.replaceState({}, '', '/'));

/**
 * The app as a page load gets it: the session preloaded by index.html is read once per load, and
 * the web suite shares its modules between files (isolate: false), so an earlier file has read it
 * already: the app's modules are loaded afresh here, with the catalogues the setup adds.
 */
async function freshApp() {
  vi.resetModules();
  const { addCatalogues, i18n } = await import('../lib/i18n.js');
  const { en, fr } = await import('./i18n/catalogues.js');
  addCatalogues({ fr, en });
  await i18n.changeLanguage('fr');
  return (await import('./provider.js')).App;
}

test('a link’s page opened signed out stays on screen: its read of the session (index.html preloads it) is no lost session', async () => {
  const App = await freshApp();
  window.history.replaceState({}, '', '/set-password#expired-token');
  let sessionAnswered = false;
  server.use(
    http.get('/api/session', () => {
      sessionAnswered = true;
      return HttpResponse.json({ code: 'UNAUTHENTICATED', message: 'no session', requestId: 'r1' }, { status: 401 });
    }),
    http.post('/api/links/inspect', () =>
      HttpResponse.json({ code: 'NOT_FOUND', message: 'no such link', requestId: 'r2' }, { status: 404 }),
    ),
  );
  render(<App />);
  expect(await screen.findByRole('heading', { name: 'Lien de connexion' }, { timeout: 10_000 })).toBeInTheDocument();
  // (the loader's read waits for its module: in a cold, busy vitest that can take more than waitFor's default second)
  await waitFor(() => expect(sessionAnswered).toBe(true), { timeout: 10_000 });
  // the "not signed in" answer has been handled: the visitor is still on the link's page, not sent to sign-in
  await new Promise((r) => setTimeout(r, 100));
  expect(window.location.pathname).toBe('/set-password');
  expect(screen.getByRole('link', { name: 'Aller à la page de connexion' })).toBeInTheDocument();
});
