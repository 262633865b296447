import { wallet, type BodyOf } from '@kestrel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../../shared/api/call';
import { IdempotencyKeeper, withIdempotencyKey } from '../../../shared/api/idempotency';
import { MONEY_PREFIX } from './money-key';

/** Exchanges between two currencies, under one Idempotency-Key per confirmed exchange. */
export function useBalanceConvert() {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper()).current;
  return useMutation({
    mutationFn: (body: BodyOf<typeof wallet.balanceConvert>) =>
      withIdempotencyKey(keeper, body, (headers) => call(wallet.balanceConvert, { body, headers })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MONEY_PREFIX }),
  });
}
