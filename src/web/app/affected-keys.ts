import type { QueryKey } from '@tanstack/react-query';
import type { PartnerEvent } from '../../contract/session.js';
import { claimKeys } from '../features/claims/api/keys.js';
import { eventKeys } from '../features/events/api/keys.js';
import { projectKeys } from '../features/projects/api/keys.js';
import { roundKeys } from '../features/round/api/get-round.js';
import { inboxKeys } from '../lib/query-keys.js';

/**
 * The query-key prefixes a partner event makes stale, built with the features' key factories (the
 * app composes features, so it may name them all): a claim event refreshes that claim and the claim
 * lists and the round's count, a project event that project and the project lists, every event the
 * inbox and the event log.
 */
export function affectedKeys(event: PartnerEvent): QueryKey[] {
  const keys: QueryKey[] = [eventKeys.all, inboxKeys.all];
  const projectId = typeof event.data.projectId === 'string' ? event.data.projectId : null;
  const claimId = typeof event.data.claimId === 'string' ? event.data.claimId : null;
  if (event.type.startsWith('project.')) {
    keys.push(projectKeys.lists());
    if (projectId) keys.push(projectKeys.detail(projectId));
  }
  if (event.type.startsWith('claim.') || event.type.startsWith('rental_debt.')) {
    keys.push(claimKeys.lists());
    // the menu's count of the round (not the round itself: a round being sent reads itself once at its end)
    keys.push(roundKeys.summary);
    if (claimId) keys.push(claimKeys.detail(claimId));
    // the project's page says whether it has an active claim
    if (event.type === 'claim.created' && projectId) keys.push(projectKeys.detail(projectId));
  }
  return keys;
}
