import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to draw the place a link names (its code and data are loading). */
const WAIT_MS = 5_000;

/**
 * After an in-app navigation, moves focus to the new page's main heading, so keyboard and
 * screen-reader users start on the new content (the first load keeps the browser's focus).
 * A link to a place in a page (#documents, #month-2026-05, from the inbox) scrolls to that place
 * and focuses it instead, on a first load too. The place is taken as soon as the page draws it
 * (the page's code and its data come after the navigation): a MutationObserver, not a timer.
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
    const find = () => (target ? document.getElementById(target) : document.querySelector<HTMLElement>('main h1'));
    const take = (el: HTMLElement) => {
      if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
      if (target) el.scrollIntoView({ block: 'center' });
      el.focus({ preventScroll: Boolean(target) });
    };
    const now = find();
    if (now) {
      take(now);
      return undefined;
    }
    const observer = new MutationObserver(() => {
      const el = find();
      if (!el) return;
      stop();
      take(el);
    });
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash]);
}
