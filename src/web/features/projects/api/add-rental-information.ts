import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ResultSchema } from '../../../../contract/common.js';
import type { RentalInfoBody } from '../../../../contract/projects.js';
import { apiCall } from '../../../lib/api-client.js';
import { projectKeys } from './keys.js';

export const addRentalInformation = ({ projectId, body }: { projectId: string; body: RentalInfoBody }) =>
  apiCall('POST', `/api/v3/projects/${projectId}/rent`, ResultSchema, { body });

export function useAddRentalInformation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addRentalInformation,
    onSuccess: (_d, v) => qc.invalidateQueries({ queryKey: projectKeys.detail(v.projectId) }),
  });
}
