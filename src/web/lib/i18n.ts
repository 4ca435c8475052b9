import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../contract/enums.js';
import { dayjsLocale } from './format.js';
import { en, fr } from './messages.js';

const STORAGE_KEY = 'pd.lang';

export function initialLanguage(): Lang {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  if (stored === 'fr' || stored === 'en') return stored;
  const browser = typeof navigator !== 'undefined' ? navigator.language : 'fr';
  return browser.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** dayjs (dates shown and typed) and the page's lang attribute follow the UI language. */
function follow(lang: Lang): void {
  dayjs.locale(dayjsLocale(lang));
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

void i18n.use(initReactI18next).init({
  resources: { fr: { translation: fr }, en: { translation: en } },
  lng: initialLanguage(),
  fallbackLng: 'fr',
  interpolation: { escapeValue: false },
});
follow(i18n.language === 'en' ? 'en' : 'fr');

export function setLanguage(lang: Lang): void {
  localStorage.setItem(STORAGE_KEY, lang);
  follow(lang);
  void i18n.changeLanguage(lang);
}

export const currentLang = (): Lang => (i18n.language === 'en' ? 'en' : 'fr');

export { i18n };
