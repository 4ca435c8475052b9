import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RoundReminderSettingsSchema, type RoundReminderBody } from '../../../../contract/round.js';
import { apiCall } from '../../../lib/api-client.js';

const key = ['round', 'reminders'] as const;

export const remindersQueryOptions = () =>
  queryOptions({ queryKey: key, queryFn: ({ signal }) => apiCall('GET', '/api/round/reminders', RoundReminderSettingsSchema, { signal }) });

export const useReminders = () => useQuery(remindersQueryOptions());

/** Switches the signed-in user's reminders on or off (in the UI's language); the answer is the new setting. */
export function useSetReminders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RoundReminderBody) => apiCall('PUT', '/api/round/reminders', RoundReminderSettingsSchema, { body }),
    onSuccess: (data) => qc.setQueryData(key, data),
  });
}
