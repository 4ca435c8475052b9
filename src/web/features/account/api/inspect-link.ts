import { queryOptions, useQuery } from '@tanstack/react-query';
import { LinkInfoSchema, TEAM_PATHS } from '../../../../contract/team.js';
import { apiCall } from '../../../lib/api-client.js';
import { accountKeys } from './keys.js';

export const inspectLink = (token: string, signal?: AbortSignal) =>
  apiCall('POST', TEAM_PATHS.linkInfo, LinkInfoSchema, { body: { token }, signal });

/** What an invitation or reset link is for (whose, until when); LINK_INVALID once used, replaced or expired. */
export const useLinkInfo = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: accountKeys.link(token),
      queryFn: ({ signal }) => inspectLink(token, signal),
      retry: false,
      staleTime: Infinity,
    }),
  );
