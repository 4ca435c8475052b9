import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After an in-app navigation, moves focus to the new page's main heading, so keyboard and
 * screen-reader users start on the new content (the first load keeps the browser's focus).
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    let tries = 0;
    // lazy pages render their heading a moment later
    const timer = setInterval(() => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading || ++tries > 40) {
        clearInterval(timer);
        if (heading) {
          heading.tabIndex = -1;
          heading.focus({ preventScroll: false });
        }
      }
    }, 50);
    return () => clearInterval(timer);
  }, [pathname]);
}
