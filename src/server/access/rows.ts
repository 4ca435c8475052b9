import { sql, type RawBuilder } from 'kysely';
import { may } from '../../contract/access.js';
import type { Role } from '../../contract/session.js';

/**
 * Which rows of the read model a reader sees: the one filter of every list, export, search and
 * the work queue (access by id is the hook's, access/plugin.ts).
 *
 * Projects (a query whose projects table is aliased `t`): every one, or the scope of a role that
 * reads its scope only (inIntermediaryScope, kept on each row as `in_scope` by the database when a
 * project or a claim is written, 018; lists/scope.test.ts holds it to the contract's rule), so a
 * page is cut from the scope's index and stays full. null: no filter.
 */
export const visibleProjects = (role: Role): RawBuilder<boolean> | null =>
  may(role, 'project.readAll') ? null : sql<boolean>`t.in_scope = 1`;
