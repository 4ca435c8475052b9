import type { Catalogue } from '../../lib/i18n/catalogue.js';
import { sharedEn } from '../../lib/i18n/en.js';
import { sharedFr } from '../../lib/i18n/fr.js';
import type { validationFr } from '../../lib/i18n/validation.fr.js';
import { appEn } from './en.js';
import { featuresEn } from './features.en.js';
import { featuresFr } from './features.fr.js';
import { appFr } from './fr.js';

/**
 * Every catalogue of the UI, per language: the shared one (lib/i18n) and the shell's (here), which
 * come with the app; the features' (features/x/i18n, gathered in features.fr/en), which come with
 * the first page (load.ts); the contract's rules' (lib/i18n/validation), which come with the forms.
 * Each defines its own top-level sections (catalogues.test.ts). i18next's types read the French
 * ones: `t('a.b')` compiles only for a key they have. The app does not import this file (tests do).
 */
export const fr = { ...sharedFr, ...appFr, ...featuresFr };
export const en: Catalogue<typeof fr> = { ...sharedEn, ...appEn, ...featuresEn };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof fr & typeof validationFr };
    // `{{count, count}}`: a whole count (lib/i18n.ts)
    interpolationFormatTypeMap: { count: number };
  }
}
