import { bibi, type BodyOf } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../../shared/api/call';
import { IdempotencyKeeper, withIdempotencyKey } from '../../../shared/api/idempotency';
import { MINE_PREFIX, WALLET_PREFIX } from './keys';

/** `bibiTradeOrder/buy`, under one Idempotency-Key per confirmed order. */
export function useBibiBuy() {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper()).current;
  return useMutation({
    mutationFn: (body: BodyOf<typeof bibi.buy>) =>
      withIdempotencyKey(keeper, body, (headers) => call(bibi.buy, { body, headers })),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: MINE_PREFIX });
      void queryClient.invalidateQueries({ queryKey: WALLET_PREFIX });
    },
  });
}
