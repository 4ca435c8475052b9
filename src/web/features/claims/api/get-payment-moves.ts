import { queryOptions, useQuery } from '@tanstack/react-query';
import { PaymentMoveListSchema } from '../../../../contract/payment-moves.js';
import { apiCall } from '../../../lib/api-client.js';
import { claimKeys } from './keys.js';

/** The tenant payments the partner spread again without a change to them (the server compares with what it first saw). */
export const paymentMovesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: claimKeys.paymentMoves(id),
    queryFn: ({ signal }) => apiCall('GET', `/api/claims/${id}/payment-moves`, PaymentMoveListSchema, { signal }),
  });

export const usePaymentMoves = (id: string) => useQuery(paymentMovesQueryOptions(id));
