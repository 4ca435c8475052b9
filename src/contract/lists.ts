import { z } from 'zod';
import { ClaimViewSchema } from './assignments.js';
import { ClaimSchema } from './claims.js';
import { GuidSchema, PageQuerySchema, repeatableInt, text } from './common.js';
import { ClaimStatusSchema, ProjectStatusSchema } from './enums.js';
import { ProjectSchema } from './projects.js';

/**
 * The claims and projects lists served from the read model (the partner's lists cannot be
 * searched by tenant): searched by tenant (accents and case ignored), filtered, sorted and paged
 * by the server; each row says who looks after it (assignments.ts).
 */

/** `me`, or a colleague's users.id: only the files assigned to them. */
export const AssigneeFilterSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Must be "me" or a user id.' });
export type AssigneeFilter = z.infer<typeof AssigneeFilterSchema>;

/** Who looks after a file (null: nobody yet). */
export const AssigneeSchema = z.object({ id: z.string(), name: z.string() });
export type Assignee = z.infer<typeof AssigneeSchema>;

export const CLAIM_ROW_SORTS = ['tenant', '-tenant', 'opened', '-opened', 'outstanding', '-outstanding', 'status', '-status'] as const;
export type ClaimRowSort = (typeof CLAIM_ROW_SORTS)[number];

export const ClaimRowsQuerySchema = PageQuerySchema.extend({
  status: repeatableInt(ClaimStatusSchema),
  projectId: GuidSchema.optional(),
  /** The tenant's name, either way round, in part. */
  search: text(100).optional(),
  sort: z.enum(CLAIM_ROW_SORTS).default('-opened'),
  assignee: AssigneeFilterSchema.optional(),
  /** `mine`: the claims the reader opened or looks after; `all` (default): every claim they may see. */
  view: ClaimViewSchema.optional(),
});
export type ClaimRowsQuery = z.input<typeof ClaimRowsQuerySchema>;

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

export const PROJECT_ROW_SORTS = ['createDate', '-createDate', 'tenant', '-tenant', 'status', '-status'] as const;

export const ProjectRowsQuerySchema = PageQuerySchema.extend({
  status: repeatableInt(ProjectStatusSchema),
  /** The tenant's name (either way round), e-mail or the agency's reference, in part. */
  search: text(100).optional(),
  sort: z.enum(PROJECT_ROW_SORTS).default('-createDate'),
  assignee: AssigneeFilterSchema.optional(),
});
export type ProjectRowsQuery = z.input<typeof ProjectRowsQuerySchema>;

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
