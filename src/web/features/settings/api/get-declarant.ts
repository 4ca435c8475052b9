import { queryOptions, useQuery } from '@tanstack/react-query';
import { DeclarantSchema } from '../../../../contract/settings.js';
import { apiCall } from '../../../lib/api-client.js';
import { settingsKeys } from './keys.js';

export const getDeclarant = (signal?: AbortSignal) => apiCall('GET', '/api/settings/declarant', DeclarantSchema, { signal });

export const declarantQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.declarant(), queryFn: ({ signal }) => getDeclarant(signal), staleTime: 60_000 });

/** The organization's declarant details (null until a manager saves them). */
export const useDeclarant = () => useQuery(declarantQueryOptions());
