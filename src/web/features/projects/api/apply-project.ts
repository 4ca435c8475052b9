import { callOperation } from '../../../lib/operations.js';
import { useWrite } from '../../../lib/own-writes.js';
import { projectKeys } from './keys.js';

export const applyProject = (projectId: string, write?: string) => callOperation('applyProject', { id: projectId }, { write });

/** The documents go to validation: the project and the lists are refreshed. */
export const useApplyProject = () =>
  useWrite({ mutationFn: applyProject, refreshes: (id: string) => [projectKeys.detail(id), projectKeys.lists()] });
