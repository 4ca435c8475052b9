import { useQuery } from '@tanstack/react-query';
import { ProjectPaymentSchema } from '../../../../contract/projects.js';
import { apiCall } from '../../../lib/api-client.js';
import { projectKeys } from './keys.js';

export const getPayment = (id: string, signal?: AbortSignal) =>
  apiCall('GET', `/api/v3/projects/${id}/payment`, ProjectPaymentSchema, { signal });

export const usePayment = (id: string) => useQuery({ queryKey: projectKeys.payment(id), queryFn: ({ signal }) => getPayment(id, signal) });
