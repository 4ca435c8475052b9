/**
 * Sign-in and sign-out told to every tab of the browser: the session cookie is shared by the tabs,
 * so a tab that still shows the previous user would act as the next one (an upload from it is
 * recorded under the new user's name). BroadcastChannel where the browser has it, else a
 * localStorage write (its `storage` event reaches the other tabs, never the writer).
 */
export type SessionNews = { kind: 'signed-out' } | { kind: 'signed-in'; email: string };

const CHANNEL = 'pd.session';
const STORAGE_KEY = 'pd.session-news';

function parse(raw: unknown): SessionNews | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const o = raw as Record<string, unknown>;
  if (o.kind === 'signed-out') return { kind: 'signed-out' };
  if (o.kind === 'signed-in' && typeof o.email === 'string') return { kind: 'signed-in', email: o.email };
  return null;
}

/**
 * This tab's one channel, to tell and to listen: a BroadcastChannel delivers a message to every
 * other channel object of the name, never to the one that posts it. (A new object for each telling
 * made the tab hear its own sign-in: on the set-password page under load that news came before
 * the page had moved on, and the tab reloaded as if another tab had signed in.)
 */
let shared: BroadcastChannel | undefined;
const channel = (): BroadcastChannel | null =>
  typeof BroadcastChannel === 'undefined' ? null : (shared ??= new BroadcastChannel(CHANNEL));

/** Tells the other tabs (never this one). */
export function tellOtherTabs(news: SessionNews): void {
  const c = channel();
  if (c) {
    c.postMessage(news);
    return;
  }
  try {
    // a nonce makes each write a change, so the same news twice is still an event
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...news, at: `${Date.now()}-${Math.random()}` }));
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage disabled: the other tabs learn it at their next call (401) or reload
  }
}

/** Listens to what the other tabs tell; answers the unsubscribe. */
export function onOtherTabNews(fn: (news: SessionNews) => void): () => void {
  const c = channel();
  if (c) {
    const onMessage = (m: MessageEvent<unknown>) => {
      const news = parse(m.data);
      if (news) fn(news);
    };
    c.addEventListener('message', onMessage);
    return () => c.removeEventListener('message', onMessage);
  }
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEY || !e.newValue) return;
    try {
      const news = parse(JSON.parse(e.newValue));
      if (news) fn(news);
    } catch {
      // not ours
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
