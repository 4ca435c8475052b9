import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/operations.js';

export const statsKeys = { organization: () => ['stats', 'organization'] as const };

export const useOrganizationStats = (enabled: boolean) =>
  useQuery({
    queryKey: statsKeys.organization(),
    queryFn: ({ signal }) => callOperation('getOrganizationStats', {}, { signal }),
    enabled,
    refetchInterval: 60_000,
  });
