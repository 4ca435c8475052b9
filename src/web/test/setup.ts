import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { en, fr } from '../app/i18n/catalogues.js';
import { addCatalogues } from '../lib/i18n.js';
import { requests, server } from './server.js';

// every catalogue at once (the app loads the features' with the first page: app/i18n/load.ts)
addCatalogues({ fr, en });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  // drafts and the language are kept in storage: each test starts from none
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());
