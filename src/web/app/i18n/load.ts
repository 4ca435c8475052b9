import type { Lang } from '../../../contract/enums.js';
import { addCatalogue } from '../../lib/i18n.js';

/**
 * The features' copy is not in the first script: the router loads it, in the UI language only,
 * beside the first page's code (router.tsx), and a language switch loads the other one before the
 * UI changes language. The shell's copy (app/i18n) and the shared one (lib/i18n) come with the app.
 */
const LOAD: Record<Lang, () => Promise<object>> = {
  fr: async () => (await import('./features.fr.js')).featuresFr,
  en: async () => (await import('./features.en.js')).featuresEn,
};

const loading = new Map<Lang, Promise<void>>();

export function loadFeatureCopy(lang: Lang): Promise<void> {
  let done = loading.get(lang);
  if (!done) {
    done = LOAD[lang]().then(
      (catalogue) => addCatalogue(lang, catalogue),
      (error: unknown) => {
        loading.delete(lang); // a failed download is tried again by the next page
        throw error;
      },
    );
    loading.set(lang, done);
  }
  return done;
}
