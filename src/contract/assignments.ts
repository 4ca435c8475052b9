import { z } from 'zod';
import { GuidSchema } from './common.js';
import { ruleError } from './rules.js';

/**
 * Who looks after a file: a project or a claim is assigned to one active colleague,
 * kept by the dashboard. Staff and managers assign; intermediaries read.
 */
export const ASSIGNED_KINDS = ['project', 'claim'] as const;
export const AssignedKindSchema = z.enum(ASSIGNED_KINDS, { error: ruleError });
export type AssignedKind = z.infer<typeof AssignedKindSchema>;

export const AssignmentParamsSchema = z.object({ kind: AssignedKindSchema, id: GuidSchema });
export type AssignmentParams = z.infer<typeof AssignmentParamsSchema>;

/** A colleague as the select shows them: the users.id and the name. */
export const ColleagueSchema = z.object({ id: z.string(), name: z.string() });
export type Colleague = z.infer<typeof ColleagueSchema>;
/** The active colleagues, and which of them is the one asking ("me" in the select). */
export const ColleaguesSchema = z.object({ colleagues: z.array(ColleagueSchema), me: z.string() });
export type Colleagues = z.infer<typeof ColleaguesSchema>;

/** PUT: the colleague (users.id) who looks after the file from now on, or null for nobody. */
export const AssignmentBodySchema = z.object({
  userId: z.string({ error: ruleError }).min(1, { error: ruleError }).max(64, { error: ruleError }).nullable(),
});
export type AssignmentBody = z.infer<typeof AssignmentBodySchema>;

export const AssignmentSchema = z.object({
  assignee: ColleagueSchema.nullable(),
  /** Who assigned it and when (ISO 8601), null when nobody looks after it. */
  assignedBy: ColleagueSchema.nullable(),
  assignedAt: z.string().nullable(),
});
export type Assignment = z.infer<typeof AssignmentSchema>;

export const ASSIGNMENT_PATHS = {
  colleagues: '/api/colleagues',
  assignment: '/api/assignments/:kind/:id',
  of: (kind: AssignedKind, id: string) => `/api/assignments/${kind}/${id}`,
} as const;
