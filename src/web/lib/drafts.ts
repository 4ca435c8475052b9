/**
 * Form drafts kept in session storage, so a refresh loses nothing. A draft belongs to one user
 * (its key names them): another user of the same browser never reads it, and sign-out erases
 * every draft (sign-in erases those of other users, for a session that ended without sign-out).
 */
const PREFIX = 'pd.draft:';
const LEGACY_PREFIX = 'draft:';

const keyOf = (name: string, owner: string) => `${PREFIX}${owner.toLowerCase()}:${name}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled by the browser: no drafts, nothing breaks
  }
}

export function readDraft<T>(name: string, owner: string): T | undefined {
  try {
    const raw = storage()?.getItem(keyOf(name, owner));
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function saveDraft(name: string, owner: string, values: unknown): void {
  try {
    storage()?.setItem(keyOf(name, owner), JSON.stringify(values));
  } catch {
    // full or disabled storage: the form still works, only the draft is not kept
  }
}

export function removeDraft(name: string, owner: string): void {
  storage()?.removeItem(keyOf(name, owner));
}

/** Erases every draft, or every draft but those of `keepOwner`. */
export function clearDrafts(keepOwner?: string): void {
  const s = storage();
  if (!s) return;
  const keep = keepOwner ? `${PREFIX}${keepOwner.toLowerCase()}:` : null;
  const doomed: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key) continue;
    if ((key.startsWith(PREFIX) && !(keep && key.startsWith(keep))) || key.startsWith(LEGACY_PREFIX)) doomed.push(key);
  }
  doomed.forEach((key) => s.removeItem(key));
}
