import { uploadOperation } from '../../../lib/operations.js';
import { useWrite } from '../../../lib/own-writes.js';
import { projectKeys } from './keys.js';

export interface UploadInput {
  projectId: string;
  documentType: number;
  file: File;
  onProgress: (fraction: number) => void;
}

export function uploadDocument({ projectId, documentType, file, onProgress }: UploadInput) {
  const form = new FormData();
  form.append('documentType', String(documentType));
  form.append('file', file, file.name);
  return uploadOperation('addProjectDocument', { id: projectId }, form, onProgress);
}

export const useUploadDocument = () =>
  useWrite({
    mutationFn: uploadDocument,
    refreshes: (v) => [projectKeys.documents(v.projectId), projectKeys.required(v.projectId)],
  });
