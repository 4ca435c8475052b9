import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { settingsFr } from './fr.js';

/** In English: the keys of fr.ts, no more, no less (checked when compiling). */
export const settingsEn: Catalogue<typeof settingsFr> = {
  settings: {
    title: 'Organization settings',
    declarant: 'Claim declarant',
    declarantHint: 'The organization’s legal information, typed once: it pre-fills every claim declaration (editable for each claim).',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Saved: the next claims will start from these details.',
    lastSaved: 'Last changed on {{date}} at {{time}} by {{name}}.',
    forbidden: 'This page is for managers only.',
  },
};
