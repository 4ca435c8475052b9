import { callOperation } from '../../../lib/operations.js';
import { useWrite } from '../../../lib/own-writes.js';
import { projectKeys } from './keys.js';

export const deleteDocument = ({ projectId, documentId }: { projectId: string; documentId: string }, write?: string) =>
  callOperation('deleteProjectDocument', { id: projectId, documentId }, { write });

export const useDeleteDocument = () =>
  useWrite({
    mutationFn: deleteDocument,
    refreshes: (v) => [projectKeys.documents(v.projectId), projectKeys.required(v.projectId)],
  });
