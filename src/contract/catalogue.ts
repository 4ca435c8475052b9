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
