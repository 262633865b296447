import { spot, type BodyOf } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../../shared/api/call';
import { IdempotencyKeeper, withIdempotencyKey } from '../../../shared/api/idempotency';
import { refreshAfterTrade } from '../../../shared/trading/query-keys';

/** Buys a quantity at the live price, under one Idempotency-Key per confirmed order. */
export function useSpotOrderAdd() {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper()).current;
  return useMutation({
    mutationFn: (body: BodyOf<typeof spot.addSpotTradeOrder>) =>
      withIdempotencyKey(keeper, body, (headers) => call(spot.addSpotTradeOrder, { body, headers })),
    onSettled: () => refreshAfterTrade(queryClient),
  });
}
