import type { RentalInfoBody } from '../../../../contract/projects.js';
import { callOperation } from '../../../lib/operations.js';
import { useWrite } from '../../../lib/own-writes.js';
import { projectKeys } from './keys.js';

export const addRentalInformation = ({ projectId, body }: { projectId: string; body: RentalInfoBody }, write?: string) =>
  callOperation('addRentalInformation', { id: projectId }, { body, write });

/** The project moves on (rental information in validation): it and the lists are refreshed. */
export const useAddRentalInformation = () =>
  useWrite({ mutationFn: addRentalInformation, refreshes: (v) => [projectKeys.detail(v.projectId), projectKeys.lists()] });
