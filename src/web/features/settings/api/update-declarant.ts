import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeclarantSchema, type DeclarantBody } from '../../../../contract/settings.js';
import { apiCall } from '../../../lib/api-client.js';
import { settingsKeys } from './keys.js';

export const updateDeclarant = (body: DeclarantBody) => apiCall('PUT', '/api/settings/declarant', DeclarantSchema, { body });

/** Saves the declarant details; the answer is what every claim form starts from next. */
export function useUpdateDeclarant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateDeclarant,
    onSuccess: (saved) => qc.setQueryData(settingsKeys.declarant(), saved),
  });
}
