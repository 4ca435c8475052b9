import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A success said where it was done ("novembre 2026 : mois déclaré."), for as long as it is news:
 * until the next write of this tab starts, or the data it speaks of changes (a colleague's change,
 * a payment that moved the month). `about` finds, in what the page shows now, the item the message
 * speaks of once it shows it as said (the month declared, the amount corrected), else undefined:
 * the item is remembered then, and a new version of it (the query cache keeps an unchanged item
 * the same object) ends the message.
 */
export function useOutcome<T>(about: (said: T) => unknown) {
  const [said, setSaid] = useState<{ what: T; item: unknown } | null>(null);
  const writing = useIsMutating() > 0;
  if (said) {
    const item = about(said.what);
    if (writing || (said.item !== undefined && item !== said.item)) setSaid(null);
    else if (said.item === undefined && item !== undefined) setSaid({ what: said.what, item });
  }
  return {
    said: said?.what ?? null,
    say: (what: T) => setSaid({ what, item: undefined }),
    clear: () => setSaid(null),
  };
}
