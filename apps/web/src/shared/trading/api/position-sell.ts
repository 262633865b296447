import { contracts } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../api/call';
import { IdempotencyKeeper, withIdempotencyKey } from '../../api/idempotency';
import { refreshAfterTrade } from '../query-keys';

/** Closes one open position at the live price, under one Idempotency-Key per confirmed close. */
export function usePositionSell() {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper()).current;
  return useMutation({
    mutationFn: (positionId: number) =>
      withIdempotencyKey(keeper, { positionId }, (headers) => call(contracts.sell, { body: { positionId }, headers })),
    onSettled: () => refreshAfterTrade(queryClient),
  });
}
