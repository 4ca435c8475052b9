/**
 * Letters that Unicode does not decompose into a base letter and a mark (NFKD leaves "Ł" whole),
 * written as a person without that key on their keyboard types them.
 */
const BASE: Record<string, string> = {
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ø: 'o',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};

/**
 * A name as searched: case, accents, letters such as "ł" and "ø", spaces and punctuation do not
 * count ("lukasz" finds "Łukasz", "obrien" finds "O'Brien", "jean pierre" finds "Jean-Pierre").
 */
export function foldForSearch(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łđðøħıŀßæœþ]/g, (c) => BASE[c] ?? c)
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * A folded query as a SQL LIKE pattern that finds it anywhere in a folded field. LIKE's own
 * characters are not letters there (foldForSearch keeps none of them; dropped again for safety).
 */
export const likeOfFolded = (folded: string): string => `%${folded.replace(/[\\%_]/g, '')}%`;
