import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { syncFr } from './fr.js';

/** In English: the keys of fr.ts, no more, no less (checked when compiling). */
export const syncEn: Catalogue<typeof syncFr> = {
  sync: {
    title: 'Sync with the partner',
    initialRunning: 'First sync in progress: {{projects}} of {{projectsTotal}} projects, {{claims}} of {{claimsTotal}} claims.',
    initialDone: 'First sync finished on {{date}}.',
    lastPass: 'Last re-read on {{date}} — differences repaired: {{drift}}; errors: {{errors}}.',
    left_one: '{{count, count}} file left for want of partner calls: the next re-read reads it first.',
    left_other: '{{count, count}} files left for want of partner calls: the next re-read reads them first.',
    noPass: 'No re-read yet (one every {{minutes}} min, at most {{calls}} calls a minute).',
    current: 'Re-read in progress: {{done}} files re-read.',
    lag: 'The data shown was read at most {{minutes}} min ago.',
    lastError: 'Last error on {{date}}: {{message}}',
  },
};
