import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * What a page draws once its head is on screen: a detail page's title and status are drawn first,
 * then (after that frame is painted, in a transition React slices) the sections below them. A
 * phone shows the title without waiting for every form and table of the page to be built.
 * Nothing moves: the sections come below what is already there.
 */
export function Later({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // the next frame is the one with the head; the timer runs after it is painted
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setReady(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ready ? children : null;
}
