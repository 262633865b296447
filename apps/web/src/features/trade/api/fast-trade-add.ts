import { fastTrade, type BodyOf } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../../shared/api/call';
import { IdempotencyKeeper, withIdempotencyKey } from '../../../shared/api/idempotency';
import { refreshAfterTrade } from '../../../shared/trading/query-keys';

/** Places a fast trade, under one Idempotency-Key per confirmed order. */
export function useFastTradeAdd() {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper()).current;
  return useMutation({
    mutationFn: (body: BodyOf<typeof fastTrade.addFastTradeOrder>) =>
      withIdempotencyKey(keeper, body, (headers) => call(fastTrade.addFastTradeOrder, { body, headers })),
    onSettled: () => refreshAfterTrade(queryClient),
  });
}
