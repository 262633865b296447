import { contracts, type BodyOf } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../../shared/api/call';
import { IdempotencyKeeper, withIdempotencyKey } from '../../../shared/api/idempotency';
import { refreshAfterTrade } from '../../../shared/trading/query-keys';

/** Opens a long or short position, under one Idempotency-Key per confirmed order. */
export function usePositionBuy() {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper()).current;
  return useMutation({
    mutationFn: (body: BodyOf<typeof contracts.buy>) =>
      withIdempotencyKey(keeper, body, (headers) => call(contracts.buy, { body, headers })),
    onSettled: () => refreshAfterTrade(queryClient),
  });
}
