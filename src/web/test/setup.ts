import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { en, fr } from '../app/i18n/catalogues.js';
import { addCatalogues } from '../lib/i18n.js';
import { requests, server } from './server.js';

// every catalogue at once (the app loads the features' with the first page: app/i18n/load.ts)
addCatalogues({ fr, en });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // the date pickers are a lazy part of the app (components/form/date-input.tsx): their first import
  // takes over a second here, longer than a query waits, so a test about a form's date fields found
  // them only when an earlier file had loaded them. Loaded before every file, whatever the order.
  await import('../components/form/date-picker-field.js');
});
afterEach(() => {
  cleanup();
  // drafts and the language are kept in storage: each test starts from none
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());
