import { useMutation } from '@tanstack/react-query';
import { FOLLOW_PATHS, UnsubscribeResultSchema } from '../../../../contract/follows.js';
import { apiCall } from '../../../lib/api-client.js';

/**
 * Posts an e-mail's unsubscribe link (its signed token): the one write of the page, sent only when
 * the person presses the button (a mail scanner that opens the link changes nothing).
 */
export const unsubscribe = (token: string) =>
  apiCall('POST', `${FOLLOW_PATHS.unsubscribe}?${new URLSearchParams({ t: token }).toString()}`, UnsubscribeResultSchema);

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
