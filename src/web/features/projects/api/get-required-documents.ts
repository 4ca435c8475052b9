import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/operations.js';
import { projectKeys } from './keys.js';

export const getRequiredDocuments = (id: string, signal?: AbortSignal) =>
  callOperation('getProjectRequiredDocuments', { projectId: id }, { signal });

export const useRequiredDocuments = (id: string) =>
  useQuery({ queryKey: projectKeys.required(id), queryFn: ({ signal }) => getRequiredDocuments(id, signal) });
