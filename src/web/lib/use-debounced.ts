import { useEffect, useState } from 'react';

/** How long typing pauses before what is typed is searched: a search per pause, not per key. */
export const TYPING_PAUSE_MS = 300;

/** `value` once it has stayed the same for `ms` (what was typed, once typing pauses). */
export function useDebouncedValue<T>(value: T, ms = TYPING_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A search field whose search the URL holds: the field shows the URL's search and follows it
 * (clear, back button); what is typed goes to `onSearch` (which puts it in the URL) once typing
 * pauses, and not at all if the field is back to the URL's search by then.
 */
export function useUrlSearch(search: string, onSearch: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(search);
  const [seen, setSeen] = useState(search);
  if (search !== seen) {
    // the URL changed (clear, back button, our own update): show it
    setSeen(search);
    setText(search);
  }
  const settled = useDebouncedValue(text);
  useEffect(() => {
    if (settled === text && settled !== search) onSearch(settled);
  }, [settled, text, search, onSearch]);
  return [text, setText];
}
