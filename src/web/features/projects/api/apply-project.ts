import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ResultSchema } from '../../../../contract/common.js';
import { apiCall } from '../../../lib/api-client.js';
import { projectKeys } from './keys.js';

export const applyProject = (projectId: string) => apiCall('POST', `/api/v3/projects/${projectId}/apply`, ResultSchema);

export function useApplyProject() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: applyProject, onSettled: (_d, _e, id) => qc.invalidateQueries({ queryKey: projectKeys.detail(id) }) });
}
