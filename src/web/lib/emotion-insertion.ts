/**
 * Where emotion (MUI's styling engine) writes a component's styles into the page (issue 14).
 * `@emotion/use-insertion-effect-with-fallbacks` is aliased to this module (scripts/emotion-insertion.ts).
 *
 * emotion writes them in React's insertion effects: in the commit, the one step React never
 * slices. A page's first commit then wrote every rule of the page (stylis' compile and the CSSOM's
 * insertRule: ~230 ms with a 4x slower CPU on /projects) in one task, blocking taps. Here a styled
 * element's styles are written while it renders, as emotion does without insertion effects (React
 * 17): a transition's render is sliced into ~5 ms tasks, so the writing is too. The rules are the
 * same and each is written once (emotion's cache); a render React drops leaves an unused rule.
 * Global styles keep the insertion effect (CssBaseline's, written once, removed when it unmounts).
 */
import { useInsertionEffect } from 'react';

/** emotion's `css`/`styled` elements: the styles are written when the element renders. */
export function useInsertionEffectAlwaysWithSyncFallback<T>(create: () => T): T {
  return create();
}

/** emotion's `<Global>`: an insertion effect, as emotion's own module does with React 18 and later. */
export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
