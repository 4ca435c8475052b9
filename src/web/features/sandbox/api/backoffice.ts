import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IsoDateSchema } from '../../../../contract/common.js';
import { apiCall } from '../../../lib/api-client.js';

export const sandboxKeys = { clock: () => ['sandbox', 'clock'] as const };

export const PROJECT_STEPS = {
  0: [],
  1: ['documents/validate', 'documents/reject'],
  3: ['rent/validate'],
  4: ['payment/complete'],
  5: ['signatures/tenant'],
  6: ['signatures/owner'],
} as const satisfies Partial<Record<number, readonly string[]>>;
export type ProjectStep = (typeof PROJECT_STEPS)[keyof typeof PROJECT_STEPS][number];

/** A back-office step on a project; every project query is refreshed after it. */
export function useProjectStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, step, reason }: { projectId: string; step: ProjectStep; reason?: string }) =>
      apiCall('POST', `/api/sandbox/projects/${projectId}/${step}`, z.unknown(), { body: reason ? { reason } : undefined }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['projects'] }),
  });
}

const ClockSchema = z.object({ today: IsoDateSchema });

export const useClock = () =>
  useQuery({ queryKey: sandboxKeys.clock(), queryFn: ({ signal }) => apiCall('GET', '/api/sandbox/clock', ClockSchema, { signal }) });

/** Moving the clock changes "today" for every date rule: the session (today) and all data are refreshed. */
export function useMoveClock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (advanceDays: number) => apiCall('POST', '/api/sandbox/clock', ClockSchema, { body: { advanceDays } }),
    onSuccess: () => qc.invalidateQueries(),
  });
}
