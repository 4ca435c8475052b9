import i18n, { type ParseKeys } from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import { withEveryPlural } from '../../contract/catalogue.js';
import type { Lang } from '../../contract/enums.js';
import { INTL_LOCALE } from '../../contract/numbers.js';
import { sharedEn } from './i18n/en.js';
import { sharedFr } from './i18n/fr.js';
import { formatCount } from './format.js';

/**
 * The UI language and its copy. This module holds the shared catalogue (lib/i18n: the shared
 * components' copy); the app adds the shell's and the features' (app/i18n), the forms the copy of
 * the contract's rules (validation-messages.ts), and every key is typed from them, so a missing
 * or misspelt key fails to compile.
 */
const STORAGE_KEY = 'pd.lang';
export const LANGS = ['fr', 'en'] as const satisfies readonly Lang[];

export const isLang = (value: unknown): value is Lang => LANGS.some((l) => l === value);
/** The UI language a value names (a menu's value, i18next's language): French unless it is English. */
export const toLang = (value: unknown): Lang => (isLang(value) ? value : 'fr');

export function initialLanguage(): Lang {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  if (isLang(stored)) return stored;
  const browser = typeof navigator !== 'undefined' ? navigator.language : 'fr';
  return browser.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/**
 * The page's lang attribute follows the UI language (dayjs follows it too, from lib/dates, which
 * loads with the first page that shows a date rather than with the sign-in page).
 */
function follow(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

void i18n.use(initReactI18next).init({
  // copies (i18next merges later catalogues into the objects it holds), whose counted phrases
  // answer every plural category of the language (a million in French is CLDR's "many")
  resources: {
    fr: { translation: withEveryPlural(sharedFr, INTL_LOCALE.fr) },
    en: { translation: withEveryPlural(sharedEn, INTL_LOCALE.en) },
  },
  lng: initialLanguage(),
  fallbackLng: 'fr',
  interpolation: { escapeValue: false },
});
follow(toLang(i18n.language));

/**
 * `{{count, count}}` in the copy: a whole count as the app writes counts everywhere (lib/format.ts:
 * "1 234" / "1,234"), with the app's own formatter rather than one i18next would build per call's options.
 */
i18n.services.formatter?.add('count', (value: unknown, lng: string | undefined) =>
  typeof value === 'number' ? formatCount(value, toLang(lng)) : String(value),
);

/** Adds a catalogue (the shell's, the features', app/i18n; the rules', validation-messages.ts) to the shared one. */
export function addCatalogue(lang: Lang, catalogue: object): void {
  i18n.addResourceBundle(lang, 'translation', withEveryPlural(catalogue, INTL_LOCALE[lang]), true, true);
}

export function addCatalogues(catalogues: Record<Lang, object>): void {
  for (const lang of LANGS) addCatalogue(lang, catalogues[lang]);
}

export function setLanguage(lang: Lang): void {
  localStorage.setItem(STORAGE_KEY, lang);
  follow(lang);
  void i18n.changeLanguage(lang);
}

/** The UI language now: for events, loaders and plain functions (in render, useLang). */
export const currentLang = (): Lang => toLang(i18n.language);

const onLanguageChange = (changed: () => void) => {
  i18n.on('languageChanged', changed);
  return () => i18n.off('languageChanged', changed);
};

/**
 * The UI language, read in render: a component drawn with it is drawn again when it changes. A
 * call to currentLang() in render is a read of a global the React Compiler may keep from the first
 * render (it memoizes what depends on no prop, state or hook).
 */
export const useLang = (): Lang => useSyncExternalStore(onLanguageChange, currentLang);

/** A key of the catalogues (for copy chosen in a table: a menu's entries, a step's label). */
export type MessageKey = ParseKeys;

export { i18n };
