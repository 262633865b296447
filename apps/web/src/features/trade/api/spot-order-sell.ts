import { spot } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../../shared/api/call';
import { IdempotencyKeeper, withIdempotencyKey } from '../../../shared/api/idempotency';
import { refreshAfterTrade } from '../../../shared/trading/query-keys';

/** Sells one held spot order, whole, at the live price. */
export function useSpotOrderSell() {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper()).current;
  return useMutation({
    mutationFn: (spotTradeOrderId: number) =>
      withIdempotencyKey(keeper, { spotTradeOrderId }, (headers) =>
        call(spot.sellSpotTradeOrder, { body: { spotTradeOrderId }, headers }),
      ),
    onSettled: () => refreshAfterTrade(queryClient),
  });
}
