import { z } from 'zod';
import { SearchHitSchema, type SearchHit } from '../../contract/global-search.js';

/**
 * The claims and projects a user last opened from the search, newest first, in this browser's
 * local storage under their own key; sign-out erases every user's (see forgetSession).
 */
const PREFIX = 'pd.recent:';
const MAX = 6;
const keyOf = (owner: string) => `${PREFIX}${owner.toLowerCase()}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readRecent(owner: string): SearchHit[] {
  try {
    const parsed = z.array(SearchHitSchema).safeParse(JSON.parse(storage()?.getItem(keyOf(owner)) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function rememberRecent(owner: string, hit: SearchHit): void {
  const kept = readRecent(owner).filter((h) => !(h.kind === hit.kind && h.id === hit.id));
  try {
    storage()?.setItem(keyOf(owner), JSON.stringify([hit, ...kept].slice(0, MAX)));
  } catch {
    // full or disabled storage: nothing remembered, nothing breaks
  }
}

/** Erases every user's recent items (sign-out). */
export function clearRecent(): void {
  const s = storage();
  if (!s) return;
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX)) keys.push(k);
  }
  for (const k of keys) s.removeItem(k);
}
