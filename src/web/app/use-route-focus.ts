import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After an in-app navigation, moves focus to the new page's main heading, so keyboard and
 * screen-reader users start on the new content (the first load keeps the browser's focus).
 * A link to a place in a page (#documents, #month-2026-05, from the inbox) scrolls to that place
 * and focuses it instead, on a first load too.
 */
export function useRouteFocus(): void {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const target = hash.length > 1 ? decodeURIComponent(hash.slice(1)) : null;
    if (first.current && !target) {
      first.current = false;
      return undefined;
    }
    first.current = false;
    let tries = 0;
    // lazy pages and their data render a moment later
    const timer = setInterval(() => {
      const el = target ? document.getElementById(target) : document.querySelector<HTMLElement>('main h1');
      if (el || ++tries > 100) {
        clearInterval(timer);
        if (el) {
          if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
          if (target) el.scrollIntoView({ block: 'center' });
          el.focus({ preventScroll: Boolean(target) });
        }
      }
    }, 50);
    return () => clearInterval(timer);
  }, [pathname, hash]);
}
