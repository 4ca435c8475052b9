import type { ProjectCreateBody } from '../../../../contract/projects.js';
import { callOperation } from '../../../lib/operations.js';
import { useWrite } from '../../../lib/own-writes.js';
import { projectKeys } from './keys.js';

/** Creating is not idempotent upstream: the key makes a double submission answer the first project. */
export const createProject = ({ body, idempotencyKey }: { body: ProjectCreateBody; idempotencyKey: string }, write?: string) =>
  callOperation('createProject', {}, { body, idempotencyKey, write });

/** The new project is put where its page reads it; the lists are refreshed. */
export const useCreateProject = () =>
  useWrite({
    mutationFn: createProject,
    refreshes: () => [projectKeys.lists()],
    patch: (qc, project) => {
      qc.setQueryData(projectKeys.detail(project.id), project);
      return [projectKeys.detail(project.id)];
    },
  });
