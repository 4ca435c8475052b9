import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DigestHourSchema,
  FOLLOW_PATHS,
  NotificationPreferencesSchema,
  type DigestHour,
  type NotificationPreferences,
} from '../../../../contract/follows.js';
import { apiCall } from '../../../lib/api-client.js';
import { followKeys } from './keys.js';

/** My e-mail choice (none, the daily digest, the urgent at once). */
export const useEmailPreference = () =>
  useQuery(
    queryOptions({
      queryKey: followKeys.preferences(),
      queryFn: ({ signal }) => apiCall('GET', FOLLOW_PATHS.preferences, NotificationPreferencesSchema, { signal }),
    }),
  );

export function useSetEmailPreference() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) => apiCall('PUT', FOLLOW_PATHS.preferences, NotificationPreferencesSchema, { body }),
    onSuccess: (saved) => qc.setQueryData(followKeys.preferences(), saved),
  });
}

/** The organization's hour of the daily digest (a manager's setting). */
export const useDigestHour = (enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: followKeys.digestHour(),
      queryFn: ({ signal }) => apiCall('GET', FOLLOW_PATHS.digestHour, DigestHourSchema, { signal }),
      enabled,
    }),
  );

export function useSetDigestHour() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DigestHour) => apiCall('PUT', FOLLOW_PATHS.digestHour, DigestHourSchema, { body }),
    onSuccess: (saved) => qc.setQueryData(followKeys.digestHour(), saved),
  });
}
