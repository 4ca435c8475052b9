import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { en, fr } from '../app/i18n/catalogues.js';
import { addCatalogues } from '../lib/i18n.js';

// every catalogue at once (the app loads the features' with the first page: app/i18n/load.ts)
addCatalogues({ fr, en });

afterEach(() => cleanup());
