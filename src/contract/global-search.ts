import { z } from 'zod';
import { TEXT_MAX } from './limits.js';

/** GET /api/search?q=&limit=: what was typed (accents, case and punctuation do not count) and how many hits per kind. */
export const GlobalSearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(TEXT_MAX.search),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export type GlobalSearchQuery = z.input<typeof GlobalSearchQuerySchema>;

export const SEARCH_KINDS = ['claim', 'project'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SearchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  /** A claim's project; a project's own id. */
  projectId: z.string(),
  tenant: z.object({ firstName: z.string(), lastName: z.string() }),
  email: z.string(),
  address: z.string(),
  reference: z.string().nullable(),
  status: z.number().int(),
  /** The key figure: a claim's outstanding amount, a project's rent (null before its rental information). */
  amount: z.number().nullable(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const GlobalSearchSchema = z.object({
  claims: z.array(SearchHitSchema),
  projects: z.array(SearchHitSchema),
  /** When the oldest of these hits was read from the partner (ms since 1970; null: no hit). */
  asOf: z.number().nullable(),
});
export type GlobalSearch = z.infer<typeof GlobalSearchSchema>;
