import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DocumentSchema } from '../../../../contract/projects.js';
import { uploadWithProgress } from '../../../lib/upload.js';
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
  return uploadWithProgress(`/api/v3/projects/${projectId}/documents`, form, DocumentSchema, onProgress);
}

export function useUploadDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSettled: (_d, _e, v) => {
      void qc.invalidateQueries({ queryKey: projectKeys.documents(v.projectId) });
      void qc.invalidateQueries({ queryKey: projectKeys.required(v.projectId) });
    },
  });
}
