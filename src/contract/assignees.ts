import { z } from 'zod';

/**
 * Who looks after a file, as the lists and the work queue answer it and filter by it. A module of
 * its own: the work queue's answer uses these without the lists' claim and project schemas.
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
