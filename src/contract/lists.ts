import { z } from 'zod';
import { AssigneeSchema } from './assignees.js';
import { ClaimSchema } from './claims.js';
import { GuidSchema } from './common.js';
import { ProjectSchema } from './projects.js';

/**
 * The claims and projects lists served from the read model (the partner's lists cannot be
 * searched by tenant): searched by tenant (accents and case ignored), filtered, sorted and paged
 * by the server; each row says who looks after it (assignments.ts). Their queries are in
 * list-queries.ts, which a page reads from its address without these answers' schemas.
 */

export const ClaimRowSchema = ClaimSchema.extend({ assignee: AssigneeSchema.nullable() });
export type ClaimRow = z.infer<typeof ClaimRowSchema>;

const page = { page: z.number().int(), pageSize: z.number().int(), total: z.number().int() };

export const ClaimRowsSchema = z.object({
  items: z.array(ClaimRowSchema),
  ...page,
  /** When the oldest row behind the answer was read from the partner (ms since epoch; null: nothing read yet). */
  asOf: z.number().nullable(),
});
export type ClaimRows = z.infer<typeof ClaimRowsSchema>;

export const ProjectRowSchema = ProjectSchema.extend({
  assignee: AssigneeSchema.nullable(),
  /** The tenant's claim in progress on this project, if any (one active claim per project). */
  openClaimId: GuidSchema.nullable(),
});
export type ProjectRow = z.infer<typeof ProjectRowSchema>;

export const ProjectRowsSchema = z.object({
  items: z.array(ProjectRowSchema),
  ...page,
  asOf: z.number().nullable(),
});
export type ProjectRows = z.infer<typeof ProjectRowsSchema>;

export const LIST_PATHS = { claims: '/api/lists/claims', projects: '/api/lists/projects' } as const;
