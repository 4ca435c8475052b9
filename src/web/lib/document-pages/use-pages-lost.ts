import { useEffect, useState } from 'react';

const PREFIX = 'document-pages-open:';

/**
 * Pages live in this tab's memory only. A phone may drop the tab while its camera is open: the
 * pages are then lost, and the reloaded page says so. This tab's session storage keeps only the
 * fact that pages were being taken for `key` (no picture, no name), removed as soon as they are
 * sent, cleared or the page is left; a desk browser also asks before the tab is closed.
 */
export function usePagesLost(key: string, hasPages: boolean): boolean {
  const storageKey = PREFIX + key;
  const [lost] = useState(() => sessionStorage.getItem(storageKey) !== null);
  useEffect(() => {
    if (!hasPages) {
      sessionStorage.removeItem(storageKey);
      return;
    }
    sessionStorage.setItem(storageKey, '1');
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => {
      window.removeEventListener('beforeunload', ask);
      // leaving the page within the app (or signing out) drops the pages knowingly: nothing to report later
      sessionStorage.removeItem(storageKey);
    };
  }, [storageKey, hasPages]);
  return lost;
}
