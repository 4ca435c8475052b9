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
