import { useQuery } from '@tanstack/react-query';
import { OrganizationStatsSchema } from '../../../../contract/stats.js';
import { apiCall } from '../../../lib/api-client.js';

export const statsKeys = { organization: () => ['stats', 'organization'] as const };

export const useOrganizationStats = (enabled: boolean) =>
  useQuery({
    queryKey: statsKeys.organization(),
    queryFn: ({ signal }) => apiCall('GET', '/api/v3/projects/stats', OrganizationStatsSchema, { signal }),
    enabled,
    refetchInterval: 60_000,
  });
