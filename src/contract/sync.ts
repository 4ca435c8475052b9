import { z } from 'zod';

/** Where the initial sync is: the projects' pages, then the claims' (each claim with its months), then done. */
export const SYNC_PHASES = ['projects', 'claims', 'done'] as const;

export const InitialSyncSchema = z.object({
  phase: z.enum(SYNC_PHASES),
  /** The next page to read in the phase (resumes there after a restart). */
  page: z.number().int().min(1),
  /** Projects and claims written so far, and how many the partner listed (0 until its list is read). */
  projects: z.object({ done: z.number().int().min(0), total: z.number().int().min(0) }),
  claims: z.object({ done: z.number().int().min(0), total: z.number().int().min(0) }),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  calls: z.number().int().min(0),
});
export type InitialSync = z.infer<typeof InitialSyncSchema>;

/** One reconciliation pass: the lists re-read, and what they show changed, then the longest unread, within the call budget; what differed counted. */
export const SyncPassSchema = z.object({
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  /** Projects and claims re-read so far in the pass. */
  done: z.number().int().min(0),
  /** What the pass found different from the read model (added, changed, gone). */
  drift: z.number().int().min(0),
  calls: z.number().int().min(0),
  errors: z.number().int().min(0),
  /** Listed, but their months or documents not read again in this pass (no room in its budget): the next pass reads them first. */
  left: z.number().int().min(0).default(0),
});
export type SyncPass = z.infer<typeof SyncPassSchema>;

export const SyncPassesSchema = z.object({
  current: SyncPassSchema.nullable(),
  last: SyncPassSchema.nullable(),
  lastError: z.object({ at: z.number(), message: z.string() }).nullable(),
});
export type SyncPasses = z.infer<typeof SyncPassesSchema>;

/** GET /api/sync/state (managers): how fresh the read model is and who keeps it. */
export const SyncStateSchema = z.object({
  initial: InitialSyncSchema,
  passes: SyncPassesSchema,
  /** The replica syncing now (null: none holds the lease). */
  holder: z.string().nullable(),
  /** The oldest read behind what lists show, ms (now minus the oldest row's read). */
  lagMs: z.number().nullable(),
  /** The configured period of a full pass, and the budget of partner calls per minute. */
  periodMs: z.number(),
  callsPerMinute: z.number(),
  now: z.number(),
});
export type SyncState = z.infer<typeof SyncStateSchema>;
