import type { ClaimStatus } from '../../../contract/enums.js';

export type Awaited = 'documents' | 'validation' | 'declarations' | 'procedure' | 'none';

/** What a claim in each status waits for, and from whom (the claim lifecycle of spec 1). */
export function awaitedFor(status: ClaimStatus): Awaited {
  if (status === 0 || status === 5 || status === 10) return 'documents';
  if (status === 20) return 'validation';
  if (status === 30) return 'declarations';
  if (status >= 140) return 'none';
  return 'procedure';
}
