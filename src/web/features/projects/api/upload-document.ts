import { useQueryClient } from '@tanstack/react-query';
import { uploadOperation } from '../../../lib/operations.js';
import { useWrite } from '../../../lib/own-writes.js';
import { documentsQuery } from './get-documents.js';
import { projectKeys } from './keys.js';

export interface UploadInput {
  projectId: string;
  documentType: number;
  file: File;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

export function uploadDocument({ projectId, documentType, file, onProgress, signal }: UploadInput, write?: string) {
  const form = new FormData();
  form.append('documentType', String(documentType));
  form.append('file', file, file.name);
  return uploadOperation('addProjectDocument', { id: projectId }, form, onProgress, signal, write);
}

export const useUploadDocument = () =>
  useWrite({
    mutationFn: uploadDocument,
    refreshes: (v) => [projectKeys.documents(v.projectId), projectKeys.required(v.projectId)],
  });

/** Whether the project already lists this file for this type (read afresh): an upload cut after its last byte may have arrived. */
export function useDocumentThere(projectId: string, documentType: number) {
  const qc = useQueryClient();
  return async (file: File) => {
    const documents = await qc.fetchQuery({ ...documentsQuery(projectId), staleTime: 0 });
    return documents.some((d) => d.documentType === documentType && d.fileName === file.name && d.size === file.size);
  };
}
