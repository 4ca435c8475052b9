import { useState } from 'react';

/**
 * A question about one thing (delete this payment? deactivate this colleague?): what it is about
 * stays while the dialog closes, so its title and text keep their words through the fade-out
 * (a dialog whose title empties as it closes has no name for a screen reader), until the next
 * question replaces it.
 */
export function useQuestion<T>() {
  const [state, setState] = useState<{ about: T | null; open: boolean }>({ about: null, open: false });
  return {
    /** What the question is (or was, while it closes) about. */
    about: state.about,
    open: state.open && state.about !== null,
    ask: (about: T) => setState({ about, open: true }),
    close: () => setState((s) => ({ ...s, open: false })),
  };
}
