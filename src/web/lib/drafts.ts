/**
 * Form drafts kept in session storage (this tab's), so a refresh or a session that ends mid-task
 * loses nothing. A draft belongs to one user (its key names them): another user of the same browser
 * never reads it, and sign-out erases every draft (sign-in, by any way, erases those of other users,
 * for a session that ended without sign-out: it waits for its own user to come back).
 */
const PREFIX = 'pd.draft:';
const LEGACY_PREFIX = 'draft:';

/** The signed-in user whose drafts the forms keep (setDraftOwner). */
let owner: string | null = null;

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

/** Whether this tab keeps a draft for `name` of the signed-in user (a form that opens on demand opens for it). */
export function hasDraft(name: string): boolean {
  return owner !== null && readDraft(name, owner) !== undefined;
}

/** Whether this tab keeps any draft (the sign-in page says it waits for its user). */
export function hasAnyDraft(): boolean {
  const s = storage();
  if (!s) return false;
  for (let i = 0; i < s.length; i++) if (s.key(i)?.startsWith(PREFIX)) return true;
  return false;
}

/**
 * The signed-in user, whose drafts the forms keep and find: set each time the session is read, by
 * whatever way they signed in (password, single sign-on, a link). Another user's drafts are erased
 * at once, before any form can show them.
 */
export function setDraftOwner(email: string): void {
  if (owner !== email.toLowerCase()) clearDrafts(email);
  owner = email.toLowerCase();
}

/** The signed-in user whose drafts the forms keep (null: nobody, no draft is kept or read). */
export const draftOwner = (): string | null => owner;

/** Signing out: every draft of the tab erased, and none kept until someone signs in again. */
export function endDrafts(): void {
  owner = null;
  clearDrafts();
}
