import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/operations.js';
import { projectKeys } from './keys.js';

export const getPayment = (id: string, signal?: AbortSignal) => callOperation('getProjectPayment', { id }, { signal });

export const usePayment = (id: string) => useQuery({ queryKey: projectKeys.payment(id), queryFn: ({ signal }) => getPayment(id, signal) });
