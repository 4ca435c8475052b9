import type { QueryKey } from '@tanstack/react-query';
import type { PartnerEvent } from '../../../contract/session.js';

/**
 * The query-key prefixes a partner event makes stale. Keys follow area → kind → params, so a
 * claim event refreshes that claim and the claim lists, a project event that project and the lists.
 * Written with literal prefixes so this feature imports no other feature.
 */
export function affectedKeys(event: PartnerEvent): QueryKey[] {
  // every event may add or settle something in the work inbox
  const keys: QueryKey[] = [['events'], ['inbox']];
  const projectId = typeof event.data.projectId === 'string' ? event.data.projectId : null;
  const claimId = typeof event.data.claimId === 'string' ? event.data.claimId : null;
  if (event.type.startsWith('project.')) {
    keys.push(['projects', 'list']);
    if (projectId) keys.push(['projects', 'detail', projectId]);
  }
  if (event.type.startsWith('claim.') || event.type.startsWith('rental_debt.')) {
    keys.push(['claims', 'list']);
    if (claimId) keys.push(['claims', 'detail', claimId]);
    if (event.type === 'claim.created' && projectId) keys.push(['projects', 'detail', projectId]);
  }
  return keys;
}
