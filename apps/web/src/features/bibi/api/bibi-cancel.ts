import { bibi } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../../shared/api/call';
import { IdempotencyKeeper, withIdempotencyKey } from '../../../shared/api/idempotency';
import { MINE_PREFIX, WALLET_PREFIX } from './keys';

/** `bibiTradeOrder/cancel`: one of my open orders, under one Idempotency-Key per order cancelled. */
export function useBibiCancel() {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper()).current;
  return useMutation({
    mutationFn: (bibiTradeOrderId: number) => {
      const body = { bibiTradeOrderId };
      return withIdempotencyKey(keeper, body, (headers) => call(bibi.cancel, { body, headers }));
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: MINE_PREFIX });
      void queryClient.invalidateQueries({ queryKey: WALLET_PREFIX });
    },
  });
}
