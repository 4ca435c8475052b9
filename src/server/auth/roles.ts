import type { Operation } from '../../contract/paths.js';
import type { Role } from '../../contract/session.js';

/**
 * What each role may do, enforced on every forwarded operation:
 * manager: everything; staff: projects and claims, not the organization statistics;
 * intermediary: claims, and reading the organization's active contracts and the projects of
 * their claims (no project change, no pre-score, no statistics); the project scope is enforced
 * by routes/intermediary-scope.ts.
 */
export function roleAllows(role: Role, op: Operation): boolean {
  if (role === 'manager') return true;
  if (op.id === 'getOrganizationStats') return false;
  if (role === 'staff') return true;
  if (op.area === 'claims') return true;
  return op.method === 'GET';
}

export const canUseBackOffice = (role: Role): boolean => role !== 'intermediary';
export const canReadEvents = (role: Role): boolean => role === 'manager';
export const canEditSettings = (role: Role): boolean => role === 'manager';
export const canReadAudit = (role: Role): boolean => role === 'manager';
export const canManageTeam = (role: Role): boolean => role === 'manager';
