import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client.js';
import { authKeys } from './keys.js';

const ModeSchema = z.object({ mode: z.enum(['sandbox', 'live']) });
type Mode = z.infer<typeof ModeSchema>;

export const getMode = () => apiCall('GET', '/api/mode', ModeSchema);

/**
 * The mode the server wrote into the page (server/static.ts, `<meta name="pd-mode">`): the sign-in
 * page shows the sandbox's notice in its first frame instead of after asking. Absent (a page not
 * served by the dashboard server, e.g. tests), the query asks /api/mode.
 */
export function modeFromPage(): Mode | undefined {
  if (typeof document === 'undefined') return undefined;
  const parsed = ModeSchema.shape.mode.safeParse(document.querySelector('meta[name="pd-mode"]')?.getAttribute('content'));
  return parsed.success ? { mode: parsed.data } : undefined;
}

export const getModeQueryOptions = () =>
  queryOptions({ queryKey: authKeys.mode(), queryFn: getMode, initialData: modeFromPage, staleTime: Infinity });

export const useMode = () => useQuery(getModeQueryOptions());
