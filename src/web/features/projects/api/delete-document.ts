import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ResultSchema } from '../../../../contract/common.js';
import { apiCall } from '../../../lib/api-client.js';
import { projectKeys } from './keys.js';

export const deleteDocument = ({ projectId, documentId }: { projectId: string; documentId: string }) =>
  apiCall('DELETE', `/api/v3/projects/${projectId}/documents/${documentId}`, ResultSchema);

export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSettled: (_d, _e, v) => {
      void qc.invalidateQueries({ queryKey: projectKeys.documents(v.projectId) });
      void qc.invalidateQueries({ queryKey: projectKeys.required(v.projectId) });
    },
  });
}
