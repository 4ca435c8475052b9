import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { searchFr } from './fr.js';

/** In English: the keys of fr.ts, no more, no less (checked when compiling). */
export const searchEn: Catalogue<typeof searchFr> = {
  search: {
    open: 'Search',
    openHint: 'Search (Ctrl+K)',
    title: 'Find a file',
    field: 'Tenant, e-mail, address, reference or number',
    close: 'Close',
    results: 'Results',
    claims: 'Claims',
    projects: 'Projects',
    recent: 'Recently opened',
    noRecent: 'Type a name, an e-mail, an address or a reference.',
    none: 'No file matches “{{q}}”.',
    searching: 'Searching…',
    found_one: '{{count}} file found',
    found_other: '{{count}} files found',
    failed: 'The search did not go through.',
    retry: 'Retry',
    outstanding: '{{amount}} outstanding',
    rent: 'Rent {{amount}}',
    noRent: 'Rent not given yet',
    asOf: 'Data as of {{date}}',
    keys: '↑ ↓ to choose, Enter to open, Esc to close',
  },
};
