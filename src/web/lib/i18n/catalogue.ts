/**
 * The shape of a catalogue in another language: the French one's keys, each a string. Declaring
 * `const xEn: Catalogue<typeof xFr>` makes a key missing from, or added to, one language fail to compile.
 */
export type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };
