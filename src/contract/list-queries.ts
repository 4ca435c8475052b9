import { z } from 'zod';
import { AssigneeFilterSchema } from './assignees.js';
import { ClaimViewSchema } from './assignments.js';
import { GuidSchema, PageQuerySchema, repeatableInt, text } from './common.js';
import { ClaimStatusSchema, ProjectStatusSchema } from './enums.js';
import { SEARCH_MAX_LENGTH } from './limits.js';

/**
 * What the claims and projects lists are asked (lists.ts: what they answer): filters, search,
 * order and page. A module of its own: a page reads its list's query from its address without
 * the claim and project schemas of the answers.
 */

export const CLAIM_ROW_SORTS = ['tenant', '-tenant', 'opened', '-opened', 'outstanding', '-outstanding', 'status', '-status'] as const;
export type ClaimRowSort = (typeof CLAIM_ROW_SORTS)[number];

export const ClaimRowsQuerySchema = PageQuerySchema.extend({
  status: repeatableInt(ClaimStatusSchema),
  projectId: GuidSchema.optional(),
  /** The tenant's name, either way round, in part. */
  search: text(SEARCH_MAX_LENGTH).optional(),
  sort: z.enum(CLAIM_ROW_SORTS).default('-opened'),
  assignee: AssigneeFilterSchema.optional(),
  /** `mine`: the claims the reader opened or looks after; `all` (default): every claim they may see. */
  view: ClaimViewSchema.optional(),
});
export type ClaimRowsQuery = z.input<typeof ClaimRowsQuerySchema>;

export const PROJECT_ROW_SORTS = ['createDate', '-createDate', 'tenant', '-tenant', 'status', '-status'] as const;

export const ProjectRowsQuerySchema = PageQuerySchema.extend({
  status: repeatableInt(ProjectStatusSchema),
  /** The tenant's name (either way round), e-mail or the agency's reference, in part. */
  search: text(SEARCH_MAX_LENGTH).optional(),
  sort: z.enum(PROJECT_ROW_SORTS).default('-createDate'),
  assignee: AssigneeFilterSchema.optional(),
});
export type ProjectRowsQuery = z.input<typeof ProjectRowsQuerySchema>;
