import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { IsoDateSchema } from '../../../../contract/common.js';
import { ProjectStatus } from '../../../../contract/enums.js';
import { apiCall } from '../../../lib/api-client.js';
import { useWrite } from '../../../lib/own-writes.js';
import { areaKey } from '../../../lib/query-keys.js';

export const sandboxKeys = { clock: () => ['sandbox', 'clock'] as const };

/** The back-office steps a project in each status can take (the guarantor's, the tenant's and the owner's). */
export const PROJECT_STEPS = {
  [ProjectStatus.DocumentsInValidation]: ['documents/validate', 'documents/reject'],
  [ProjectStatus.RentalInValidation]: ['rent/validate'],
  [ProjectStatus.AwaitingPayment]: ['payment/complete'],
  [ProjectStatus.AwaitingTenantSignature]: ['signatures/tenant'],
  [ProjectStatus.AwaitingOwnerSignature]: ['signatures/owner'],
} as const satisfies Partial<Record<ProjectStatus, readonly string[]>>;
export type ProjectStep = (typeof PROJECT_STEPS)[keyof typeof PROJECT_STEPS][number];

/** A back-office step on a project (the server's own route, not a partner operation); every project query is refreshed after it. */
export const useProjectStep = () =>
  useWrite({
    mutationFn: ({ projectId, step, reason }: { projectId: string; step: ProjectStep; reason?: string }) =>
      apiCall('POST', `/api/sandbox/projects/${projectId}/${step}`, z.unknown(), { body: reason ? { reason } : undefined }),
    refreshes: () => [areaKey('projects')],
  });

const ClockSchema = z.object({ today: IsoDateSchema });

export const useClock = () =>
  useQuery({ queryKey: sandboxKeys.clock(), queryFn: ({ signal }) => apiCall('GET', '/api/sandbox/clock', ClockSchema, { signal }) });

/** Moving the clock changes "today" for every date rule: the session (today) and all data are refreshed. */
export const useMoveClock = () =>
  useWrite({
    mutationFn: (advanceDays: number) => apiCall('POST', '/api/sandbox/clock', ClockSchema, { body: { advanceDays } }),
    refreshes: () => [[]],
  });
