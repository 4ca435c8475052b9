import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * What a page draws once its head is on screen: a detail page's title and status are drawn first,
 * then (after that frame is painted, in a transition React slices) the sections below them. A
 * phone shows the title without waiting for every form and table of the page to be built.
 * Nothing moves: the sections come below what is already there.
 */
/**
 * Runs `update` once the next frame is painted, in a transition React slices; returns the cancel
 * (an effect's cleanup). What a page draws in steps: the first step is on screen before the next
 * is built.
 */
export function afterPaint(update: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // the next frame is the one with what is drawn now; the timer runs after it is painted
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => startTransition(update));
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

export function Later({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterPaint(() => setReady(true)), []);
  return ready ? children : null;
}

/**
 * Its steps (keyed elements) one after the other, each once the one before it is painted (each its own commit,
 * in a transition): a page's sections below the first screen built in short tasks, top down, so
 * nothing drawn moves and a phone's main thread is never held by the whole page at once.
 */
export function InSteps({ steps }: { steps: ReactNode[] }) {
  const [shown, setShown] = useState(1);
  useEffect(() => (shown < steps.length ? afterPaint(() => setShown((n) => n + 1)) : undefined), [shown, steps.length]);
  return steps.slice(0, shown);
}

/**
 * A list's items a screen at a time (issue 14): the first `perScreen` in the page's commit, then,
 * each once the frame before it is painted, a screen more, in a transition. A page of lines or
 * cards below the first screen comes in short commits instead of one long one (a phone's CPU ran a
 * page of 20 MUI cards in 100-200 ms). New items (another page) are drawn the same way, from their
 * first screen. `on` false: all at once.
 */
export function useInScreens<T>(items: readonly T[], perScreen: number, on = true): readonly T[] {
  const [shown, setShown] = useState({ items, count: perScreen });
  const count = shown.items === items ? shown.count : perScreen;
  const more = on && count < items.length;
  useEffect(() => (more ? afterPaint(() => setShown({ items, count: count + perScreen })) : undefined), [more, items, count, perScreen]);
  return more ? items.slice(0, count) : items;
}
