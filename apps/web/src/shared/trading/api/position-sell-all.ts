import { contracts } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../api/call';
import { IdempotencyKeeper, withIdempotencyKey } from '../../api/idempotency';
import { refreshAfterTrade } from '../query-keys';

/** Closes all my open positions (optionally of one product); the answer lists what stayed open and why. */
export function usePositionSellAll() {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper()).current;
  return useMutation({
    mutationFn: (productCode: string | undefined) => {
      const body = productCode ? { productCode } : {};
      return withIdempotencyKey(keeper, body, (headers) => call(contracts.sellAll, { body, headers }));
    },
    onSettled: () => refreshAfterTrade(queryClient),
  });
}
