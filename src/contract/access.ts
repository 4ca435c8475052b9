import type { Operation } from './paths.js';
import type { Role } from './session.js';

/**
 * Who may do what: the one table of the roles' capabilities. The server declares one of these
 * actions on each route and refuses the others (server/access); the browser asks the same
 * function what to show (a page, a button, a filter). Which projects an intermediary may read
 * among those she may open is the scope (lifecycle.ts inIntermediaryScope), checked by id.
 */
const CAPABILITIES = {
  /** Read projects (an intermediary: those of her scope only). */
  'project.read': ['manager', 'staff', 'intermediary'],
  /** Read every project of the organization, not only the scope's (inIntermediaryScope). */
  'project.readAll': ['manager', 'staff'],
  /** Create, pre-score and change projects. */
  'project.change': ['manager', 'staff'],
  /** Read, open and run claims (declarations, documents, tenant payments). */
  'claim.run': ['manager', 'staff', 'intermediary'],
  /** Give a file to any colleague, see and filter by who looks after what (an intermediary only takes one or lets hers go). */
  'file.assign': ['manager', 'staff'],
  /** The organization's statistics and the claims' figures. */
  'stats.read': ['manager'],
  /** The partner's event log and the state of the sync. */
  'events.read': ['manager'],
  'audit.read': ['manager'],
  /** Change the declarant details (every role reads them: each may open a claim). */
  'settings.change': ['manager'],
  'team.manage': ['manager'],
  /** The sandbox's back office (moving a file along as the partner would). */
  'backoffice.use': ['manager', 'staff'],
  /** E-mail reminders of the monthly round (who declares for the agency). */
  'round.remind': ['manager', 'staff'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof CAPABILITIES;
export const ACTIONS = Object.keys(CAPABILITIES) as Action[];

/** What a refusal says an action is (the API's message: "The staff role cannot …"). */
export const ACTION_WORDS: Record<Action, string> = {
  'project.read': 'read projects',
  'project.readAll': 'read every project',
  'project.change': 'create or change projects',
  'claim.run': 'run claims',
  'file.assign': 'assign files to colleagues',
  'stats.read': 'read the organization’s figures',
  'events.read': 'read the event log or the state of the sync',
  'audit.read': 'read the audit trail',
  'settings.change': 'change the declarant details',
  'team.manage': 'manage the team',
  'backoffice.use': 'use the sandbox back office',
  'round.remind': 'receive the monthly round’s reminders',
};

/** Whether a role may do an action. */
export const may = (role: Role, action: Action): boolean => (CAPABILITIES[action] as readonly Role[]).includes(role);

/** What one of the partner's operations asks of the role forwarding it. */
export function operationAction(op: Pick<Operation, 'id' | 'method' | 'area'>): Action {
  if (op.id === 'getOrganizationStats') return 'stats.read';
  if (op.area === 'claims') return 'claim.run';
  return op.method === 'GET' ? 'project.read' : 'project.change';
}

/**
 * The project a forwarded operation reads, whose scope is checked by its id (its first path
 * parameter); null when it names none (the list is filtered instead, the others are changes).
 */
export const operationProject = (op: Pick<Operation, 'id' | 'area'>, params: readonly string[]): string | null =>
  op.area === 'projects' && op.id !== 'listProjects' ? (params[0] ?? null) : null;

/** Whether the work queue has project lines for a role: what waits on a project is work for those who change projects. */
export const queueHasProjects = (role: Role): boolean => may(role, 'project.change');

/** Pages some roles may not open (the others see "reserved" there); every other page is for every role. */
export const PAGE_ACTIONS: readonly { path: RegExp; action: Action }[] = [
  { path: /^\/stats(\/|$)/, action: 'stats.read' },
  { path: /^\/events(\/|$)/, action: 'events.read' },
  { path: /^\/audit(\/|$)/, action: 'audit.read' },
  { path: /^\/settings(\/|$)/, action: 'settings.change' },
  { path: /^\/team(\/|$)/, action: 'team.manage' },
  { path: /^\/projects\/new\/?$/, action: 'project.change' },
];

/** Whether a role may open a page (path with or without its query), e.g. the `next` of a sign-in made by someone else. */
export function mayOpen(role: Role, target: string): boolean {
  const path = target.split(/[?#]/)[0] ?? '/';
  return PAGE_ACTIONS.every((p) => !p.path.test(path) || may(role, p.action));
}
