import { startTransition, useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of a box, for a chart drawn at that width. Without one, MUI X's chart measures its
 * box in a layout effect and draws itself a second time, synchronously, in the same task: a long
 * task on a phone, during which a tap goes unanswered. Here the box is measured when it is laid out
 * and again when it is resized, and the width is given in a transition: React draws the chart in
 * slices. `null` until the box is measured (draw a placeholder of the chart's height meanwhile).
 */
export function useBoxWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number | null] {
  const box = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const measured = (w: number) => startTransition(() => setWidth(Math.floor(w)));
    if (typeof ResizeObserver === 'undefined') {
      measured(el.clientWidth);
      return undefined;
    }
    const observer = new ResizeObserver(([entry]) => {
      if (entry) measured(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [box, width];
}
