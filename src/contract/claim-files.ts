import { z } from 'zod';
import { GuidSchema, TimestampSchema } from './common.js';

/**
 * Files sent to a claim through the dashboard (GET /api/claims/{claimId}/files). The partner API
 * lists required documents but not the files received, so the dashboard server records each
 * upload the partner accepted: what was sent, when and by whom.
 */
export const ClaimFileSchema = z.object({
  id: GuidSchema,
  claimId: GuidSchema,
  documentType: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  comment: z.string().nullable(),
  uploadedAt: TimestampSchema,
  /** Name of the dashboard user who sent it. */
  uploadedBy: z.string(),
});
export type ClaimFile = z.infer<typeof ClaimFileSchema>;

/** At most this many files are answered, newest first; `total` says how many exist. */
export const CLAIM_FILES_MAX = 100;
export const ClaimFileListSchema = z.object({ items: z.array(ClaimFileSchema).max(CLAIM_FILES_MAX), total: z.number().int() });
export type ClaimFileList = z.infer<typeof ClaimFileListSchema>;
