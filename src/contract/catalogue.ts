/**
 * The words of the dashboard, in catalogues per language read by i18next, the browser's and the
 * server's alike: nested objects of strings with `{{placeholders}}`, a counted phrase as `key_one`
 * / `key_other`. Declaring `const xEn: Catalogue<typeof xFr>` makes a key missing from, or added
 * to, one language fail to compile; a test compares what each language says with catalogueEntries
 * and placeholdersOf (same keys, same placeholders, no empty copy).
 */
export type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

export type CatalogueTree = { readonly [key: string]: string | CatalogueTree };

/** Every key of a catalogue with its copy: ["digest.subjectDay", "Today is the declaration day: {{due}}"]… */
export const catalogueEntries = (t: CatalogueTree, prefix = ''): [string, string][] =>
  Object.entries(t).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : catalogueEntries(v, `${prefix}${k}.`),
  );

/** The placeholders a copy names, sorted: "{{count, count}} of {{claims}}" → ["claims", "count"]. */
export const placeholdersOf = (s: string): string[] => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1] ?? '').sort();

type Plural = `${string}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`;
type WithoutPlural<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

/** The keys of a catalogue as t() takes them: "digest.subjectDay"; a counted phrase without its suffix ("digest.claims"). */
export type CatalogueKey<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? K extends Plural
      ? `${Prefix}${WithoutPlural<K>}`
      : `${Prefix}${K}`
    : CatalogueKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * A copy of a catalogue whose counted phrases also answer the locale's other plural categories with
 * their `_other` copy: French calls 1 000 000 "many" (CLDR), which a catalogue of `_one` / `_other`
 * would otherwise not find, and i18next would then show the key itself. Both sides give i18next
 * their catalogues through here.
 */
export function withEveryPlural(tree: object, locale: string): Record<string, unknown> {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const copy = (node: object): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] = value !== null && typeof value === 'object' ? copy(value as object) : value;
      if (typeof value !== 'string' || !key.endsWith('_other')) continue;
      const base = key.slice(0, -'_other'.length);
      for (const c of categories) if (!(`${base}_${c}` in node)) out[`${base}_${c}`] = value;
    }
    return out;
  };
  return copy(tree);
}
