import { z } from 'zod';
import { GuidSchema } from './common.js';
import { ruleError } from './rules.js';
import type { Role } from './session.js';

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

/** In a PUT's body, the signed-in user themselves (an intermediary takes a file without knowing their id). */
export const ASSIGN_ME = 'me';

/** PUT: the colleague (users.id, or `me`) who looks after the file from now on, or null for nobody. */
export const AssignmentBodySchema = z.object({
  userId: z.string({ error: ruleError }).min(1, { error: ruleError }).max(64, { error: ruleError }).nullable(),
});
export type AssignmentBody = z.infer<typeof AssignmentBodySchema>;

export const AssignmentSchema = z.object({
  assignee: ColleagueSchema.nullable(),
  /** Who assigned it and when (ISO 8601), null when nobody looks after it. */
  assignedBy: ColleagueSchema.nullable(),
  assignedAt: z.string().nullable(),
  /** Whether the one asking looks after it. */
  mine: z.boolean(),
});
export type Assignment = z.infer<typeof AssignmentSchema>;

/** Who looks after a file, seen from the one who would change it. */
export type AssignmentSide = 'me' | 'other' | 'nobody';

/**
 * Who may change who looks after a file (the server enforces it, the page offers what it allows):
 * staff and managers give it to any colleague who may see it, or to nobody; an intermediary takes a
 * file nobody looks after (or already theirs), and lets go of their own, never a colleague's.
 */
export function mayChangeAssignment(role: Role, change: { to: AssignmentSide; current: AssignmentSide }): boolean {
  if (role !== 'intermediary') return true;
  return (change.to === 'me' && change.current !== 'other') || (change.to === 'nobody' && change.current === 'me');
}

/**
 * Which claims a list shows: `all` that the role may see, or `mine`, the ones the reader opened
 * through the dashboard or looks after (an intermediary's default view).
 */
export const CLAIM_VIEWS = ['all', 'mine'] as const;
export const ClaimViewSchema = z.enum(CLAIM_VIEWS, { error: ruleError });
export type ClaimView = z.infer<typeof ClaimViewSchema>;

/** The view a list opens on for a role when its address names none. */
export const defaultClaimView = (role: Role): ClaimView => (role === 'intermediary' ? 'mine' : 'all');

export const ASSIGNMENT_PATHS = {
  colleagues: '/api/colleagues',
  assignment: '/api/assignments/:kind/:id',
  of: (kind: AssignedKind, id: string) => `/api/assignments/${kind}/${id}`,
} as const;
