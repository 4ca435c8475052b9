import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DocumentSchema } from '../../../../contract/projects.js';
import { apiCall } from '../../../lib/api-client.js';
import { projectKeys } from './keys.js';

export const getDocuments = (id: string, signal?: AbortSignal) =>
  apiCall('GET', `/api/v3/projects/${id}/documents`, z.array(DocumentSchema), { signal });

export const useDocuments = (id: string) =>
  useQuery({ queryKey: projectKeys.documents(id), queryFn: ({ signal }) => getDocuments(id, signal) });
