import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A heavy part of a form below the first screen (a date picker), built when the user comes to it
 * (issue 14): once its place is within a screen's height of the screen, or as soon as focus enters
 * the form around it. Until then an empty box of its size keeps its place, so nothing moves. A
 * phone loading the page does not build (and lay out, in the same task) what it does not show.
 */
export function WhenNear({ children, space }: { children: ReactNode; space: SxProps<Theme> }) {
  // no observer (an old browser, a test's DOM): built at once
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = place.current;
    if (near || !el) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    // the keyboard reaches the form (its first field): the next Tab goes to this one
    const form = el.closest('form');
    const focused = () => setNear(true);
    form?.addEventListener('focusin', focused);
    return () => {
      observer.disconnect();
      form?.removeEventListener('focusin', focused);
    };
  }, [near]);
  return near ? children : <Box ref={place} aria-hidden sx={space} />;
}

/** Runs `run` when the browser is idle (or within a second); returns the cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

/**
 * A heavy part of a page that is not a form's (a chart), built once a quarter of its place is on
 * the screen (issue 14), when the browser is next idle (after what the page is drawing then), or
 * at once when `now` (the keyboard reached it). Not a screen ahead, as WhenNear: on a phone the
 * claim's chart starts just below the first screen, and a page load that is not scrolled must not
 * build it. Until then `space`, of its size, keeps its place.
 */
export function WhenShown({ children, space, now = false }: { children: ReactNode; space: ReactNode; now?: boolean }) {
  // no observer (an old browser, a test's DOM): built at once
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = place.current;
    if (shown || now || !el) return undefined;
    let cancel: (() => void) | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (cancel || !entries.some((e) => e.isIntersecting && e.intersectionRatio >= SHOWN_SHARE)) return;
        observer.disconnect();
        cancel = whenIdle(() => startTransition(() => setShown(true)));
      },
      { threshold: SHOWN_SHARE },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancel?.();
    };
  }, [shown, now]);
  return shown || now ? children : <div ref={place}>{space}</div>;
}

/** The share of a part's place that must be on screen for WhenShown to build it. */
const SHOWN_SHARE = 0.25;
