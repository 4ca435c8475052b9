import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { RequiredDocumentSchema } from '../../../../contract/projects.js';
import { apiCall } from '../../../lib/api-client.js';
import { projectKeys } from './keys.js';

export const getRequiredDocuments = (id: string, signal?: AbortSignal) =>
  apiCall('GET', `/api/v3/projects/${id}/required`, z.array(RequiredDocumentSchema), { signal });

export const useRequiredDocuments = (id: string) =>
  useQuery({ queryKey: projectKeys.required(id), queryFn: ({ signal }) => getRequiredDocuments(id, signal) });
