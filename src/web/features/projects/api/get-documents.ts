import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/operations.js';
import { projectKeys } from './keys.js';

export const getDocuments = (id: string, signal?: AbortSignal) => callOperation('listProjectDocuments', { id }, { signal });

export const documentsQuery = (id: string) =>
  queryOptions({ queryKey: projectKeys.documents(id), queryFn: ({ signal }) => getDocuments(id, signal) });

export const useDocuments = (id: string) => useQuery(documentsQuery(id));
