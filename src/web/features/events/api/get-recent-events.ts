import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PartnerEventSchema } from '../../../../contract/session.js';
import { apiCall } from '../../../lib/api-client.js';
import { eventKeys } from './keys.js';

export const getRecentEvents = (signal?: AbortSignal) => apiCall('GET', '/api/events/recent', z.array(PartnerEventSchema), { signal });

export const recentEventsQueryOptions = () =>
  queryOptions({ queryKey: eventKeys.recent(), queryFn: ({ signal }) => getRecentEvents(signal) });

/** Managers only: another role is told so without asking the server (which would answer 403). */
export const useRecentEvents = (enabled = true) => useQuery({ ...recentEventsQueryOptions(), enabled });
