import { waitFor } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { createQueryClient } from '../lib/query-client.js';
import { buildRouter, type AppRouter } from './router.js';

let router: AppRouter | undefined;
afterEach(() => router?.dispose());

test('the router is built without navigating; its first navigation starts when main.tsx starts it, in a later task', async () => {
  window.history.replaceState({}, '', '/nowhere?x=1');
  router = buildRouter(createQueryClient());
  // built: the routes and the history, nothing loading (createBrowserRouter would be loading the page by now)
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(router.state.initialized).toBe(false);
  expect(router.state.navigation.state).toBe('idle');
  expect(router.state.location.pathname).toBe('/nowhere');
  router.initialize();
  await waitFor(() => expect(router?.state.initialized).toBe(true), { timeout: 5_000 });
  expect(router.state.matches.map((m) => m.route.path)).toEqual(['*']);
  expect(router.state.location.search).toBe('?x=1');
});
