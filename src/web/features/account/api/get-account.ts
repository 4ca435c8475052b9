import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_PATHS, AccountSchema } from '../../../../contract/account.js';
import { apiCall } from '../../../lib/api-client.js';
import { accountKeys } from './keys.js';

export const getAccount = (signal?: AbortSignal) => apiCall('GET', ACCOUNT_PATHS.account, AccountSchema, { signal });

/** My account: who I am, my sessions, my reminders. */
export const useAccount = () => useQuery(queryOptions({ queryKey: accountKeys.me(), queryFn: ({ signal }) => getAccount(signal) }));
