import type { Page } from '@playwright/test';
import * as enums from '../src/contract/enums.js';
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES } from '../src/sandbox/seed/demo.js';
import { DEMO_USERS } from '../src/server/auth/users.js';
import { en, fr } from '../src/web/app/i18n/catalogues.js';
import { validationEn } from '../src/web/lib/i18n/validation.en.js';
import { validationFr } from '../src/web/lib/i18n/validation.fr.js';
import { PROJECT_DOCUMENT_TYPES } from '../src/contract/enums.js';

type Lang = 'fr' | 'en';

/** Every string of a catalogue (nested objects of strings), placeholders removed. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value.replace(/\{\{[^}]*\}\}/g, ' ')];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The labels of one language in the contract's enums ({ fr, en } entries). */
function labels(lang: Lang): string[] {
  const out: string[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.fr === 'string' && typeof o.en === 'string') out.push(o[lang] as string);
      else Object.values(o).forEach(visit);
    }
  };
  visit(Object.values(enums));
  visit(PROJECT_DOCUMENT_TYPES);
  return out;
}

export const wordsOf = (text: string): string[] =>
  (text.replace(/\S+@\S+/g, ' ').match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase()).filter((w) => w.length >= 4);

const vocabulary = (lang: Lang) =>
  new Set([...strings(lang === 'fr' ? [fr, validationFr] : [en, validationEn]), ...labels(lang)].flatMap(wordsOf));
const FR = vocabulary('fr');
const EN = vocabulary('en');

/**
 * The words of the UI that belong to one language only: a French word of the catalogues that no
 * English string uses, and the reverse. Built from the catalogues, so new copy is covered at once.
 * MUI's own words (grids, pickers, Autocomplete) are added: they are not in our catalogues.
 */
export const FOREIGN: Record<Lang, Set<string>> = {
  // words that must not appear in the English UI
  en: new Set([...[...FR].filter((w) => !EN.has(w)), 'lignes', 'ouvrir', 'fermer', 'trier', 'suivante', 'précédente']),
  // words that must not appear in the French UI
  fr: new Set([...[...EN].filter((w) => !FR.has(w)), 'rows', 'open', 'close', 'sort', 'next', 'previous', 'other']),
};

/**
 * The words a person reads on the page: visible text, and the names given to controls (aria-label,
 * title, placeholder). Identifiers shown as such (`code`, `translate="no"`) and text marked as another
 * language (`lang`, e.g. "English" in the language switch) are not copy.
 */
export function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip = (el: Element | null) =>
      Boolean(el?.closest('code, [translate="no"], [lang]:not(html)')) || (el instanceof HTMLElement && !el.checkVisibility());
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!skip(n.parentElement)) texts.push(n.textContent ?? '');
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder]'))
      if (!skip(el)) texts.push(['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? '').join(' '));
    return texts;
  });
}

/**
 * Data shown as it was typed, not copy: the demo users' names ("Marion Manager"), the demo tenants'
 * names ("Yasmine Petit": "petit" is also a French word of the copy), the demo organization's name
 * and one of its street names, and a rejection reason its partner wrote in French.
 */
const DATA_TEXTS = [
  ...DEMO_USERS.map((u) => u.name),
  ...DEMO_FIRST_NAMES,
  ...DEMO_LAST_NAMES,
  'Demo Agency',
  'cours Lafayette',
  'Avis d’imposition illisible : merci de le renvoyer en PDF.',
];
const withoutData = (text: string, data: readonly string[]) => [...DATA_TEXTS, ...data].reduce((t, d) => t.split(d).join(' '), text);

/**
 * The words of the page that belong to the other language, each with the text it was read in.
 * `data`: more texts that are data, not copy, such as the names of the tenants the specs made
 * ("Léa Sinistre", "Suivi390": "sinistre" and "suivi" are also French words of the copy).
 */
export async function foreignWords(page: Page, lang: Lang, data: readonly string[] = []): Promise<string[]> {
  const found = new Map<string, string>();
  for (const text of (await pageTexts(page)).map((t) => withoutData(t, data)))
    for (const w of wordsOf(text)) if (FOREIGN[lang].has(w) && !found.has(w)) found.set(w, `${w} (in “${text.trim().slice(0, 80)}”)`);
  return [...found.values()];
}
