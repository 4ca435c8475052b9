import { claimAwaits } from '../../../contract/lifecycle.js';

/**
 * The copy key of who a claim waits on, as its reader says it: the agency's documents and
 * declarations are the intermediary's own when an intermediary reads (they run their claims).
 */
export function awaitedKey(status: number, intermediary: boolean) {
  const awaits = claimAwaits(status);
  if (intermediary && (awaits === 'documents' || awaits === 'declarations')) return `claims.awaitsYou.${awaits}` as const;
  return `claims.awaits.${awaits}` as const;
}
