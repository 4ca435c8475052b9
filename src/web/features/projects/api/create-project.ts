import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProjectSchema, type ProjectCreateBody } from '../../../../contract/projects.js';
import { apiCall } from '../../../lib/api-client.js';
import { projectKeys } from './keys.js';

/** Creating is not idempotent upstream: the key makes a double submission answer the first project. */
export const createProject = ({ body, idempotencyKey }: { body: ProjectCreateBody; idempotencyKey: string }) =>
  apiCall('POST', '/api/v3/projects', ProjectSchema, { body, idempotencyKey });

export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      qc.setQueryData(projectKeys.detail(project.id), project);
      void qc.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}
